/**
 * The item search fields of seed 000 §9 (all 13) as SQL: where a searchString looks for an item.
 * The item's own names are columns of the list; the codes an item is known by besides its number
 * (its alternate codes, substitutes, customer part numbers, UPCs, extended description and short
 * code) are rows of other tables, looked up by the item's key (EXISTS), so one item is listed
 * once however many of its codes match. Every search operator works on every field.
 */
import { INVENTORY_SEARCH_FIELDS, type InventorySearchField } from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import type { TextMatch } from './search-request.ts';

/** The SQL of the list's item: its key and the names kept on its rows (trusted expressions). */
export type ItemColumns = { company: string; itemNumber: string; description: string; supplierName: string; supplierPartNumber: string; productGroup: string };

/** Rows of `table` (alias x) of the list's item that match. */
const exists = (item: ItemColumns, table: string, match: string, join = '') =>
  `EXISTS (SELECT 1 FROM ${table} x ${join} WHERE x.company = ${item.company} AND x.item_number = ${item.itemNumber} AND ${match})`;

type FieldSql = (item: ItemColumns, match: TextMatch) => string;

const FIELDS: Record<InventorySearchField, FieldSql> = {
  'Item Number + Description': (i, m) => `(${m(i.itemNumber)} OR ${m(i.description)})`,
  'Item Number': (i, m) => m(i.itemNumber),
  'Item Description': (i, m) => m(i.description),
  'Extended Description': (i, m) => exists(i, 'erp.item', m('x.extended_description')),
  // Any customer's number: the list shows the stock, never the number (CustomerPartSummary shows the caller's customers' numbers).
  'Customer Part Number': (i, m) => exists(i, 'erp.customer_part', m('x.customer_part_number')),
  'Supplier Name': (i, m) => m(i.supplierName),
  'Supplier Part Number': (i, m) => m(i.supplierPartNumber),
  'Product Group Number': (i, m) => m(i.productGroup),
  'Substitute Code': (i, m) => exists(i, 'erp.item_substitute', m('x.substitute_item_number')),
  'Substitute Description': (i, m) =>
    exists(i, 'erp.item_substitute', m('s.description'), 'JOIN erp.item s ON s.company = x.company AND s.item_number = x.substitute_item_number'),
  'Alternate Code': (i, m) => exists(i, 'erp.item_alternate', m('x.alternate_code')),
  'Short Code': (i, m) => exists(i, 'erp.item', m('x.short_code')),
  'UPC Code': (i, m) => exists(i, 'erp.item_uom', m('x.upc')),
};

/** The inventorySearchField's search over the list's item (default Item Number + Description); 400 naming an unknown field. */
export function itemSearch(field: string | undefined, item: ItemColumns): (match: TextMatch) => string {
  const sql = own<FieldSql>(FIELDS, field ?? 'Item Number + Description');
  if (!sql) throw new HttpError(400, `Unknown inventorySearchField '${field}'; expected one of ${INVENTORY_SEARCH_FIELDS.join(', ')}`);
  return (match) => sql(item, match);
}

/** The columns of a list whose rows carry the item's names as `<alias>.company`, `.item_number`, … (stockRows and the summaries). */
export const itemColumnsOf = (alias: string): ItemColumns => ({
  company: `${alias}.company`,
  itemNumber: `${alias}.item_number`,
  description: `${alias}.description`,
  supplierName: `${alias}.supplier_name`,
  supplierPartNumber: `${alias}.supplier_part_number`,
  productGroup: `${alias}.product_group`,
});
