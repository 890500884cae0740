import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '@tradeboard/shared/testing/pdfText';
import { useErpServices, withRoleSettings } from '../analytics/erp-test-kit.ts';
import { multipart, type TestBrowser } from '../testing/index.ts';
import { parseFilePath } from './doclink-routes.ts';
import { renderDocumentPdf } from './pdf.ts';

const kit = useErpServices();
const { sql } = kit;

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function upload(browser: TestBrowser, url: string, fileName: string, bytes: Buffer, method: 'POST' | 'PUT' = 'POST') {
  const { body, headers } = multipart(fileName, bytes);
  const response = await browser.request(method, `/api${url}`, { body, headers });
  return { status: response.statusCode, json: () => response.json(), response };
}

const send = async (browser: TestBrowser, method: 'POST' | 'GET' | 'DELETE' | 'PUT', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return response;
};

/** A customer of SR01 (rep@'s) and one of SR02 (rep2@'s). */
const customerOf = async (rep: string) => (await sql<{ company: string; customer: string }>('SELECT company, customer FROM erp.customer WHERE sales_rep = $1 ORDER BY company, customer LIMIT 1', [rep]))[0]!;
const fileCounts = async () => (await sql<{ files: number; chunks: number; links: number }>(
  'SELECT (SELECT count(*)::int FROM app.stored_file) AS files, (SELECT count(*)::int FROM app.stored_file_chunk) AS chunks, (SELECT count(*)::int FROM app.doc_link) AS links',
))[0]!;

describe('DocLink: files attached to accounts and documents', () => {
  it('uploads a PDF to a customer of the rep, lists it and downloads the same bytes; another rep gets 404', async () => {
    const { rep, rep2, admin } = kit.users;
    const c = await customerOf('SR01');
    const uploaded = await upload(rep, `/DocLink/Customer?id=${c.customer}&id2=${c.company}`, 'Price sheet.pdf', PDF_BYTES);
    expect(uploaded.status, uploaded.response.body).toBe(200);
    const file = uploaded.json();
    expect(file).toMatchObject({ fileName: 'Price sheet.pdf', contentType: 'application/pdf', byteSize: PDF_BYTES.byteLength });
    expect(file.filePath).toBe(`Customer/${c.company}/${c.customer}/Price%20sheet.pdf`);

    const list = await send(rep, 'POST', '/DocLink/List', { source: 'Customer', id: c.customer, id2: c.company });
    expect(list.statusCode).toBe(200);
    expect(list.json().files.map((f: { fileName: string }) => f.fileName)).toContain('Price sheet.pdf');

    const download = await send(rep, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(file.filePath)}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="Price sheet.pdf"');
    expect(Buffer.compare(download.rawPayload, PDF_BYTES)).toBe(0);
    // The administrator reads every account.
    expect((await send(admin, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(file.filePath)}`)).statusCode).toBe(200);

    // Another rep's account: neither its list, its files nor an upload to it.
    expect((await send(rep2, 'POST', '/DocLink/List', { source: 'Customer', id: c.customer, id2: c.company })).statusCode).toBe(404);
    expect((await send(rep2, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(file.filePath)}`)).statusCode).toBe(404);
    expect((await upload(rep2, `/DocLink/Customer?id=${c.customer}&id2=${c.company}`, 'x.pdf', PDF_BYTES)).status).toBe(404);
  });

  it('refuses a filePath with .., an absolute path or a path of another shape with 400, before reading anything', async () => {
    const { rep } = kit.users;
    const c = await customerOf('SR01');
    for (const filePath of [
      `Customer/${c.company}/${c.customer}/../../x.pdf`,
      `Customer/${c.company}/../secret.pdf`,
      `Customer/${c.company}/${c.customer}/%2E%2E`,
      `Customer/${c.company}/${c.customer}/..%2Fx.pdf`,
      '/etc/passwd',
      'C:/Windows/win.ini',
      `Customer\\${c.company}\\${c.customer}\\x.pdf`,
      `Customer/${c.company}/x.pdf`,
      `Nothing/${c.company}/${c.customer}/x.pdf`,
    ]) {
      const response = await send(rep, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(filePath)}`);
      expect(response.statusCode, filePath).toBe(400);
      expect(response.json().message).toContain('filePath');
    }
    expect(() => parseFilePath('Invoice/01/I1/a.pdf')).not.toThrow();
    // A well-formed path to no file: 404.
    expect((await send(rep, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(`Customer/${c.company}/${c.customer}/none.pdf`)}`)).statusCode).toBe(404);
  });

  it('refuses an oversize file (413), a type it does not take (415) and a body that is not multipart (415), leaving nothing stored', async () => {
    const { rep } = kit.users;
    const c = await customerOf('SR01');
    const before = await fileCounts();
    const url = `/DocLink/Customer?id=${c.customer}&id2=${c.company}`;
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(20 * 1024 * 1024)]);
    const oversize = await upload(rep, url, 'big.pdf', big);
    expect(oversize.status).toBe(413);
    expect(oversize.json().message).toBe('The file is larger than 20 MB, the most a document may be');
    const program = await upload(rep, url, 'report.pdf', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(200, 0xff)]));
    expect(program.status).toBe(415);
    expect(program.json().message).toMatch(/^report\.pdf is .*; a document may be PDF, PNG/);
    expect((await send(rep, 'POST', url, { file: 'x' })).statusCode).toBe(415);
    expect(await fileCounts()).toEqual(before);
  });

  it('replaces a file uploaded again under its name (the old bytes removed), takes fileName from the query, and deletes', async () => {
    const { rep } = kit.users;
    const c = await customerOf('SR01');
    const url = `/DocLink/Customer?id=${c.customer}&id2=${c.company}&fileName=${encodeURIComponent('Terms.txt')}`;
    const first = await upload(rep, url, 'a.txt', Buffer.from('first terms\n'));
    expect(first.status, first.response.body).toBe(200);
    const before = await fileCounts();
    const second = await upload(rep, url, 'b.txt', Buffer.from('second terms, longer\n'));
    expect(second.json()).toMatchObject({ fileName: 'Terms.txt', contentType: 'text/plain' });
    expect(await fileCounts()).toEqual(before);
    const filePath = second.json().filePath as string;
    expect((await send(rep, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(filePath)}`)).body).toBe('second terms, longer\n');
    expect((await send(rep, 'DELETE', `/DocLink?filePath=${encodeURIComponent(filePath)}`)).statusCode).toBe(204);
    expect((await send(rep, 'POST', `/DocLink/Download?filePath=${encodeURIComponent(filePath)}`)).statusCode).toBe(404);
    expect((await fileCounts()).files).toBe(before.files - 1);
  });

  it("attaches to the rep's invoices; another rep's invoice is 404, a purchase order needs PurchaseAccessRight (403)", async () => {
    const { rep, rep2 } = kit.users;
    const [inv] = await sql<{ company: string; invoice_number: string }>("SELECT company, invoice_number FROM erp.invoice_header WHERE sales_rep = 'SR01' ORDER BY invoice_number LIMIT 1");
    const url = `/DocLink/Invoice?id=${inv!.invoice_number}&id2=${inv!.company}`;
    expect((await upload(rep, url, 'proof.pdf', PDF_BYTES)).status).toBe(200);
    expect((await upload(rep2, url, 'proof.pdf', PDF_BYTES)).status).toBe(404);
    const [po] = await sql<{ company: string; po_number: string }>('SELECT company, po_number FROM erp.purchase_order_header ORDER BY po_number LIMIT 1');
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await send(rep, 'POST', '/DocLink/List', { source: 'PurchaseOrder', id: po!.po_number, id2: po!.company })).statusCode).toBe(403);
    });
    expect((await send(rep, 'POST', '/DocLink/List', { source: 'PurchaseOrder', id: po!.po_number, id2: po!.company })).statusCode).toBe(200);
  });
});

describe('CustomerImage', () => {
  it('adds, lists, shows, updates and deletes an image of the rep\u2019s customer; another rep gets 404; a text file is 415', async () => {
    const { rep, rep2 } = kit.users;
    const c = await customerOf('SR01');
    expect((await send(rep, 'GET', '/CustomerImage/Types')).json().map((t: { imageType: string }) => t.imageType)).toContain('Logo');
    expect((await send(rep, 'GET', '/CustomerImage/EntityTypes')).json().map((t: { entityType: string }) => t.entityType)).toEqual(['Customer', 'ShipTo', 'Supplier']);
    const account = `entityType=Customer&entityId=${c.customer}&company=${c.company}`;
    const added = await upload(rep, `/CustomerImage/Add?${account}&imageType=Logo&description=Front%20sign`, 'logo.png', PNG_BYTES);
    expect(added.status, added.response.body).toBe(200);
    const image = added.json();
    expect(image).toMatchObject({ entityType: 'Customer', entityId: c.customer, imageType: 'Logo', description: 'Front sign', contentType: 'image/png' });
    expect((await send(rep, 'GET', `/CustomerImage/List?${account}`)).json().map((i: { customerImageId: number }) => i.customerImageId)).toContain(image.customerImageId);
    const shown = await send(rep, 'GET', `/CustomerImage/${image.customerImageId}`);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="logo.png"/);
    expect(Buffer.compare(shown.rawPayload, PNG_BYTES)).toBe(0);
    const updated = await send(rep, 'POST', `/CustomerImage/Update/${image.customerImageId}`, { imageType: 'Storefront' });
    expect(updated.json()).toMatchObject({ imageType: 'Storefront', description: 'Front sign' });

    expect((await send(rep2, 'GET', `/CustomerImage/${image.customerImageId}`)).statusCode).toBe(404);
    expect((await send(rep2, 'DELETE', `/CustomerImage/${image.customerImageId}`)).statusCode).toBe(404);
    expect((await send(rep2, 'GET', `/CustomerImage/List?${account}`)).statusCode).toBe(404);
    expect((await upload(rep, `/CustomerImage/Add?${account}&imageType=Logo`, 'notes.png', Buffer.from('just text'))).status).toBe(415);

    expect((await send(rep, 'DELETE', `/CustomerImage/${image.customerImageId}`)).statusCode).toBe(204);
    expect((await send(rep, 'GET', `/CustomerImage/${image.customerImageId}`)).statusCode).toBe(404);
  });
});

describe('document PDFs', () => {
  it("Invoice/GenerateInvoicePdf: the rep's invoice as a PDF with its number, 2-decimal prices, totals and page numbers, named by Content-Disposition; 404 for another rep", async () => {
    const { rep, rep2 } = kit.users;
    const [inv] = await sql<{ company: string; invoice_number: string; total: string }>(
      "SELECT company, invoice_number, (sales + freight + tax)::text AS total FROM erp.invoice_header WHERE sales_rep = 'SR01' AND line_count > 1 ORDER BY invoice_number LIMIT 1",
    );
    const response = await send(rep, 'POST', `/Invoice/GenerateInvoicePdf/${inv!.invoice_number}?printed=true`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="Invoice-${inv!.invoice_number}.pdf"`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Invoice ${inv!.invoice_number}`);
    expect(text).toContain('Reprint');
    expect(text).toContain('Page 1 of 1');
    expect(text).toMatch(/\d\.\d\d\n/);
    expect(text).toContain(Number(inv!.total).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect((await send(rep2, 'POST', `/Invoice/GenerateInvoicePdf/${inv!.invoice_number}`)).statusCode).toBe(404);
    expect((await send(rep, 'POST', '/Invoice/GenerateInvoicePdf/NO-SUCH')).statusCode).toBe(404);
  });

  it('Order/GenerateOrderPdf and Quote/GenerateQuotePdf: in scope 200 with the number, another rep 404', async () => {
    const { rep, rep2 } = kit.users;
    const [order] = await sql<{ order_number: string }>("SELECT order_number FROM erp.order_header WHERE sales_rep = 'SR01' ORDER BY order_number LIMIT 1");
    const [quote] = await sql<{ quote_number: string }>("SELECT quote_number FROM erp.quote_header WHERE sales_rep = 'SR01' ORDER BY quote_number LIMIT 1");
    for (const [url, body, name] of [
      ['/Order/GenerateOrderPdf', { orderNumber: order!.order_number }, `Order ${order!.order_number}`],
      ['/Quote/GenerateQuotePdf', { quoteNumber: quote!.quote_number }, `Quote ${quote!.quote_number}`],
    ] as const) {
      const response = await send(rep, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(pdfText(response.rawPayload)).toContain(name);
      expect((await send(rep2, 'POST', url, body)).statusCode).toBe(404);
    }
  });

  it('draws a long document over several pages, each numbered, quickly (the 300 ms target is measured in docs/benchmarks.md)', async () => {
    const lines = Array.from({ length: 110 }, (_, i) => ({ line: i + 1, itemNumber: `IT-${1000 + i}`, description: `Hex bolt ${i} zinc`, qty: i + 1, unitPrice: 1.5 + i, amount: (i + 1) * (1.5 + i) }));
    const data = { title: 'Invoice' as const, number: 'I-LONG', distributor: { name: 'Acme Supply', lines: ['1 Main St'] }, facts: [['Terms', 'Net 30']] as Array<[string, string]>, billTo: ['A'], shipTo: ['B'], lines, totals: [['Total', 10]] as Array<[string, number]> };
    await renderDocumentPdf(data, { price: 2, quantity: 2 });
    const started = performance.now();
    const pdf = await renderDocumentPdf(data, { price: 2, quantity: 2 });
    const elapsed = performance.now() - started;
    expect(pdfPageCount(pdf)).toBe(3);
    const text = pdfText(pdf);
    for (const page of [1, 2, 3]) expect(text).toContain(`Page ${page} of 3`);
    expect(text).toContain('110.00');
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('detail pages\u2019 calls', () => {
  it("answer the rep's own invoice, order and quote and 404 for another rep's; a purchase order's page needs PurchaseAccessRight (403)", async () => {
    const { rep, rep2 } = kit.users;
    const first = async (table: string, column: string) =>
      (await sql<{ n: string; company: string }>(`SELECT ${column} AS n, company FROM ${table} WHERE sales_rep = 'SR01' ORDER BY ${column} LIMIT 1`))[0]!;
    const invoice = await first('erp.invoice_header', 'invoice_number');
    const order = await first('erp.order_header', 'order_number');
    const quote = await first('erp.quote_header', 'quote_number');
    for (const [url, body] of [
      [`/Invoice/Header/${invoice.n}`, { company: invoice.company }],
      ['/Order/Header', { orderNumber: order.n, company: order.company }],
      ['/Quote/Header', { quoteNumber: quote.n, company: quote.company }],
    ] as const) {
      const mine = await send(rep, 'POST', url, body);
      expect(mine.statusCode, url).toBe(200);
      expect(mine.json().lines.length, url).toBeGreaterThan(0);
      expect((await send(rep2, 'POST', url, body)).statusCode, url).toBe(404);
    }
    const [po] = await sql<{ po_number: string; company: string }>('SELECT po_number, company FROM erp.purchase_order_header ORDER BY po_number LIMIT 1');
    const poBody = { poNumber: po!.po_number, company: po!.company };
    expect((await send(rep, 'POST', '/PurchaseOrder/Header', poBody)).statusCode).toBe(200);
    await withRoleSettings(kit, 'SalesRep', { PurchaseAccessRight: 'false' }, async () => {
      expect((await send(rep, 'POST', '/PurchaseOrder/Header', poBody)).statusCode).toBe(403);
      expect((await upload(rep, `/DocLink/PurchaseOrder?id=${po!.po_number}&id2=${po!.company}`, 'po.pdf', PDF_BYTES)).status).toBe(403);
    });
  });
});

describe('the distributor logo (LogoMaster)', () => {
  /** The PDF of one of rep@'s invoices. */
  const invoicePdf = async () => {
    const [inv] = await sql<{ invoice_number: string }>("SELECT invoice_number FROM erp.invoice_header WHERE sales_rep = 'SR01' ORDER BY invoice_number LIMIT 1");
    const response = await send(kit.users.rep, 'POST', `/Invoice/GenerateInvoicePdf/${inv!.invoice_number}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload.toString('latin1');
  };
  const hasImage = (pdf: string) => pdf.includes('/Subtype /Image');
  const setDocumentLogo = async (value: string | null) => {
    const [{ id }] = await sql<{ id: number }>("SELECT setting_master_id AS id FROM app.setting_master WHERE setting_name = 'DocumentLogoMasterId'");
    const response = value === null
      ? await send(kit.users.admin, 'POST', `/Settings/Global/Remove/${id}`)
      : await send(kit.users.admin, 'POST', '/Settings/Global/Update', { settingMasterId: id, settingValue: value });
    expect(response.statusCode, response.body).toBe(204);
  };

  it('an administrator adds and replaces a logo; every user of the organization reads it; a rep may not add one; wrong kinds and sizes are refused', async () => {
    const { admin, rep } = kit.users;
    expect((await upload(rep, '/LogoMaster', 'logo.png', PNG_BYTES)).status).toBe(403);
    const added = await upload(admin, '/LogoMaster', 'Northwind logo.png', PNG_BYTES);
    expect(added.status, added.response.body).toBe(200);
    const logo = added.json();
    expect(logo).toMatchObject({ fileName: 'Northwind logo.png', contentType: 'image/png', byteSize: PNG_BYTES.byteLength });
    const shown = await send(rep, 'GET', `/LogoMaster/${logo.logoMasterId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="Northwind logo.png"/);
    expect(shown.rawPayload.equals(PNG_BYTES)).toBe(true);

    const keyOf = async () => (await sql<{ key: string }>('SELECT file_key AS key FROM app.logo_master WHERE logo_master_id = $1', [logo.logoMasterId]))[0]!.key;
    const firstKey = await keyOf();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const replaced = await upload(admin, `/LogoMaster/${logo.logoMasterId}`, 'logo.jpg', jpeg, 'PUT');
    expect(replaced.status, replaced.response.body).toBe(200);
    expect(replaced.json()).toMatchObject({ logoMasterId: logo.logoMasterId, fileName: 'logo.jpg', contentType: 'image/jpeg' });
    expect((await send(rep, 'GET', `/LogoMaster/${logo.logoMasterId}`)).rawPayload.equals(jpeg)).toBe(true);
    // The replaced image is gone from the store, not left behind.
    expect(await keyOf()).not.toBe(firstKey);
    expect(await sql('SELECT 1 FROM app.stored_file WHERE file_key = $1', [firstKey])).toEqual([]);
    expect((await upload(rep, `/LogoMaster/${logo.logoMasterId}`, 'logo.png', PNG_BYTES, 'PUT')).status).toBe(403);

    expect((await upload(admin, '/LogoMaster', 'logo.pdf', PDF_BYTES)).status).toBe(415);
    expect((await upload(admin, '/LogoMaster', 'logo.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).status).toBe(415);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(admin, '/LogoMaster', 'huge.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json().message).toMatch(/larger than 1 MB/);
    expect((await upload(admin, '/LogoMaster/999999', 'logo.png', PNG_BYTES, 'PUT')).status).toBe(404);
  });

  it("another organization's logo answers 404", async () => {
    const [{ key }] = await sql<{ key: string }>(
      "INSERT INTO app.stored_file (file_key, content_type, byte_size, sha256) VALUES (gen_random_uuid()::text, 'image/png', 1, 'x') RETURNING file_key AS key",
    );
    const [{ id }] = await sql<{ id: number }>(
      "INSERT INTO app.logo_master (customer_master_id, file_name, file_key, content_type, byte_size) VALUES (2, 'contoso.png', $1, 'image/png', 1) RETURNING logo_master_id AS id",
      [key],
    );
    expect((await send(kit.users.rep, 'GET', `/LogoMaster/${id}`)).statusCode).toBe(404);
    expect((await upload(kit.users.admin, `/LogoMaster/${id}`, 'logo.png', PNG_BYTES, 'PUT')).status).toBe(404);
    // Named as the documents' logo, it is not printed on this organization's documents.
    await setDocumentLogo(String(id));
    try {
      expect(hasImage(await invoicePdf())).toBe(false);
    } finally {
      await setDocumentLogo(null);
    }
  });

  it("the organization's DocumentLogoMasterId puts the logo on its PDFs; an unreadable image or none leaves the PDF without one", async () => {
    const { admin } = kit.users;
    expect(hasImage(await invoicePdf())).toBe(false);
    const logo = (await upload(admin, '/LogoMaster', 'logo.png', PNG_BYTES)).json();
    await setDocumentLogo(String(logo.logoMasterId));
    try {
      expect(hasImage(await invoicePdf())).toBe(true);
      // A file that passed the type check but does not decode: the PDF is printed without it.
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
      expect((await upload(admin, `/LogoMaster/${logo.logoMasterId}`, 'broken.jpg', broken, 'PUT')).status).toBe(200);
      expect(hasImage(await invoicePdf())).toBe(false);
    } finally {
      await setDocumentLogo(null);
    }
  });
});
