/**
 * What each document detail page shows (seed 000 §2 details/… routes): how its header and lines
 * are read (the existing Invoice/Header, Order/Header, Quote/Header and PurchaseOrder/Header
 * calls), its key facts, its line columns, the documents it links to and its PDF.
 */
import {
  invoiceDetailsBom,
  invoiceHeader,
  invoicePdf,
  orderHeader,
  orderLineBom,
  orderPdf,
  purchaseOrderHeader,
  quoteDetailsBom,
  quoteHeader,
  quotePdf,
  type Contract,
} from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';

export type DocumentKind = 'invoice' | 'order' | 'quote' | 'purchaseOrder';
export type Row = Record<string, unknown>;
export type FactType = 'text' | 'date' | 'money' | 'number';
export type Fact = { label: string; value: unknown; type?: FactType; href?: string | null };
export type LineColumn = { key: string; title: string; type?: 'text' | 'number' | 'money' | 'date'; link?: 'item' | DocumentKind };
export type Related = { label: string; href: string };
export type PdfRequest = { contract: Contract; params?: Record<string, string>; query?: Record<string, string | boolean>; body?: Record<string, string> };

export type DocumentSpec = {
  label: string;
  load: (number: string, company: string | undefined) => Promise<{ header: Row; lines: Row[] }>;
  status: (header: Row) => string | null;
  facts: (header: Row) => Fact[];
  lineNumber: string;
  columns: LineColumn[];
  related: (header: Row) => Related[];
  pdf: ((number: string, company: string) => PdfRequest) | null;
  /** The line's bill of material call, when the document has one. */
  bom: Contract | null;
  /** The document's DocLink source. */
  source: 'Invoice' | 'Order' | 'Quote' | 'PurchaseOrder';
};

const text = (value: unknown) => (value === null || value === undefined || value === '' ? undefined : String(value));
const companyQuery = (company: unknown) => (text(company) ? `?${new URLSearchParams({ company: String(company) })}` : '');

/** A document's detail page address. */
export const detailsHref = (kind: DocumentKind, number: string, company?: unknown) => `/details/${kind}/${encodeURIComponent(number)}${companyQuery(company)}`;
export const accountHref = (customer: unknown, company: unknown, accountType = 'customer') =>
  `/accountSummary?${new URLSearchParams({ accountType, accountId: String(customer), ...(text(company) ? { company: String(company) } : {}) })}`;
/** An item's page (seed 000 details/item?itemNumber=), in its company when one is known. */
export const itemHref = (itemNumber: unknown, company?: unknown) => `/details/item?${new URLSearchParams({ itemNumber: String(itemNumber), ...(text(company) ? { company: String(company) } : {}) })}`;
/** The item board (the inventoryDetail section, filtered to the item). */
export const itemBoardHref = (itemNumber: unknown) => `/inventoryDetail?${new URLSearchParams({ itemNumber: String(itemNumber) })}`;
/** A job pricing contract's page (seed 000 details/contract/{jobNumber}). */
export const contractHref = (jobNumber: unknown, company?: unknown) => `/details/contract/${encodeURIComponent(String(jobNumber))}${companyQuery(company)}`;
export const supplierHref = (supplier: unknown, company: unknown) => `/supplierSummary?${new URLSearchParams({ supplier: String(supplier), company: String(company) })}`;

/** The account facts every sales document has: customer (a link) and ship-to, rep and branch. */
const accountFacts = (h: Row): Fact[] => [
  { label: 'Customer', value: text(h.customerName) ? `${String(h.customerName)} (${String(h.customer)})` : h.customer, href: accountHref(h.customer, h.company) },
  { label: 'Ship-to', value: h.shipTo, href: text(h.shipTo) && h.shipTo !== h.customer ? accountHref(h.shipTo, h.company, 'shipto') : null },
  { label: 'Sales rep', value: h.salesRep },
  { label: 'Branch', value: h.branch },
  { label: 'Company', value: h.company },
];
const ITEM_COLUMNS: LineColumn[] = [
  { key: 'itemNumber', title: 'Item', link: 'item' },
  { key: 'itemDescription', title: 'Description' },
];

export const DOCUMENT_SPECS: Record<DocumentKind, DocumentSpec> = {
  invoice: {
    label: 'Invoice',
    source: 'Invoice',
    load: (number, company) => api.call(invoiceHeader, { params: { invoiceNumber: number }, body: company ? { company } : {} }) as never,
    status: (h) => (h.invoiceType === 'CR' ? 'Credit memo' : 'Invoice'),
    facts: (h) => [
      { label: 'Invoice date', value: h.invoiceDate, type: 'date' },
      ...accountFacts(h),
      { label: 'Order', value: h.orderNumber, href: text(h.orderNumber) ? detailsHref('order', String(h.orderNumber), h.company) : null },
      { label: 'Customer PO', value: h.customerPo },
      { label: 'Terms', value: h.terms },
      { label: 'Ship date', value: h.shipDate, type: 'date' },
      { label: 'Subtotal', value: h.sales, type: 'money' },
      { label: 'Freight', value: h.freight, type: 'money' },
      { label: 'Tax', value: h.tax, type: 'money' },
      { label: 'Total', value: h.total, type: 'money' },
    ],
    lineNumber: 'invoiceLineNumber',
    columns: [{ key: 'invoiceLineNumber', title: 'Line', type: 'number' }, ...ITEM_COLUMNS, { key: 'qty', title: 'Qty', type: 'number' }, { key: 'unitPrice', title: 'Unit price', type: 'money' }, { key: 'sales', title: 'Amount', type: 'money' }],
    related: (h) => [{ label: 'Account', href: accountHref(h.customer, h.company) }, ...(text(h.orderNumber) ? [{ label: `Order ${String(h.orderNumber)}`, href: detailsHref('order', String(h.orderNumber), h.company) }] : [])],
    pdf: (number, company) => ({ contract: invoicePdf, params: { invoiceNumber: number }, query: { company } }),
    bom: invoiceDetailsBom,
  },
  order: {
    label: 'Order',
    source: 'Order',
    load: (number, company) => api.call(orderHeader, { body: { orderNumber: number, ...(company ? { company } : {}) } }) as never,
    status: (h) => text(h.status) ?? null,
    facts: (h) => [
      { label: 'Order date', value: h.orderDate, type: 'date' },
      ...accountFacts(h),
      { label: 'Customer PO', value: h.customerPo },
      { label: 'Quote', value: h.quoteNumber, href: text(h.quoteNumber) ? detailsHref('quote', String(h.quoteNumber), h.company) : null },
      { label: 'Requested', value: h.requestedDate, type: 'date' },
      { label: 'Promised', value: h.promiseDate, type: 'date' },
      { label: 'Open', value: h.openTotal, type: 'money' },
      { label: 'Order total', value: h.orderTotal, type: 'money' },
    ],
    lineNumber: 'orderLineNumber',
    columns: [
      { key: 'orderLineNumber', title: 'Line', type: 'number' },
      ...ITEM_COLUMNS,
      { key: 'status', title: 'Status' },
      { key: 'qtyOrdered', title: 'Ordered', type: 'number' },
      { key: 'qtyShipped', title: 'Shipped', type: 'number' },
      { key: 'qtyOpen', title: 'Open', type: 'number' },
      { key: 'promiseDate', title: 'Promised', type: 'date' },
      { key: 'unitPrice', title: 'Unit price', type: 'money' },
      { key: 'sales', title: 'Amount', type: 'money' },
    ],
    related: (h) => [{ label: 'Account', href: accountHref(h.customer, h.company) }, ...(text(h.quoteNumber) ? [{ label: `Quote ${String(h.quoteNumber)}`, href: detailsHref('quote', String(h.quoteNumber), h.company) }] : [])],
    pdf: (number, company) => ({ contract: orderPdf, body: { orderNumber: number, company } }),
    bom: orderLineBom,
  },
  quote: {
    label: 'Quote',
    source: 'Quote',
    load: (number, company) => api.call(quoteHeader, { body: { quoteNumber: number, ...(company ? { company } : {}) } }) as never,
    status: (h) => text(h.status) ?? null,
    facts: (h) => [
      { label: 'Quote date', value: h.quoteDate, type: 'date' },
      { label: 'Expires', value: h.expirationDate, type: 'date' },
      ...accountFacts(h),
      { label: 'Order', value: h.orderNumber, href: text(h.orderNumber) ? detailsHref('order', String(h.orderNumber), h.company) : null },
      { label: 'Quote total', value: h.quoteTotal, type: 'money' },
    ],
    lineNumber: 'quoteLineNumber',
    columns: [{ key: 'quoteLineNumber', title: 'Line', type: 'number' }, ...ITEM_COLUMNS, { key: 'qty', title: 'Qty', type: 'number' }, { key: 'unitPrice', title: 'Unit price', type: 'money' }, { key: 'sales', title: 'Amount', type: 'money' }],
    related: (h) => [{ label: 'Account', href: accountHref(h.customer, h.company) }, ...(text(h.orderNumber) ? [{ label: `Order ${String(h.orderNumber)}`, href: detailsHref('order', String(h.orderNumber), h.company) }] : [])],
    pdf: (number, company) => ({ contract: quotePdf, body: { quoteNumber: number, company } }),
    bom: quoteDetailsBom,
  },
  purchaseOrder: {
    label: 'Purchase order',
    source: 'PurchaseOrder',
    load: (number, company) => api.call(purchaseOrderHeader, { body: { poNumber: number, ...(company ? { company } : {}) } }) as never,
    status: (h) => text(h.status) ?? null,
    facts: (h) => [
      { label: 'Order date', value: h.orderDate, type: 'date' },
      { label: 'Due date', value: h.dueDate, type: 'date' },
      { label: 'Received', value: h.receivedDate, type: 'date' },
      { label: 'Supplier', value: text(h.supplierName) ? `${String(h.supplierName)} (${String(h.supplier)})` : h.supplier, href: supplierHref(h.supplier, h.company) },
      { label: 'Buyer', value: h.buyer },
      { label: 'Location', value: h.location },
      { label: 'Branch', value: h.branch },
      { label: 'Company', value: h.company },
      { label: 'Open', value: h.openTotal, type: 'money' },
      { label: 'PO total', value: h.poTotal, type: 'money' },
    ],
    lineNumber: 'poLineNumber',
    columns: [
      { key: 'poLineNumber', title: 'Line', type: 'number' },
      ...ITEM_COLUMNS,
      { key: 'qtyOrdered', title: 'Ordered', type: 'number' },
      { key: 'qtyReceived', title: 'Received', type: 'number' },
      { key: 'qtyOpen', title: 'Open', type: 'number' },
      { key: 'dueDate', title: 'Due', type: 'date' },
      { key: 'unitCost', title: 'Unit cost', type: 'money' },
      { key: 'cost', title: 'Amount', type: 'money' },
    ],
    related: (h) => [{ label: 'Supplier', href: supplierHref(h.supplier, h.company) }],
    pdf: null,
    bom: null,
  },
};

/** `/details/invoice/I123` → { kind, number }; null for any other address. */
export function parseDetailsPath(pathname: string): { kind: DocumentKind; number: string } | null {
  const match = /^\/details\/(invoice|order|quote|purchaseorder)\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return null;
  const kind = (Object.keys(DOCUMENT_SPECS) as DocumentKind[]).find((k) => k.toLowerCase() === match[1]!.toLowerCase())!;
  try {
    return { kind, number: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
