import { Type } from 'typebox';
import { ListResult } from './analytics.ts';
import { ErrorBody, Int4 } from './common.ts';
import { DateSlug } from './choices.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { CompanyField, Id, Int, IsoDate, ListPeriod, Money, Nullable, OptText, search, session, Text } from './erp-fields.ts';
import { PurchaseOrderLineRow } from './erp-purchasing.ts';

// Seed 001 §7.11–7.12 line-level and note calls: the bill of material of a kit line (Invoice,
// Order and Quote BOM), the purchase order lines bought for an order line (Order/Line/PO), notes
// on invoices, order lines and purchase orders, collection notes on receivables and the customer
// and supplier note pads. A document or account outside the user's scope answers 404 as one that
// does not exist; customer data is per sales rep (as the Order calls), purchasing data company-wide
// behind PurchaseAccessRight, receivables behind ArAccessRight.

const CompanyQuery = Type.Object(CompanyField);
const NotFound = { 404: ErrorBody, ...ErpErrors };
/** A note as the ERP keeps it. */
const NoteFields = { noteNumber: Int, noteDate: IsoDate, noteType: Text, enteredBy: Text, noteText: Text };

/** Path parameters of a document line: its number and line number (an integer from 1). */
const lineParams = <N extends string, L extends string>(numberField: N, lineField: L) =>
  Type.Object({ [numberField]: Id, [lineField]: Int4({ minimum: 1 }) } as { [K in N]: typeof Id } & { [K in L]: ReturnType<typeof Type.Integer> });

// ------------------------------------------------------------------------------ BOM
/** One component of a kit line: per kit and for the line's quantity, at the item's cost. */
export const BomComponentRow = Type.Object({
  componentNumber: Int,
  itemNumber: Text,
  itemDescription: OptText,
  productGroup: OptText,
  unitOfMeasure: OptText,
  qtyPerKit: Type.Number(),
  /** qtyPerKit × the line's quantity. */
  qty: Type.Number(),
  unitCost: Money,
  extendedCost: Money,
});

/** The line asked about: its item and quantity, and whether the item is a kit (else no rows). */
const KitLine = Type.Object({ company: Text, customer: Text, itemNumber: Text, itemDescription: OptText, qty: Type.Number(), isKit: Type.Boolean() });

function bomContract<N extends string, L extends string>(path: string, what: string, numberField: N, lineField: L) {
  return defineContract({
    method: 'GET',
    path,
    ...session,
    summary: `The bill of material of a kit line on ${what}: each component, its quantity per kit and for the line, and its cost (no rows when the line's item is no kit; 404 when the user sees no such line)`,
    params: lineParams(numberField, lineField),
    querystring: CompanyQuery,
    response: { 200: ListResult(BomComponentRow, { line: KitLine }), ...NotFound },
  });
}

export const invoiceDetailsBom = bomContract('/Invoice/Details/BOM/{invoiceNumber}/{invoiceLineNumber}', 'an invoice', 'invoiceNumber', 'invoiceLineNumber');
export const orderLineBom = bomContract('/Order/Line/BOM/{orderNumber}/{orderLineNumber}', 'an order', 'orderNumber', 'orderLineNumber');
export const quoteDetailsBom = bomContract('/Quote/Details/BOM/{quoteNumber}/{quoteLineNumber}', 'a quote', 'quoteNumber', 'quoteLineNumber');

// ------------------------------------------------------------------------------ Order line PO and note
export const OrderLinePoRow = Type.Object({
  ...PurchaseOrderLineRow.properties,
  orderNumber: Text,
  orderLineNumber: Int,
  /** Special Order (received, then shipped) or Drop Ship (the supplier ships to the customer). */
  linkType: Text,
  status: Text,
  buyer: OptText,
});

export const orderLinePo = defineContract({
  method: 'GET',
  path: '/Order/Line/PO/{orderNumber}/{orderLineNumber}',
  ...session,
  summary: 'The purchase order lines bought for an order line (special order or drop ship), with their receipt; needs PurchaseAccessRight; 404 when the user sees no such order line',
  params: lineParams('orderNumber', 'orderLineNumber'),
  querystring: CompanyQuery,
  response: { 200: ListResult(OrderLinePoRow), ...NotFound },
});

export const OrderLineNoteRow = Type.Object({ company: Text, orderNumber: Text, orderLineNumber: Int, ...NoteFields });

export const orderLineNote = defineContract({
  method: 'GET',
  path: '/Order/Line/Note/{orderNumber}/{orderLineNumber}',
  ...session,
  summary: "An order line's notes, oldest first; 404 when the user sees no such order line",
  params: lineParams('orderNumber', 'orderLineNumber'),
  querystring: CompanyQuery,
  response: { 200: ListResult(OrderLineNoteRow), ...NotFound },
});

// ------------------------------------------------------------------------------ Invoice header notes
export const InvoiceNoteRow = Type.Object({ company: Text, invoiceNumber: Text, ...NoteFields });

export const invoiceHeaderNotes = defineContract({
  method: 'POST',
  path: '/Invoice/InvoiceHeaderNotes/{invoiceNumber}',
  ...session,
  summary: "An invoice's header notes, oldest first; searched, filtered (noteType, enteredBy), sorted, paged; 404 when the user sees no such invoice",
  params: Type.Object({ invoiceNumber: Id }),
  body: Type.Optional(Type.Object({ ...search, ...CompanyField })),
  response: { 200: ListResult(InvoiceNoteRow), ...NotFound },
});

// ------------------------------------------------------------------------------ PurchaseOrder notes
export const PurchaseOrderNoteRow = Type.Object({
  company: Text,
  poNumber: Text,
  ...NoteFields,
  supplier: Text,
  supplierName: OptText,
  status: Text,
  location: Text,
});

export const purchaseOrderNotes = defineContract({
  method: 'POST',
  path: '/PurchaseOrder/Notes',
  ...session,
  summary:
    "One purchase order's notes, oldest first (404 when there is no such PO); without poNumber, the notes of a dateSlug (default last-30-days), newest first; PurchaseAccessRight",
  body: Type.Object({ ...search, poNumber: Type.Optional(Id), ...CompanyField, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(PurchaseOrderNoteRow, ListPeriod), ...NotFound },
});

// ------------------------------------------------------------------------------ AR collection notes
export const CollectionNoteRow = Type.Object({
  company: Text,
  customer: Text,
  customerName: OptText,
  salesRep: Text,
  noteNumber: Int,
  /** The invoice the note is about; null for a note on the account. */
  invoiceNumber: OptText,
  noteDate: IsoDate,
  noteType: Text,
  contactName: OptText,
  enteredBy: Text,
  noteText: Text,
  promiseDate: Nullable(IsoDate),
  promiseAmount: Nullable(Money),
});

export const arCollectionNotes = defineContract({
  method: 'GET',
  path: '/AR/CollectionNotes',
  ...session,
  summary:
    "The collection notes on a customer's receivables (customer, company), or on one invoice (invoiceNumber: its notes only), newest first, at most 500; ArAccessRight; 404 when the user sees no such customer or invoice",
  querystring: Type.Object({ customer: Type.Optional(Id), ...CompanyField, invoiceNumber: Type.Optional(Id) }),
  response: { 200: ListResult(CollectionNoteRow), ...NotFound },
});

// ------------------------------------------------------------------------------ account notes
export const CustomerNoteRow = Type.Object({ company: Text, customer: Text, customerName: OptText, salesRep: Text, ...NoteFields });
export const SupplierNoteRow = Type.Object({ company: Text, supplier: Text, supplierName: OptText, ...NoteFields });

export const customerNoteList = defineContract({
  method: 'POST',
  path: '/Customer/Note/List',
  ...session,
  summary: "The notes on the user's customers (one customer with customer and company), newest first; a dateSlug cuts them by note date; searched, filtered, sorted, paged",
  body: Type.Object({ ...search, customer: Type.Optional(Id), ...CompanyField, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(CustomerNoteRow, ListPeriod), ...ErpErrors },
});

export const customerNote = defineContract({
  method: 'GET',
  path: '/Customer/Note/{customer}/{company}',
  ...session,
  summary: "One customer's notes, newest first (at most 500); 404 when the user sees no such customer",
  params: Type.Object({ customer: Id, company: Type.String({ minLength: 1, maxLength: 20 }) }),
  response: { 200: ListResult(CustomerNoteRow), ...NotFound },
});

export const supplierNoteList = defineContract({
  method: 'POST',
  path: '/Supplier/Note/List',
  ...session,
  summary: 'The notes on the suppliers (one supplier with supplier and company), newest first; a dateSlug cuts them by note date; PurchaseAccessRight',
  body: Type.Object({ ...search, supplier: Type.Optional(Id), ...CompanyField, dateSlug: Type.Optional(DateSlug) }),
  response: { 200: ListResult(SupplierNoteRow, ListPeriod), ...ErpErrors },
});
