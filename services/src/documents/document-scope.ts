/**
 * Whose a document or account is: the one check every document call makes before it reads,
 * attaches or prints anything. A customer, ship-to, invoice, order or quote belongs to the
 * caller when its sales rep is in his scope (another rep's answers 404, as if it did not exist);
 * suppliers and purchase orders are company-wide behind PurchaseAccessRight (403 without it).
 */
import { parseBoolean } from '@tradeboard/shared/user-settings';
import { HttpError } from '../platform/errors.ts';
import { findCustomer, findShipTo, findSupplier } from '../analytics/account-detail-routes.ts';
import { requireRight, type ErpCall } from '../analytics/erp-common.ts';
import { scopePredicate } from '../analytics/scope.ts';
import { SqlParams } from '../analytics/search-request.ts';

/** What a file can be attached to (DocLink's {source}). */
export const DOC_SOURCES = ['Customer', 'ShipTo', 'Supplier', 'Invoice', 'Order', 'Quote', 'PurchaseOrder'] as const;
export type DocSource = (typeof DOC_SOURCES)[number];

/** The documents with a header table, their number column and whether they are scoped by rep. */
const DOCUMENTS = {
  Invoice: { table: 'erp.invoice_header', number: 'invoice_number', label: 'Invoice', scoped: true },
  Order: { table: 'erp.order_header', number: 'order_number', label: 'Order', scoped: true },
  Quote: { table: 'erp.quote_header', number: 'quote_number', label: 'Quote', scoped: true },
  PurchaseOrder: { table: 'erp.purchase_order_header', number: 'po_number', label: 'Purchase order', scoped: false },
} as const;
export type DocumentKind = keyof typeof DOCUMENTS;

/** The settings a document call reads: PurchaseAccessRight for suppliers and purchase orders. */
export const DOCUMENT_SETTINGS = ['PurchaseAccessRight'] as const;

/**
 * One document of the caller's (its company; company optional when the number is used in one
 * company only): 404 when there is none in his scope, 400 when several companies use the number,
 * 403 on a purchase order without PurchaseAccessRight.
 */
export async function findDocument(call: ErpCall, kind: DocumentKind, number: string, company?: string | null): Promise<{ company: string; customer: string | null }> {
  const spec = DOCUMENTS[kind];
  if (!spec.scoped) requireRight(call.settings, 'PurchaseAccessRight');
  const params = new SqlParams();
  const [n, c] = [params.add(number), params.add(company || null)];
  const scope = spec.scoped ? scopePredicate(call.context.scope, 'h.sales_rep', params) : null;
  const { rows } = await call.db.query<{ company: string; customer: string | null }>(
    `SELECT h.company, ${spec.scoped ? 'h.customer' : 'NULL::text AS customer'} FROM ${spec.table} h
      WHERE h.${spec.number} = ${n} AND (${c}::text IS NULL OR h.company = ${c})${scope ? ` AND ${scope}` : ''} LIMIT 2`,
    params.values,
  );
  if (rows.length === 0) throw new HttpError(404, `${spec.label} ${number} was not found`);
  if (rows.length > 1) throw new HttpError(400, `${spec.label} ${number} exists in several companies; give the company`);
  return rows[0]!;
}

/** Checks that the caller may touch the account or document a file belongs to; answers its company. */
export async function checkSource(call: ErpCall, source: DocSource, id: string, company: string | null): Promise<string> {
  switch (source) {
    case 'Customer':
      return (await findCustomer(call, id, company ?? '')).company;
    case 'ShipTo':
      return (await findShipTo(call, id, company ?? '')).company;
    case 'Supplier':
      requireRight(call.settings, 'PurchaseAccessRight');
      return (await findSupplier(call, id, company ?? '')).company;
    default:
      return (await findDocument(call, source, id, company)).company;
  }
}

/** Whether the caller's role has PurchaseAccessRight. */
export const hasPurchaseAccess = (call: ErpCall) => parseBoolean(call.settings.PurchaseAccessRight);
