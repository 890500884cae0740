/**
 * A sales document (invoice, order, quote) as a PDF, made on the server with pdfkit: the
 * distributor's logo (when the organization set one), name and address at the top, the document's title, number and key facts, the
 * bill-to and ship-to, the lines (repeating their heading on every page), the totals, and
 * "Page n of m" on every page. Prices and quantities at the PdfPricePrecision and
 * PdfQuantityPrecision settings (seed 000 §9: 2 each). Pure: it takes the document's data.
 */
import PDFDocument from 'pdfkit';

export type PdfLine = { line: number; itemNumber: string; description: string; qty: number; unitPrice: number; amount: number; note?: string };

export type PdfDocumentData = {
  title: 'Invoice' | 'Order' | 'Quote';
  number: string;
  /** Marked "Reprint" (an invoice printed before). */
  reprint?: boolean;
  /** The distributor: name, address lines and logo (a PNG or JPEG image, or none). */
  distributor: { name: string; lines: string[]; logo?: Buffer | null };
  /** The header's facts: label and value, in order. */
  facts: Array<[string, string]>;
  billTo: string[];
  shipTo: string[];
  /** The quantity column's title (Qty, Qty Ordered …). */
  qtyTitle?: string;
  lines: PdfLine[];
  /** Totals at the foot, label and amount; the last is the document total (bold). */
  totals: Array<[string, number]>;
};

export type PdfPrecision = { price: number; quantity: number };

/** A precision setting's value: an integer 0–6, else the default 2. */
export function precisionOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 6 ? n : 2;
}

/** A number with thousands separators and exactly `decimals` decimals. */
export function fixed(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const MARGIN = 48;
const PAGE = { width: 612, height: 792 }; // US Letter
/** The box the logo is fitted into, its proportions kept. */
const LOGO = { width: 160, height: 48 };
const COLUMNS = [
  { key: 'line', title: '#', width: 28, align: 'left' },
  { key: 'itemNumber', title: 'Item', width: 92, align: 'left' },
  { key: 'description', title: 'Description', width: 196, align: 'left' },
  { key: 'qty', title: 'Qty', width: 60, align: 'right' },
  { key: 'unitPrice', title: 'Unit Price', width: 70, align: 'right' },
  { key: 'amount', title: 'Amount', width: 70, align: 'right' },
] as const;
const ROW_HEIGHT = 16;

/** The document as PDF bytes. */
export function renderDocumentPdf(data: PdfDocumentData, precision: PdfPrecision): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, bufferPages: true, info: { Title: `${data.title} ${data.number}`, Author: data.distributor.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const right = PAGE.width - MARGIN;
  const bottom = PAGE.height - MARGIN - 24;

  // ---- heading: distributor left (the logo above the name), document right
  let top = MARGIN;
  if (data.distributor.logo) {
    try {
      doc.image(data.distributor.logo, MARGIN, MARGIN, { fit: [LOGO.width, LOGO.height] });
      top += LOGO.height + 6;
    } catch {
      // An image pdfkit cannot read (its type was checked on upload, not every byte): printed without it.
    }
  }
  doc.font('Helvetica-Bold').fontSize(16).text(data.distributor.name, MARGIN, top, { width: 300 });
  doc.font('Helvetica').fontSize(9);
  for (const line of data.distributor.lines) doc.text(line, { width: 300 });
  const distributorBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).text(data.title.toUpperCase(), 340, MARGIN, { width: right - 340, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(`${data.title} ${data.number}`, 340, doc.y, { width: right - 340, align: 'right' });
  if (data.reprint) doc.font('Helvetica-Oblique').text('Reprint', { width: right - 340, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 70) + 10;
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of data.facts) {
    doc.font('Helvetica-Bold').text(`${label}:`, 340, y, { width: 90 });
    doc.font('Helvetica').text(value || '—', 430, y, { width: right - 430, align: 'right' });
    y += 13;
  }

  // ---- addresses
  const addressTop = Math.max(y, doc.y, distributorBottom) + 12;
  const block = (title: string, lines: string[], x: number) => {
    doc.font('Helvetica-Bold').fontSize(9).text(title, x, addressTop, { width: 240 });
    doc.font('Helvetica').fontSize(9);
    for (const line of lines) doc.text(line, x, doc.y, { width: 240 });
    return doc.y;
  };
  y = Math.max(block('Bill To', data.billTo, MARGIN), block('Ship To', data.shipTo, 310)) + 16;

  // ---- lines
  const columns = COLUMNS.map((c) => (c.key === 'qty' ? { ...c, title: data.qtyTitle ?? c.title } : c));
  const heading = () => {
    doc.rect(MARGIN, y - 3, right - MARGIN, ROW_HEIGHT).fill('#eef1f5').fillColor('#000');
    let x = MARGIN + 2;
    doc.font('Helvetica-Bold').fontSize(8.5);
    for (const column of columns) {
      doc.text(column.title, x, y + 1, { width: column.width - 4, align: column.align, lineBreak: false });
      x += column.width;
    }
    y += ROW_HEIGHT + 2;
    doc.font('Helvetica').fontSize(8.5);
  };
  heading();
  for (const line of data.lines) {
    const description = line.note ? `${line.description} — ${line.note}` : line.description;
    const height = Math.max(ROW_HEIGHT, doc.heightOfString(description, { width: columns[2].width - 4 }) + 5);
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
      heading();
    }
    const values: Record<string, string> = {
      line: String(line.line),
      itemNumber: line.itemNumber,
      description,
      qty: fixed(line.qty, precision.quantity),
      unitPrice: fixed(line.unitPrice, precision.price),
      amount: fixed(line.amount, precision.price),
    };
    let x = MARGIN + 2;
    for (const column of columns) {
      doc.text(values[column.key]!, x, y, { width: column.width - 4, align: column.align, ...(column.key === 'description' ? {} : { lineBreak: false }) });
      x += column.width;
    }
    y += height;
    doc.moveTo(MARGIN, y - 3).lineTo(right, y - 3).lineWidth(0.3).strokeColor('#d0d5dd').stroke();
  }
  if (data.lines.length === 0) {
    doc.font('Helvetica-Oblique').text('No lines.', MARGIN + 2, y);
    y += ROW_HEIGHT;
  }

  // ---- totals
  if (y + data.totals.length * 15 + 10 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  data.totals.forEach(([label, amount], index) => {
    const last = index === data.totals.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10.5 : 9.5);
    doc.text(label, 360, y, { width: 110, align: 'right' });
    doc.text(fixed(amount, precision.price), 470, y, { width: right - 470, align: 'right' });
    y += 15;
  });

  // ---- page numbers, on every page
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#555');
    doc.text(`${data.title} ${data.number}`, MARGIN, PAGE.height - MARGIN + 8, { width: 200, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, right - 200, PAGE.height - MARGIN + 8, { width: 200, align: 'right', lineBreak: false });
    doc.page.margins.bottom = keep;
    doc.fillColor('#000');
  }
  doc.end();
  return done;
}
