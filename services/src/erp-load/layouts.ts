/**
 * The published file layouts of an ERP extract (docs/erp-import.md): one file per ERP table, its
 * columns (name, type, required), its business key and the version of the layout. The columns
 * are the demo generator's (one list of each table's columns), so a file load and the demo fill
 * the same tables the same way; `layouts.test.ts` holds them against the database's own columns,
 * keys and NOT NULL constraints.
 */
import { TABLES } from '../demo/erp/generate.ts';
import type { Column } from '../demo/erp/batch-writer.ts';

/** Raised whenever a layout changes incompatibly (a column renamed, a key or a type changed). */
export const ERP_LAYOUT_VERSION = 1;

export type ColumnType = Column[1];
/** A column of a layout; `default` is what an empty or absent cell of an optional column loads as. */
export type LayoutColumn = { name: string; type: ColumnType; required: boolean; key: boolean; default?: string };
export type ErpLayout = {
  table: ErpLoadTable;
  title: string;
  version: number;
  key: readonly string[];
  columns: readonly LayoutColumn[];
};

/** The tables a load may fill, in load order (parents before the rows that name them). */
export const ERP_LOAD_TABLES = [
  'company', 'branch', 'location', 'sales_rep', 'territory', 'corporate', 'customer', 'ship_to', 'prospect', 'contact',
  'supplier', 'product_group', 'item', 'item_uom', 'item_alternate', 'item_substitute', 'customer_part', 'inventory', 'invoice_header', 'invoice_line', 'order_header', 'order_line',
  'quote_header', 'quote_line', 'booking', 'purchase_order_header', 'purchase_order_line', 'ar_open', 'ap_open',
] as const;
export type ErpLoadTable = (typeof ERP_LOAD_TABLES)[number];

/** Bookings are derived by the demo from its order lines; an extract brings them as rows. */
const BOOKING_COLUMNS: readonly Column[] = [
  ['company', 'text'], ['booking_id', 'bigint'], ['order_number', 'text'], ['order_line_number', 'int'], ['booking_type', 'text'],
  ['booking_date', 'date'], ['order_line_date', 'date'], ['customer', 'text'], ['ship_to', 'text'], ['sales_rep', 'text'],
  ['branch', 'text'], ['item_number', 'text'], ['product_group', 'text'], ['qty', 'int'], ['sales', 'numeric'], ['cost', 'numeric'],
  ['commission_cost', 'numeric'],
];

/** Each table: its title, business key and the columns besides the key a row must fill. */
const SHAPES: Record<ErpLoadTable, { title: string; key: string[]; required: string[] }> = {
  company: { title: 'Companies', key: ['company'], required: ['company_name'] },
  branch: { title: 'Branches', key: ['company', 'branch'], required: ['branch_name'] },
  location: { title: 'Locations (warehouses)', key: ['company', 'location'], required: ['location_name', 'branch'] },
  sales_rep: { title: 'Sales reps', key: ['company', 'sales_rep'], required: ['name'] },
  territory: { title: 'Territories', key: ['company', 'territory'], required: ['territory_name'] },
  corporate: { title: 'Corporate accounts', key: ['company', 'corporate'], required: ['corporate_name'] },
  customer: { title: 'Customers', key: ['company', 'customer'], required: ['customer_name', 'branch', 'sales_rep', 'created_date'] },
  ship_to: { title: 'Ship-tos', key: ['company', 'ship_to'], required: ['customer', 'ship_to_name', 'branch', 'sales_rep', 'created_date'] },
  prospect: { title: 'Prospects', key: ['company', 'prospect'], required: ['prospect_name', 'branch', 'sales_rep', 'created_date'] },
  contact: { title: 'Contacts', key: ['company', 'contact'], required: ['contact_name'] },
  supplier: { title: 'Suppliers', key: ['company', 'supplier'], required: ['supplier_name'] },
  product_group: { title: 'Product groups', key: ['company', 'product_group'], required: ['product_group_name'] },
  item: { title: 'Items', key: ['company', 'item_number'], required: ['description', 'product_group', 'supplier', 'unit_cost', 'list_price', 'stockable'] },
  item_uom: { title: 'Item units of measure', key: ['company', 'item_number', 'uom'], required: ['conversion_factor', 'is_base', 'sellable', 'purchasable'] },
  item_alternate: { title: 'Item alternate codes', key: ['company', 'item_number', 'alternate_code'], required: ['code_type'] },
  item_substitute: { title: 'Item substitutes', key: ['company', 'item_number', 'substitute_item_number'], required: ['interchangeable'] },
  customer_part: { title: 'Customer part numbers', key: ['company', 'customer', 'item_number'], required: ['customer_part_number'] },
  inventory: { title: 'Inventory by location', key: ['company', 'item_number', 'location'], required: ['qty_on_hand', 'qty_on_order', 'qty_committed', 'qty_available', 'unit_cost'] },
  invoice_header: {
    title: 'Invoices', key: ['company', 'invoice_number'],
    required: ['invoice_type', 'invoice_date', 'customer', 'ship_to', 'sales_rep', 'branch', 'location', 'line_count', 'sales', 'cost', 'freight', 'tax'],
  },
  invoice_line: {
    title: 'Invoice lines', key: ['company', 'invoice_number', 'invoice_line_number'],
    required: ['customer', 'ship_to', 'sales_rep', 'branch', 'invoice_date', 'item_number', 'product_group', 'qty', 'unit_price', 'sales', 'cost', 'commission_cost', 'freight'],
  },
  order_header: {
    title: 'Orders', key: ['company', 'order_number'],
    required: ['order_date', 'status', 'customer', 'ship_to', 'sales_rep', 'branch', 'location', 'line_count', 'order_total', 'open_total'],
  },
  order_line: {
    title: 'Order lines', key: ['company', 'order_number', 'order_line_number'],
    required: ['customer', 'ship_to', 'sales_rep', 'branch', 'location', 'order_date', 'status', 'item_number', 'product_group', 'qty_ordered', 'qty_shipped', 'qty_open', 'unit_price', 'unit_cost', 'sales', 'cost', 'open_sales'],
  },
  quote_header: {
    title: 'Quotes', key: ['company', 'quote_number'],
    required: ['quote_date', 'expiration_date', 'status', 'customer', 'ship_to', 'sales_rep', 'branch', 'line_count', 'quote_total'],
  },
  quote_line: {
    title: 'Quote lines', key: ['company', 'quote_number', 'quote_line_number'],
    required: ['customer', 'sales_rep', 'quote_date', 'expiration_date', 'status', 'item_number', 'product_group', 'qty', 'unit_price', 'unit_cost', 'sales', 'cost'],
  },
  booking: {
    title: 'Bookings', key: ['company', 'booking_id'],
    required: ['order_number', 'order_line_number', 'booking_type', 'booking_date', 'order_line_date', 'customer', 'ship_to', 'sales_rep', 'branch', 'item_number', 'product_group', 'qty', 'sales', 'cost'],
  },
  purchase_order_header: {
    title: 'Purchase orders', key: ['company', 'po_number'],
    required: ['supplier', 'location', 'branch', 'order_date', 'due_date', 'status', 'line_count', 'po_total', 'open_total'],
  },
  purchase_order_line: {
    title: 'Purchase order lines', key: ['company', 'po_number', 'po_line_number'],
    required: ['supplier', 'location', 'order_date', 'due_date', 'item_number', 'product_group', 'qty_ordered', 'qty_received', 'qty_open', 'unit_cost', 'cost', 'open_cost'],
  },
  ar_open: {
    title: 'Open receivables', key: ['company', 'invoice_number'],
    required: ['customer', 'sales_rep', 'branch', 'invoice_date', 'due_date', 'original_amount', 'balance'],
  },
  ap_open: {
    title: 'Open payables', key: ['company', 'voucher'],
    required: ['supplier', 'supplier_invoice', 'invoice_date', 'due_date', 'original_amount', 'balance'],
  },
};

/**
 * What an optional column with a NOT NULL default in the database loads as when a file leaves it
 * empty or out (a source's model query may not select it): the database's default.
 */
const DEFAULTS: Partial<Record<ErpLoadTable, Record<string, string>>> = {
  sales_rep: { is_manager: 'false', is_active: 'true' },
  customer: { is_prospect: 'false', is_active: 'true' },
  prospect: { is_prospect: 'true' },
  contact: { is_restricted: 'false' },
  item: { unit_of_measure: 'EA' },
};

function layoutOf(table: ErpLoadTable): ErpLayout {
  const shape = SHAPES[table];
  const columns = table === 'booking' ? BOOKING_COLUMNS : TABLES[table].columns;
  return {
    table,
    title: shape.title,
    version: ERP_LAYOUT_VERSION,
    key: shape.key,
    columns: columns.map(([name, type]) => {
      const fallback = DEFAULTS[table]?.[name];
      return { name, type, key: shape.key.includes(name), required: shape.key.includes(name) || shape.required.includes(name), ...(fallback === undefined ? {} : { default: fallback }) };
    }),
  };
}

export const ERP_LAYOUTS: readonly ErpLayout[] = ERP_LOAD_TABLES.map(layoutOf);
const BY_TABLE = new Map(ERP_LAYOUTS.map((layout) => [layout.table, layout]));

export function layoutFor(table: string): ErpLayout | undefined {
  return BY_TABLE.get(table as ErpLoadTable);
}

/** A template: the layout's header line, as a CSV file. */
export function templateCsv(layout: ErpLayout): string {
  return `${layout.columns.map((c) => c.name).join(',')}\r\n`;
}
