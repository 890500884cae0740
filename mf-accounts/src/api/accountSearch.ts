import { corporateSearch, customerSearch, prospectSearch, shipToSearch, supplierSearch, type ContractResult } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';

export type AccountHit = ContractResult<typeof customerSearch>['rows'][number];
export type AccountKind = AccountHit['accountType'];
/** The jump-to's account types (seed 000 "Jump-to search"). */
export type JumpAccountType = Exclude<AccountKind, 'Supplier'>;
export type SearchOperator = 'Contains' | 'Exact' | 'BeginsWith' | 'EndsWith';

/** Seed 000 §9: type-ahead page size 50, debounce 500 ms, at most 100 results, sorted by name ascending. */
export const TYPE_AHEAD = { pageSize: 50, debounceMs: 500, maxResults: 100 } as const;

export const ACCOUNT_TYPE_LABELS: Readonly<Record<JumpAccountType, string>> = {
  Customer: 'Customer',
  ShipTo: 'Ship To',
  Prospect: 'Prospect',
  Corporate: 'Corporate',
};

/** Seed 000 "Jump-to search" match operators, as shown and as the calls spell them. */
export const OPERATORS: ReadonlyArray<{ value: SearchOperator; label: string }> = [
  { value: 'Contains', label: 'Contains' },
  { value: 'Exact', label: 'Exact' },
  { value: 'BeginsWith', label: 'Begins With' },
  { value: 'EndsWith', label: 'Ends With' },
];

type Page = { rows: AccountHit[]; totalCount?: number };

function searchPage(kind: AccountKind, searchString: string, searchOperator: SearchOperator, pageSize: number, pageNumber: number, signal?: AbortSignal): Promise<Page> {
  const body = { searchString, searchOperator, pageSize, pageNumber };
  switch (kind) {
    case 'Customer':
      return api.call(customerSearch, { params: { includeProspectAccounts: false }, body, signal });
    case 'ShipTo':
      return api.call(shipToSearch, { body, signal });
    case 'Prospect':
      return api.call(prospectSearch, { body, signal });
    case 'Corporate':
      return api.call(corporateSearch, { body, signal });
    default:
      return api.call(supplierSearch, { body, signal });
  }
}

export const byName = (a: AccountHit, b: AccountHit) =>
  a.accountName.localeCompare(b.accountName, 'en', { sensitivity: 'base' }) || a.accountId.localeCompare(b.accountId);

/**
 * One kind of account matching the text: pages of 50 until `limit` results (seed 000 §9: at most
 * 100), sorted by name ascending. The second page is asked only when the first was full. A smaller
 * limit (the palette's, the search page's) asks one page of that size: the calls rank the best first.
 */
export async function searchAccounts(
  kind: AccountKind,
  searchString: string,
  searchOperator: SearchOperator,
  signal?: AbortSignal,
  limit: number = TYPE_AHEAD.maxResults,
): Promise<AccountHit[]> {
  const pageSize = Math.min(limit, TYPE_AHEAD.pageSize);
  const first = await searchPage(kind, searchString, searchOperator, pageSize, 1, signal);
  let rows = first.rows;
  const more = first.totalCount === undefined ? rows.length === pageSize : first.totalCount > rows.length;
  if (more && rows.length === pageSize && limit > pageSize) {
    rows = [...rows, ...(await searchPage(kind, searchString, searchOperator, pageSize, 2, signal)).rows];
  }
  return rows.slice(0, limit).sort(byName);
}

/** The account summary's accountType (seed 000 §2 route table: customer, shipto, corporate; and prospect). */
export function accountTypeParam(kind: JumpAccountType): string {
  return kind.toLowerCase();
}

/** /accountSummary?accountType=…&accountId=…&company=… for a hit. */
export function accountSummaryHref(hit: Pick<AccountHit, 'accountType' | 'accountId' | 'company'>): string {
  if (hit.accountType === 'Supplier') return supplierSummaryHref(hit.accountId, hit.company);
  const query = new URLSearchParams({ accountType: accountTypeParam(hit.accountType), accountId: hit.accountId, company: hit.company });
  return `/accountSummary?${query}`;
}

/** /supplierSummary?supplier=…&company=… */
export function supplierSummaryHref(supplier: string, company: string): string {
  return `/supplierSummary?${new URLSearchParams({ supplier, company })}`;
}

/** /inventoryDetail?itemNumber=… (seed 000 §2: itemNumber rides along on the item's pages). */
export function inventoryDetailHref(itemNumber: string): string {
  return `/inventoryDetail?${new URLSearchParams({ itemNumber })}`;
}

/** One line of address: street, city, state. */
export function addressLine(hit: Pick<AccountHit, 'address' | 'city' | 'state'>): string {
  const place = [hit.city, hit.state].filter(Boolean).join(', ');
  return [hit.address, place].filter(Boolean).join(', ');
}
