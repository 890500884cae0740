import { inventorySummary } from '@tradeboard/shared/contracts';
import { api, type UserResultValue } from '@tradeboard/shared/web';
import { accountSummaryHref, addressLine, inventoryDetailHref, searchAccounts, type AccountKind } from '../api/accountSearch.ts';
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

const itemSource: Source = {
  kind: 'items',
  label: 'Items',
  run: async (text, limit, signal) => {
    const result = await api.call(inventorySummary, {
      query: { inStockOnly: false, inventorySearchField: 'Item Number + Description' },
      body: { searchString: text, searchOperator: 'Contains', pageSize: limit, sortBy: 'itemNumber', sortDir: 'asc' },
      signal,
    });
    return result.rows.map((row) => ({
      key: `item|${row.company}|${row.itemNumber}`,
      title: row.description,
      id: row.itemNumber,
      subtitle: [`Company ${row.company}`, `${row.qtyAvailable.toLocaleString('en-US')} available`, row.supplierName].filter(Boolean).join(' · '),
      href: inventoryDetailHref(row.itemNumber),
    }));
  },
};

/**
 * The kinds a user may search, in the order shown (seed: customers, ship-tos, prospects,
 * corporates, contacts, suppliers, items), each within the user's data scope (the calls apply it).
 */
export function searchSources(user: UserResultValue | null): Source[] {
  const types = new Set(jumpAccountTypes(user));
  const sources: Source[] = [];
  // Issue 24: documents by number (invoice, order, quote, PO) come first when the text is one.
  sources.push({ kind: 'documents', label: 'Documents', run: (text, _limit, signal) => searchDocuments(text, canSeeSuppliers(user), signal) });
  sources.push(...ACCOUNT_GROUPS.filter((group) => types.has(group.type as never)).map((group) => accountSource(group.kind, group.type, group.label)));
  if (canSeeContacts(user)) sources.push(contactSource);
  if (canSeeSuppliers(user)) sources.push(accountSource('suppliers', 'Supplier', 'Suppliers'));
  if (canSeeInventory(user)) sources.push(itemSource);
  return sources;
}

/** Every group for a text: each kind asked at once; one kind failing leaves the others shown. */
export async function searchAll(user: UserResultValue | null, text: string, limit: number, signal: AbortSignal): Promise<ResultGroup[]> {
  return Promise.all(
    searchSources(user).map(async (source) => {
      try {
        return { kind: source.kind, label: source.label, results: await source.run(text, limit, signal) };
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: source.kind, label: source.label, results: [], error };
      }
    }),
  );
}
