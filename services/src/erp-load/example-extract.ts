/**
 * The documented example extract (docs/erp-import.md): a small distributor of its own, company EX,
 * with the master data its invoices name, as CSV files in the published layouts. GET
 * /ErpLoad/Example answers it as a ZIP; the tests load it.
 */
import { zipSync, strToU8 } from 'fflate';
import { csvCell } from './extract.ts';
import { layoutFor } from './layouts.ts';

type Rows = Record<string, string>[];

export const EXAMPLE_EXTRACT: Record<string, Rows> = {
  company: [{ company: 'EX', company_name: 'Example Supply Co' }],
  branch: [{ company: 'EX', branch: 'DEN', branch_name: 'Denver', address1: '4800 Race St', city: 'Denver', state: 'CO', postal_code: '80216', phone: '303-555-0100' }],
  location: [{ company: 'EX', location: 'DEN', location_name: 'Denver Warehouse', branch: 'DEN', city: 'Denver', state: 'CO' }],
  sales_rep: [{ company: 'EX', sales_rep: 'EX01', name: 'Erin Example', email: 'erin@example.com', branch: 'DEN', manager_sales_rep: '', is_manager: 'false' }],
  product_group: [{ company: 'EX', product_group: 'FAS', product_group_name: 'Fasteners' }],
  supplier: [{ company: 'EX', supplier: 'BOLT', supplier_name: 'Rocky Bolt Works', city: 'Pueblo', state: 'CO', terms: 'Net 30', lead_days: '10' }],
  item: [
    { company: 'EX', item_number: 'EX-HCS-100', description: 'Hex Cap Screw 1/4-20 x 1', product_group: 'FAS', supplier: 'BOLT', unit_of_measure: 'EA', unit_cost: '0.12', list_price: '0.30', stockable: 'true', created_date: '2024-01-15' },
    { company: 'EX', item_number: 'EX-FLN-200', description: 'Flange Nut 3/8-16', product_group: 'FAS', supplier: 'BOLT', unit_of_measure: 'EA', unit_cost: '0.08', list_price: '0.22', stockable: 'true', created_date: '2024-01-15' },
  ],
  customer: [
    { company: 'EX', customer: 'EXC100', customer_name: 'Alpine Fabrication', city: 'Golden', state: 'CO', branch: 'DEN', sales_rep: 'EX01', terms: 'Net 30', credit_limit: '25000', created_date: '2024-02-01', is_active: 'true' },
    { company: 'EX', customer: 'EXC200', customer_name: 'Mesa Conveyor Works', city: 'Grand Junction', state: 'CO', branch: 'DEN', sales_rep: 'EX01', terms: 'Net 30', credit_limit: '10000', created_date: '2024-03-12', is_active: 'true' },
  ],
  ship_to: [
    { company: 'EX', ship_to: 'EXC100-01', customer: 'EXC100', ship_to_name: 'Alpine Fabrication - Plant', city: 'Golden', state: 'CO', branch: 'DEN', sales_rep: 'EX01', created_date: '2024-02-01' },
    { company: 'EX', ship_to: 'EXC200-01', customer: 'EXC200', ship_to_name: 'Mesa Conveyor Works', city: 'Grand Junction', state: 'CO', branch: 'DEN', sales_rep: 'EX01', created_date: '2024-03-12' },
  ],
  invoice_header: [
    { company: 'EX', invoice_number: 'EXI1001', invoice_type: 'Invoice', invoice_date: '2025-03-03', customer: 'EXC100', ship_to: 'EXC100-01', sales_rep: 'EX01', branch: 'DEN', location: 'DEN', order_number: 'EXO1001', order_date: '2025-02-28', ship_date: '2025-03-03', terms: 'Net 30', line_count: '2', sales: '520.00', cost: '208.00', freight: '15.00', tax: '0', commission_cost: '212.16' },
    { company: 'EX', invoice_number: 'EXI1002', invoice_type: 'Invoice', invoice_date: '2025-03-05', customer: 'EXC200', ship_to: 'EXC200-01', sales_rep: 'EX01', branch: 'DEN', location: 'DEN', order_number: 'EXO1002', order_date: '2025-03-04', ship_date: '2025-03-05', terms: 'Net 30', line_count: '1', sales: '330.00', cost: '120.00', freight: '0', tax: '0', commission_cost: '122.40' },
  ],
  invoice_line: [
    { company: 'EX', invoice_number: 'EXI1001', invoice_line_number: '1', customer: 'EXC100', ship_to: 'EXC100-01', sales_rep: 'EX01', branch: 'DEN', invoice_date: '2025-03-03', item_number: 'EX-HCS-100', product_group: 'FAS', qty: '1000', unit_price: '0.30', sales: '300.00', cost: '120.00', commission_cost: '122.40', freight: '10.00' },
    { company: 'EX', invoice_number: 'EXI1001', invoice_line_number: '2', customer: 'EXC100', ship_to: 'EXC100-01', sales_rep: 'EX01', branch: 'DEN', invoice_date: '2025-03-03', item_number: 'EX-FLN-200', product_group: 'FAS', qty: '1000', unit_price: '0.22', sales: '220.00', cost: '88.00', commission_cost: '89.76', freight: '5.00' },
    { company: 'EX', invoice_number: 'EXI1002', invoice_line_number: '1', customer: 'EXC200', ship_to: 'EXC200-01', sales_rep: 'EX01', branch: 'DEN', invoice_date: '2025-03-05', item_number: 'EX-HCS-100', product_group: 'FAS', qty: '1100', unit_price: '0.30', sales: '330.00', cost: '120.00', commission_cost: '122.40', freight: '0' },
  ],
};

/** A table's rows as CSV in its layout's column order (absent cells empty). */
export function rowsCsv(table: string, rows: Rows): string {
  const layout = layoutFor(table);
  if (!layout) throw new Error(`${table} is not a table of the layouts`);
  const names = layout.columns.map((c) => c.name);
  return [names.join(','), ...rows.map((row) => names.map((name) => csvCell(row[name] ?? '')).join(','))].map((line) => `${line}\r\n`).join('');
}

/** An extract's tables as a ZIP of `<table>.csv` files. */
export function extractZip(tables: Record<string, Rows>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(tables).map(([table, rows]) => [`${table}.csv`, strToU8(rowsCsv(table, rows))])));
}
