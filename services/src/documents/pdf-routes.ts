/**
 * The documents' PDFs (seed 001 §7.11): Invoice/GenerateInvoicePdf/{invoiceNumber} (query
 * printed), Order/GenerateOrderPdf and Quote/GenerateQuotePdf. The document is found in the
 * caller's scope first (another rep's answers 404), then read whole and drawn by pdf.ts; the
 * answer names the file in Content-Disposition (Invoice-<number>.pdf …).
 */
import type { FastifyInstance } from 'fastify';
import { invoicePdf, orderPdf, quotePdf } from '@tradeboard/shared/contracts';
import { erpCall, type ErpCall } from '../analytics/erp-common.ts';
import { documentLogo } from '../admin/logo-routes.ts';
import { fileStorage, PDF, sendBytes } from '../files/index.ts';
import { serve } from '../platform/route.ts';
import { DOCUMENT_SETTINGS, findDocument } from './document-scope.ts';
import { precisionOf, renderDocumentPdf, type PdfDocumentData, type PdfLine } from './pdf.ts';

const PDF_SETTINGS = [...DOCUMENT_SETTINGS, 'PdfPricePrecision', 'PdfQuantityPrecision', 'DocumentLogoMasterId'];

type Kind = 'Invoice' | 'Order' | 'Quote';

/** What each document reads: its header, its lines' quantity and the facts shown. */
const SPECS = {
  Invoice: {
    header: `SELECT h.company, h.invoice_number AS number, h.customer, h.ship_to AS "shipTo", h.branch,
                    to_char(h.invoice_date, 'MM/DD/YYYY') AS "date", h.order_number AS "orderNumber", h.customer_po AS "customerPo", h.terms,
                    to_char(h.ship_date, 'MM/DD/YYYY') AS "shipDate", h.invoice_type AS "invoiceType", h.sales_rep AS "salesRep",
                    h.sales::float8 AS sales, h.freight::float8 AS freight, h.tax::float8 AS tax
               FROM erp.invoice_header h WHERE h.company = $1 AND h.invoice_number = $2`,
    lines: `SELECT l.invoice_line_number AS line, l.item_number AS "itemNumber", coalesce(i.description, '') AS description,
                   l.qty::float8 AS qty, l.unit_price::float8 AS "unitPrice", l.sales::float8 AS amount
              FROM erp.invoice_line l LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number
             WHERE l.company = $1 AND l.invoice_number = $2 ORDER BY l.invoice_line_number`,
    qtyTitle: 'Qty',
  },
  Order: {
    header: `SELECT h.company, h.order_number AS number, h.customer, h.ship_to AS "shipTo", h.branch,
                    to_char(h.order_date, 'MM/DD/YYYY') AS "date", to_char(h.promise_date, 'MM/DD/YYYY') AS "promiseDate", h.customer_po AS "customerPo",
                    h.status, h.quote_number AS "quoteNumber", h.sales_rep AS "salesRep", h.order_total::float8 AS total, h.open_total::float8 AS "openTotal"
               FROM erp.order_header h WHERE h.company = $1 AND h.order_number = $2`,
    lines: `SELECT l.order_line_number AS line, l.item_number AS "itemNumber", coalesce(i.description, '') AS description,
                   l.qty_ordered::float8 AS qty, l.unit_price::float8 AS "unitPrice", l.sales::float8 AS amount
              FROM erp.order_line l LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number
             WHERE l.company = $1 AND l.order_number = $2 ORDER BY l.order_line_number`,
    qtyTitle: 'Qty Ordered',
  },
  Quote: {
    header: `SELECT h.company, h.quote_number AS number, h.customer, h.ship_to AS "shipTo", h.branch,
                    to_char(h.quote_date, 'MM/DD/YYYY') AS "date", to_char(h.expiration_date, 'MM/DD/YYYY') AS "expirationDate",
                    h.status, h.order_number AS "orderNumber", h.sales_rep AS "salesRep", h.quote_total::float8 AS total
               FROM erp.quote_header h WHERE h.company = $1 AND h.quote_number = $2`,
    lines: `SELECT l.quote_line_number AS line, l.item_number AS "itemNumber", coalesce(i.description, '') AS description,
                   l.qty::float8 AS qty, l.unit_price::float8 AS "unitPrice", l.sales::float8 AS amount
              FROM erp.quote_line l LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number
             WHERE l.company = $1 AND l.quote_number = $2 ORDER BY l.quote_line_number`,
    qtyTitle: 'Qty',
  },
} as const;

type Header = Record<string, string | number | null> & { company: string; number: string; customer: string; shipTo: string; branch: string };

const addressLines = (row: { name?: string | null; address1: string | null; city: string | null; state: string | null; postal_code: string | null; phone?: string | null } | undefined) =>
  row
    ? [row.name, row.address1, [row.city, [row.state, row.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '), row.phone ? `Phone ${row.phone}` : null].filter(
        (line): line is string => Boolean(line),
      )
    : [];

/** A document of the caller's, read whole for its PDF (404 outside his scope). */
export async function documentPdfData(call: ErpCall, kind: Kind, number: string, company: string | undefined, reprint = false): Promise<PdfDocumentData> {
  const found = await findDocument(call, kind, number, company);
  const spec = SPECS[kind];
  const [headerRows, lineRows] = await Promise.all([
    call.db.query<Header>(spec.header, [found.company, number]),
    call.db.query<PdfLine>(spec.lines, [found.company, number]),
  ]);
  const h = headerRows.rows[0]!;
  const [distributor, billTo, shipTo] = await Promise.all([
    call.db.query(
      `SELECT c.company_name AS name, b.address1, b.city, b.state, b.postal_code, b.phone FROM erp.company c
         LEFT JOIN erp.branch b ON b.company = c.company AND b.branch = $2 WHERE c.company = $1`,
      [h.company, h.branch],
    ),
    call.db.query(`SELECT customer_name AS name, address1, city, state, postal_code FROM erp.customer WHERE company = $1 AND customer = $2`, [h.company, h.customer]),
    call.db.query(`SELECT ship_to_name AS name, address1, city, state, postal_code FROM erp.ship_to WHERE company = $1 AND ship_to = $2`, [h.company, h.shipTo]),
  ]);
  const d = distributor.rows[0] as { name: string; address1: string | null; city: string | null; state: string | null; postal_code: string | null; phone: string | null } | undefined;
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const common = { number, distributor: { name: d?.name ?? `Company ${h.company}`, lines: addressLines(d ? { ...d, name: null } : undefined) }, billTo: [`Account ${h.customer}`, ...addressLines(billTo.rows[0] as never)], shipTo: [`Ship-to ${h.shipTo}`, ...addressLines(shipTo.rows[0] as never)], qtyTitle: spec.qtyTitle, lines: lineRows.rows };
  const subtotal = lineRows.rows.reduce((sum, line) => sum + line.amount, 0);
  if (kind === 'Invoice') {
    const sales = Number(h.sales);
    return {
      ...common,
      title: 'Invoice',
      reprint,
      facts: [['Invoice Date', text(h.date)], ['Order', text(h.orderNumber)], ['Customer PO', text(h.customerPo)], ['Terms', text(h.terms)], ['Ship Date', text(h.shipDate)], ['Sales Rep', text(h.salesRep)]],
      totals: [['Subtotal', sales], ['Freight', Number(h.freight)], ['Tax', Number(h.tax)], ['Total', sales + Number(h.freight) + Number(h.tax)]],
    };
  }
  if (kind === 'Order') {
    return {
      ...common,
      title: 'Order',
      facts: [['Order Date', text(h.date)], ['Promise Date', text(h.promiseDate)], ['Status', text(h.status)], ['Customer PO', text(h.customerPo)], ['Quote', text(h.quoteNumber)], ['Sales Rep', text(h.salesRep)]],
      totals: [['Lines', subtotal], ['Open', Number(h.openTotal)], ['Order Total', Number(h.total)]],
    };
  }
  return {
    ...common,
    title: 'Quote',
    facts: [['Quote Date', text(h.date)], ['Expires', text(h.expirationDate)], ['Status', text(h.status)], ['Order', text(h.orderNumber)], ['Sales Rep', text(h.salesRep)]],
    totals: [['Lines', subtotal], ['Quote Total', Number(h.total)]],
  };
}

/** A PDF's file name: Invoice-<number>.pdf, the number's unsafe characters replaced. */
export const pdfFileName = (kind: Kind, number: string) => `${kind}-${number.replace(/[^\w.-]+/g, '_')}.pdf`;

export async function pdfRoutes(app: FastifyInstance): Promise<void> {
  const storage = fileStorage(app);
  const pdf = async (call: ErpCall, userMasterId: number, kind: Kind, number: string, company: string | undefined, reprint = false) => {
    const [data, logo] = await Promise.all([
      documentPdfData(call, kind, number, company, reprint),
      documentLogo(app.db, storage, userMasterId, call.settings.DocumentLogoMasterId),
    ]);
    return renderDocumentPdf({ ...data, distributor: { ...data.distributor, logo } }, {
      price: precisionOf(call.settings.PdfPricePrecision),
      quantity: precisionOf(call.settings.PdfQuantityPrecision),
    });
  };

  serve(app, invoicePdf, async (request, reply) => {
    const call = await erpCall(app.db, request.user, PDF_SETTINGS);
    const { invoiceNumber } = request.params;
    return sendBytes(reply, await pdf(call, request.user.userMasterId, 'Invoice', invoiceNumber, request.query?.company, request.query?.printed === true), PDF, pdfFileName('Invoice', invoiceNumber));
  });
  serve(app, orderPdf, async (request, reply) => {
    const call = await erpCall(app.db, request.user, PDF_SETTINGS);
    const { orderNumber, company } = request.body;
    return sendBytes(reply, await pdf(call, request.user.userMasterId, 'Order', orderNumber, company), PDF, pdfFileName('Order', orderNumber));
  });
  serve(app, quotePdf, async (request, reply) => {
    const call = await erpCall(app.db, request.user, PDF_SETTINGS);
    const { quoteNumber, company } = request.body;
    return sendBytes(reply, await pdf(call, request.user.userMasterId, 'Quote', quoteNumber, company), PDF, pdfFileName('Quote', quoteNumber));
  });
}
