import { INVENTORY_SEARCH_FIELDS, inventorySearch, type InventorySearchField } from '@tradeboard/shared/contracts';
import { api, type UserResultValue } from '@tradeboard/shared/web';
import { accountSummaryHref, addressLine, inventoryDetailHref, searchAccounts, type AccountKind, type SearchOperator } from '../api/accountSearch.ts';
import { contactLine, contactSummaryHref, searchContacts } from '../api/contactSearch.ts';
import { canSeeContacts, canSeeInventory, canSeeSuppliers, jumpAccountTypes } from '../api/userAccess.ts';
import { searchDocuments } from '../documents/documentSearch.ts';

export type ResultKind = 'documents' | 'customers' | 'shipTos' | 'prospects' | 'corporates' | 'contacts' | 'suppliers' | 'items';
export type SearchResult = { key: string; title: string; id: string; subtitle: string; href: string };
export type ResultGroup = { kind: ResultKind; label: string; results: SearchResult[]; error?: unknown };

/** A source of results for the full search and the palette. */
type Source = { kind: ResultKind; label: string; run: (text: string, limit: number, signal: AbortSignal) => Promise<SearchResult[]> };

const ACCOUNT_GROUPS: ReadonlyArray<{ kind: ResultKind; type: AccountKind; label: string }> = [
  { kind: 'customers', type: 'Customer', label: 'Customers' },
  { kind: 'shipTos', type: 'ShipTo', label: 'Ship-tos' },
  { kind: 'prospects', type: 'Prospect', label: 'Prospects' },
  { kind: 'corporates', type: 'Corporate', label: 'Corporates' },
];

function accountSource(kind: ResultKind, type: AccountKind, label: string): Source {
  return {
    kind,
    label,
    run: async (text, limit, signal) =>
      (await searchAccounts(type, text, 'Contains', signal, limit)).map((hit) => ({
        key: `${hit.accountType}|${hit.company}|${hit.accountId}`,
        title: hit.accountName,
        id: hit.accountId,
        subtitle: [`Company ${hit.company}`, addressLine(hit), hit.branchName ?? hit.branch].filter(Boolean).join(' · '),
        href: accountSummaryHref(hit),
      })),
  };
}

const contactSource: Source = {
  kind: 'contacts',
  label: 'Contacts',
  run: async (text, limit, signal) =>
    (await searchContacts(text, limit, signal)).map((contact) => ({
      key: `contact|${contact.company}|${contact.contact}`,
      title: contact.contactName,
      id: contact.contact,
      subtitle: contactLine(contact),
      href: contactSummaryHref(contact),
    })),
};

/** How the items are searched (seed 000 §9): in which of the 13 item search fields, with which operator. */
export type ItemSearchOptions = { field: InventorySearchField; operator: SearchOperator };
export const DEFAULT_ITEM_SEARCH: ItemSearchOptions = { field: 'Item Number + Description', operator: 'Contains' };

/** Item search options from the search page's address (itemField, itemOperator); the defaults for anything else. */
export function itemSearchOptions(params: URLSearchParams): ItemSearchOptions {
  const field = params.get('itemField');
  const operator = params.get('itemOperator');
  return {
    field: (INVENTORY_SEARCH_FIELDS as readonly string[]).includes(field ?? '') ? (field as InventorySearchField) : DEFAULT_ITEM_SEARCH.field,
    operator: ['Contains', 'Exact', 'BeginsWith', 'EndsWith'].includes(operator ?? '') ? (operator as SearchOperator) : DEFAULT_ITEM_SEARCH.operator,
  };
}

function itemSource(options: ItemSearchOptions): Source {
  return {
    kind: 'items',
    label: 'Items',
    run: async (text, limit, signal) => {
      const result = await api.call(inventorySearch, {
        query: { inStockOnly: false, inventorySearchField: options.field },
        body: { searchString: text, searchOperator: options.operator, pageSize: limit, sortBy: 'itemNumber', sortDir: 'asc' },
        signal,
      });
      return result.rows.map((row) => ({
        key: `item|${row.company}|${row.itemNumber}`,
        title: row.description,
        id: row.itemNumber,
        subtitle: [`Company ${row.company}`, `${row.qtyAvailable.toLocaleString('en-US')} available`, row.supplierName, row.shortCode && `Short code ${row.shortCode}`].filter(Boolean).join(' · '),
        href: inventoryDetailHref(row.itemNumber),
      }));
    },
  };
}

/**
 * The kinds a user may search, in the order shown (seed: customers, ship-tos, prospects,
 * corporates, contacts, suppliers, items), each within the user's data scope (the calls apply it).
 */
export function searchSources(user: UserResultValue | null, items: ItemSearchOptions = DEFAULT_ITEM_SEARCH): Source[] {
  const types = new Set(jumpAccountTypes(user));
  const sources: Source[] = [];
  // Issue 24: documents by number (invoice, order, quote, PO) come first when the text is one.
  sources.push({ kind: 'documents', label: 'Documents', run: (text, _limit, signal) => searchDocuments(text, canSeeSuppliers(user), signal) });
  sources.push(...ACCOUNT_GROUPS.filter((group) => types.has(group.type as never)).map((group) => accountSource(group.kind, group.type, group.label)));
  if (canSeeContacts(user)) sources.push(contactSource);
  if (canSeeSuppliers(user)) sources.push(accountSource('suppliers', 'Supplier', 'Suppliers'));
  if (canSeeInventory(user)) sources.push(itemSource(items));
  return sources;
}

/** Every group for a text: each kind asked at once; one kind failing leaves the others shown. */
export async function searchAll(user: UserResultValue | null, text: string, limit: number, signal: AbortSignal, items?: ItemSearchOptions): Promise<ResultGroup[]> {
  return Promise.all(
    searchSources(user, items).map(async (source) => {
      try {
        return { kind: source.kind, label: source.label, results: await source.run(text, limit, signal) };
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: source.kind, label: source.label, results: [], error };
      }
    }),
  );
}
