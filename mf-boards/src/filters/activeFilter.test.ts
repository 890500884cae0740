import { describe, expect, it } from 'vitest';
import { activeFieldCount, activeFilterOf, pageFilters } from './activeFilter.ts';

const customer = { field: 'customer', comparison: 'include' as const, values: ['C100', 'C101'] };
const emptyBranch = { field: 'branch', comparison: 'include' as const, values: [] };
const list = [
  { id: 1, isDefault: false, filters: [customer] },
  { id: 2, isDefault: true, filters: [customer, emptyBranch] },
];

describe('activeFilterOf', () => {
  it('is the default until the user picks another; none means none', () => {
    expect(activeFilterOf(list, undefined)?.id).toBe(2);
    expect(activeFilterOf(list, 1)?.id).toBe(1);
    expect(activeFilterOf(list, 'none')).toBeNull();
    expect(activeFilterOf(undefined, 1)).toBeNull();
  });

  it('falls back to the default when the picked filter went away', () => {
    expect(activeFilterOf(list, 99)?.id).toBe(2);
    expect(activeFilterOf([list[0]!], undefined)).toBeNull();
  });
});

describe('pageFilters', () => {
  it('drops fields with no values and counts the rest', () => {
    expect(pageFilters(list[1]!, '/sales/3', '')).toEqual([customer]);
    expect(activeFieldCount(list[1]!)).toBe(1);
    expect(activeFieldCount(null)).toBe(0);
  });

  it("merges by field with the page's implicit filters, the page's winning", () => {
    const filters = pageFilters(list[0]!, '/accountSummary/5', '?accountType=customer&accountId=C200&company=01');
    expect(filters).toEqual([
      customer,
      { field: 'accountType', comparison: 'equals', values: ['customer'], group: 'page' },
      { field: 'accountId', comparison: 'equals', values: ['C200'], group: 'page' },
      { field: 'company', comparison: 'equals', values: ['01'], group: 'page' },
    ]);
    const byCustomer = pageFilters({ id: 3, isDefault: false, filters: [{ field: 'itemNumber', comparison: 'include', values: ['A'] }] }, '/inventoryDetail', '?itemNumber=B');
    expect(byCustomer).toEqual([{ field: 'itemNumber', comparison: 'equals', values: ['B'], group: 'page' }]);
  });
});
