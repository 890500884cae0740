import useSWR from 'swr';
import {
  contactById,
  corporateSummary,
  customerSummary,
  inventorySummary,
  prospectSummary,
  shipToSummary,
  supplierSummary,
  type ContractResult,
} from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { mapHref } from '../map/mapAddress.ts';

export type Figure = { label: string; value: number | string | null | undefined; unit: 'money' | 'date' | 'count'; delta?: number | null };
export type RecordLink = { label: string; href: string; kind: 'map' | 'documents' };
/** The prospect a header is about (its Convert to Customer button). */
export type ProspectOf = { prospect: string; company: string; name: string };
export type RecordView = { kind: string; name: string; details: string[]; figures: Figure[]; links: RecordLink[]; prospect?: ProspectOf };
type Summary = ContractResult<typeof customerSummary>;

const KIND_LABELS: Readonly<Record<string, string>> = { customer: 'Customer', shipto: 'Ship To', corporate: 'Corporate', prospect: 'Prospect' };

/** Percent change of this year-to-date against last year's (null when last year had none). */
export function ytdDelta(summary: Pick<Summary, 'periods'>): number | null {
  const amount = (slug: string) => summary.periods.find((period) => period.dateSlug === slug)?.amount;
  const now = amount('year-to-date');
  const before = amount('last-year-to-date');
  if (now === undefined || before === undefined || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

/** Seed 000 §3 account display lines: id and company, city/state unless CRMDisplayAccountAddress is off, branch, rep. */
export function accountDetails(account: Summary['account']): string[] {
  const place = account.CRMDisplayAccountAddress ? [account.city, account.state].filter(Boolean).join(', ') : '';
  const branch = account.branchName ? `${account.branchName}${account.branch ? ` (${account.branch})` : ''}` : account.branch;
  return [
    `#${account.accountId}`,
    `Company ${account.company}`,
    place,
    branch ? `Branch ${branch}` : '',
    account.salesRep ? `Rep ${account.salesRep}` : '',
  ].filter(Boolean);
}

/** The words of a summary's figures: sales and receivables for accounts, purchases and payables for a supplier. */
const FIGURE_LABELS = {
  account: ['Sales YTD', 'Sales last YTD', 'Open orders', 'Open AR', 'Last invoice'],
  supplier: ['Purchases YTD', 'Purchases last YTD', 'Open POs', 'Open AP', 'Last receipt'],
} as const;

function summaryFigures(summary: Summary, kind: keyof typeof FIGURE_LABELS): Figure[] {
  const amount = (slug: string) => summary.periods.find((period) => period.dateSlug === slug)?.amount ?? null;
  const [ytd, lastYtd, open, balance, last] = FIGURE_LABELS[kind];
  return [
    { label: ytd, value: amount('year-to-date'), unit: 'money', delta: ytdDelta(summary) },
    { label: lastYtd, value: amount('last-year-to-date'), unit: 'money' },
    { label: open, value: summary.openOrders, unit: 'money' },
    { label: balance, value: summary.openBalance, unit: 'money' },
    { label: last, value: summary.lastDocumentDate, unit: 'date' },
  ];
}

type Request = { key: string; load: () => Promise<RecordView> };

function accountRequest(query: URLSearchParams): Request | null {
  const type = (query.get('accountType') ?? 'customer').toLowerCase();
  const accountId = query.get('accountId')?.trim();
  const company = query.get('company')?.trim();
  if (!accountId || !company || !KIND_LABELS[type]) return null;
  const read = (): Promise<Summary> => {
    switch (type) {
      case 'shipto':
        return api.call(shipToSummary, { body: { company, shipTo: accountId } });
      case 'corporate':
        return api.call(corporateSummary, { body: { company, corporate: accountId } });
      case 'prospect':
        return api.call(prospectSummary, { body: { company, prospect: accountId } });
      default:
        return api.call(customerSummary, { body: { company, customer: accountId } });
    }
  };
  return {
    key: `record|account|${type}|${company}|${accountId}`,
    load: async () => {
      const summary = await read();
      const links: RecordLink[] = [];
      if (type === 'customer' || type === 'shipto') links.push({ label: 'Map', href: mapHref({ accountType: type, accountId, company }), kind: 'map' });
      links.push(documentsLink(accountId));
      const name = summary.account.accountName;
      return {
        kind: KIND_LABELS[type]!,
        name,
        details: accountDetails(summary.account),
        figures: summaryFigures(summary, 'account'),
        links,
        ...(type === 'prospect' ? { prospect: { prospect: accountId, company, name } } : {}),
      };
    },
  };
}

/** The account's documents: the full search of its number (orders, quotes and invoices join it in the documents issue). */
function documentsLink(accountId: string): RecordLink {
  return { label: 'Documents', href: `/search?${new URLSearchParams({ searchString: accountId })}`, kind: 'documents' };
}

function supplierRequest(query: URLSearchParams): Request | null {
  const supplier = query.get('supplier')?.trim();
  const company = query.get('company')?.trim();
  if (!supplier || !company) return null;
  return {
    key: `record|supplier|${company}|${supplier}`,
    load: async () => {
      const summary = await api.call(supplierSummary, { body: { company, supplier } });
      return {
        kind: 'Supplier',
        name: summary.account.accountName,
        details: accountDetails(summary.account),
        figures: summaryFigures(summary, 'supplier'),
        links: [
          { label: 'Purchase orders', href: `/purchaseOrders?${new URLSearchParams({ supplier, company })}`, kind: 'documents' },
          { label: 'Purchase list', href: `/supplier/purchaseList?${new URLSearchParams({ supplier, company })}`, kind: 'documents' },
        ],
      };
    },
  };
}

function contactRequest(query: URLSearchParams): Request | null {
  const contactId = query.get('contactId')?.trim();
  const company = query.get('company')?.trim() || undefined;
  if (!contactId) return null;
  return {
    key: `record|contact|${company ?? ''}|${contactId}`,
    load: async () => {
      const contact = await api.call(contactById, { query: { contactId, ...(company ? { company } : {}) } });
      // The contact's customer's figures: what the rep wants at a glance before calling.
      const account = contact.customer ? await api.call(customerSummary, { body: { company: contact.company, customer: contact.customer } }).catch(() => null) : null;
      const place = [contact.physCity, contact.physState].filter(Boolean).join(', ');
      const links: RecordLink[] = [];
      if (contact.customer) {
        const focus = { accountType: 'customer', accountId: contact.customer, company: contact.company };
        links.push({ label: contact.customerName ?? contact.customer, href: `/accountSummary?${new URLSearchParams(focus)}`, kind: 'documents' });
        links.push({ label: 'Map', href: mapHref(focus), kind: 'map' });
      }
      return {
        kind: contact.isRestricted ? 'Contact · do not contact' : 'Contact',
        name: contact.contactName,
        details: [contact.title ?? '', `#${contact.contact}`, contact.email ?? '', contact.phone ?? '', place].filter(Boolean),
        figures: account ? summaryFigures(account, 'account') : [],
        links,
      };
    },
  };
}

function itemRequest(query: URLSearchParams): Request | null {
  const itemNumber = query.get('itemNumber')?.trim();
  if (!itemNumber) return null;
  return {
    key: `record|item|${itemNumber}`,
    load: async () => {
      const result = await api.call(inventorySummary, {
        query: { inStockOnly: false, inventorySearchField: 'Item Number' },
        body: { searchString: itemNumber, searchOperator: 'Exact', pageSize: 5 },
      });
      const item = result.rows.find((row) => row.itemNumber.toLowerCase() === itemNumber.toLowerCase());
      if (!item) throw Object.assign(new Error(`Item ${itemNumber} not found`), { name: 'ApiError', status: 404 });
      return {
        kind: 'Item',
        name: item.description,
        details: [`#${item.itemNumber}`, `Company ${item.company}`, `Product group ${item.productGroup}`, item.supplierName ? `Supplier ${item.supplierName}` : ''].filter(Boolean),
        figures: [
          { label: 'On hand', value: item.qtyOnHand, unit: 'count' },
          { label: 'Available', value: item.qtyAvailable, unit: 'count' },
          { label: 'On order', value: item.qtyOnOrder, unit: 'count' },
          { label: 'Committed', value: item.qtyCommitted, unit: 'count' },
          { label: 'Stock value', value: item.value, unit: 'money' },
        ],
        links: [{ label: 'Supplier', href: `/supplierSummary?${new URLSearchParams({ supplier: item.supplier, company: item.company })}`, kind: 'documents' }],
      };
    },
  };
}

/** What a record page's query asks for; null when the query names no record. */
export function recordRequest(sectionName: string, search: string): Request | null {
  const query = new URLSearchParams(search);
  switch (sectionName) {
    case 'accountSummary':
      return accountRequest(query);
    case 'supplierSummary':
      return supplierRequest(query);
    case 'contactSummary':
      return contactRequest(query);
    case 'inventoryDetail':
      return itemRequest(query);
    default:
      return null;
  }
}

/** The header of the record the page's query names. */
export function useRecord(sectionName: string, search: string): { view: RecordView | undefined; error: unknown; missing: boolean } {
  const request = recordRequest(sectionName, search);
  const { data, error } = useSWR(request?.key ?? null, () => request!.load(), { revalidateOnFocus: false, shouldRetryOnError: false });
  return { view: data, error, missing: !request };
}
