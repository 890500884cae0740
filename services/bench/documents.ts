/**
 * `node --import tsx services/bench/documents.ts [--scale N] [--runs N] [--data-dir DIR]`
 *
 * Issue 24's speed targets, through the services' own routes (Fastify inject, as rep@), on the
 * embedded database (or DATABASE_URL): a detail page's calls (the header-and-lines call of an
 * invoice, order, quote and purchase order, result cache emptied before each), an invoice PDF
 * (a real one, and a 3-page one drawn from 110 lines), and a 10 MB upload and its download.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clearAnalyticsCaches } from '../src/analytics/cache.ts';
import { DEMO_PASSWORD } from '../src/demo/app-seed.ts';
import { renderDocumentPdf } from '../src/documents/pdf.ts';
import { TestBrowser } from '../src/testing/test-browser.ts';
import { openBenchServices, percentile } from './bench-services.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '10' },
    'data-dir': { type: 'string', default: path.join(tmpdir(), 'tb-docs-bench-pglite') },
  },
});
const scale = Number(values.scale);
const runs = Math.max(3, Number(values.runs));
const { db, app, close } = await openBenchServices({ scale, dataDir: values['data-dir'] });
const rep = new TestBrowser(app);
if ((await rep.login('rep@tradeboard.example', DEMO_PASSWORD)).statusCode !== 200) throw new Error('sign-in failed');

async function time(name: string, run: (i: number) => Promise<{ statusCode: number; body?: string }>, cold = true) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (cold) clearAnalyticsCaches();
    const started = performance.now();
    const response = await run(i);
    ms.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body?.slice(0, 200)}`);
  }
  console.log(`${name.padEnd(52)} p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(ms, 95).toFixed(0).padStart(5)} ms`);
}

const pick = async (sql: string) => (await db.query<{ n: string; c: string }>(sql)).rows;
const invoices = await pick(`SELECT invoice_number AS n, company AS c FROM erp.invoice_header WHERE sales_rep = 'SR01' ORDER BY line_count DESC, invoice_number LIMIT ${runs}`);
const orders = await pick(`SELECT order_number AS n, company AS c FROM erp.order_header WHERE sales_rep = 'SR01' ORDER BY line_count DESC, order_number LIMIT ${runs}`);
const quotes = await pick(`SELECT quote_number AS n, company AS c FROM erp.quote_header WHERE sales_rep = 'SR01' ORDER BY line_count DESC, quote_number LIMIT ${runs}`);
const pos = await pick(`SELECT po_number AS n, company AS c FROM erp.purchase_order_header ORDER BY line_count DESC, po_number LIMIT ${runs}`);
const at = <T>(xs: T[], i: number) => xs[i % xs.length]!;

console.log(`scale ${scale}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}, ${runs} runs, as rep@ (result cache emptied before each detail call)`);
await time('Invoice/Header/{n} (invoice page)', (i) => rep.request('POST', `/api/Invoice/Header/${at(invoices, i).n}`, { body: { company: at(invoices, i).c } }));
await time('Order/Header (order page)', (i) => rep.request('POST', '/api/Order/Header', { body: { orderNumber: at(orders, i).n, company: at(orders, i).c } }));
await time('Quote/Header (quote page)', (i) => rep.request('POST', '/api/Quote/Header', { body: { quoteNumber: at(quotes, i).n, company: at(quotes, i).c } }));
await time('PurchaseOrder/Header (PO page)', (i) => rep.request('POST', '/api/PurchaseOrder/Header', { body: { poNumber: at(pos, i).n, company: at(pos, i).c } }));
await time('Invoice/GenerateInvoicePdf (largest invoices)', (i) => rep.request('POST', `/api/Invoice/GenerateInvoicePdf/${at(invoices, i).n}?company=${at(invoices, i).c}`));

const lines = Array.from({ length: 110 }, (_, i) => ({ line: i + 1, itemNumber: `IT-${1000 + i}`, description: `Hex bolt ${i} zinc plated`, qty: i + 1, unitPrice: 1.5 + i, amount: (i + 1) * (1.5 + i) }));
const data = { title: 'Invoice' as const, number: 'BENCH', distributor: { name: 'Acme Supply', lines: ['1 Main St', 'Springfield, IL 62701'] }, facts: [['Terms', 'Net 30']] as Array<[string, string]>, billTo: ['A'], shipTo: ['B'], lines, totals: [['Total', 1]] as Array<[string, number]> };
await time('3-page invoice PDF drawn (110 lines)', async () => {
  await renderDocumentPdf(data, { price: 2, quantity: 2 });
  return { statusCode: 200 };
}, false);

const customer = (await db.query<{ customer: string; company: string }>("SELECT customer, company FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY customer LIMIT 1")).rows[0]!;
const megabytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 - 9, 0x20)]);
const boundary = '----tbbench';
const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ten.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), megabytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
await time('10 MB upload (DocLink/Customer)', (i) =>
  rep.request('POST', `/api/DocLink/Customer?id=${customer.customer}&id2=${customer.company}&fileName=ten-${i}.pdf`, { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
false);
await time('10 MB download (DocLink/Download)', (i) =>
  rep.request('POST', `/api/DocLink/Download?filePath=${encodeURIComponent(`Customer/${customer.company}/${customer.customer}/ten-${i}.pdf`)}`),
false);

await close();
