import type { FilterValue } from './types.ts';

/**
 * The group of the page's own filters: they say whose page it is, so a call is always sent them,
 * even one that does not take the field (splitBoardFilters); a global filter is not.
 */
export const PAGE_FILTER_GROUP = 'page';

/**
 * Seed 000 §2: pages whose path contains accountSummary or inventoryDetail add an implicit
 * request filter from the query (accountType, accountId, company / itemNumber), in the page's
 * group; beyond the seed, supplierSummary the same way (supplier, company: docs/decisions.md).
 */
export function implicitFilters(pathname: string, search: string): FilterValue[] {
  const path = pathname.toLowerCase();
  const query = new URLSearchParams(search);
  const filters: FilterValue[] = [];
  const add = (field: string) => {
    const value = query.get(field);
    if (value !== null && value.trim() !== '') filters.push({ field, comparison: 'equals', values: [value.trim()], group: PAGE_FILTER_GROUP });
  };
  // A contact's page is narrowed to the contact's account, which its address carries.
  if (path.includes('accountsummary') || path.includes('contactsummary')) ['accountType', 'accountId', 'company'].forEach(add);
  if (path.includes('inventorydetail')) add('itemNumber');
  if (path.includes('suppliersummary')) ['supplier', 'company'].forEach(add);
  return filters;
}

/**
 * Seed 000 §4: global filters merge values by key (field); a filter with no values is removed.
 * Later lists win for the same field.
 */
export function mergeFilters(...lists: readonly (readonly FilterValue[])[]): FilterValue[] {
  const byField = new Map<string, FilterValue>();
  for (const list of lists) {
    for (const filter of list) byField.set(filter.field, filter);
  }
  return [...byField.values()].filter((filter) => filter.values.length > 0);
}
