import type { FilterValue } from '@tradeboard/shared/boards';
import type { FileOwner } from '@tradeboard/shared/files';

const SOURCES: Readonly<Record<string, FileOwner['source']>> = { customer: 'Customer', shipto: 'ShipTo' };

/** The account a page is about (accountSummary's accountType/accountId/company, supplierSummary's supplier/company): what files attach to; null elsewhere. */
export function fileOwnerOf(filters: readonly FilterValue[]): FileOwner | null {
  const value = (field: string) => {
    const filter = filters.find((f) => f.field === field && f.comparison === 'equals' && f.values.length === 1);
    return filter ? String(filter.values[0]) : undefined;
  };
  const company = value('company');
  if (!company) return null;
  const supplier = value('supplier');
  if (supplier) return { source: 'Supplier', id: supplier, id2: company };
  const source = SOURCES[(value('accountType') ?? 'customer').toLowerCase()];
  const accountId = value('accountId');
  return source && accountId ? { source, id: accountId, id2: company } : null;
}
