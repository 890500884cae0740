/**
 * Documents found by number for the search page and the Ctrl+K palette (issue 24): the text, when
 * it looks like a document number (no spaces, a digit in it), is looked up as an invoice, order,
 * quote and — with PurchaseAccessRight — purchase order number, each through its header call,
 * which answers only the user's own documents (404 otherwise, so another rep's never shows).
 */
import { invoiceHeader, orderHeader, purchaseOrderHeader, quoteHeader } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { detailsHref, type DocumentKind } from '../details/documentSpecs.ts';

export type DocumentHit = { key: string; title: string; id: string; subtitle: string; href: string };

/** Whether a text could be a document number worth looking up. */
export const looksLikeDocumentNumber = (text: string) => /^\S{2,40}$/.test(text.trim()) && /\d/.test(text);

type Header = Record<string, unknown>;
const LOOKUPS: ReadonlyArray<{ kind: DocumentKind; label: string; find: (number: string, signal: AbortSignal) => Promise<{ header: Header }>; facts: (h: Header) => unknown[] }> = [
  { kind: 'order', label: 'Order', find: (n, signal) => api.call(orderHeader, { body: { orderNumber: n }, signal }) as never, facts: (h) => [h.customerName, h.status, h.orderDate] },
  { kind: 'invoice', label: 'Invoice', find: (n, signal) => api.call(invoiceHeader, { params: { invoiceNumber: n }, body: {}, signal }) as never, facts: (h) => [h.customerName, h.invoiceDate] },
  { kind: 'quote', label: 'Quote', find: (n, signal) => api.call(quoteHeader, { body: { quoteNumber: n }, signal }) as never, facts: (h) => [h.customerName, h.status, h.quoteDate] },
  { kind: 'purchaseOrder', label: 'Purchase order', find: (n, signal) => api.call(purchaseOrderHeader, { body: { poNumber: n }, signal }) as never, facts: (h) => [h.supplierName, h.status, h.orderDate] },
];

/** The user's documents whose number is the text (several companies' copies left out: they need a company). */
export async function searchDocuments(text: string, purchasing: boolean, signal: AbortSignal): Promise<DocumentHit[]> {
  const number = text.trim();
  if (!looksLikeDocumentNumber(number)) return [];
  const found = await Promise.all(
    LOOKUPS.filter((lookup) => purchasing || lookup.kind !== 'purchaseOrder').map(async (lookup) => {
      try {
        const { header } = await lookup.find(number, signal);
        return [
          {
            key: `${lookup.kind}|${String(header.company)}|${number}`,
            title: `${lookup.label} ${number}`,
            id: number,
            subtitle: [`Company ${String(header.company)}`, ...lookup.facts(header).filter(Boolean).map(String)].join(' · '),
            href: detailsHref(lookup.kind, number, header.company),
          },
        ];
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status === 404 || status === 400 || status === 403) return [];
        throw error;
      }
    }),
  );
  return found.flat();
}
