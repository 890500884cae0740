/**
 * Reading an ERP extract (docs/erp-import.md): a ZIP of CSV or XLSX files, one per table, named
 * after the table (`customer.csv`, `invoice_line.xlsx`), with `<table>.delete.csv` listing the
 * keys to delete; or one XLSX workbook with a sheet per table; or (the command line) a directory
 * of such files. Every file becomes its header and its rows as text; typing and checking them is
 * validate.ts's.
 *
 * A CSV file is read as a stream (papaparse, a chunk of about a megabyte at a time, the next read
 * only when the load asks for it), so a file of any size takes the memory of a few chunks: from
 * disk, or inflated from a ZIP entry as it is parsed. XLSX files are read whole (exceljs).
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Inflate, unzipSync } from 'fflate';
import Papa from 'papaparse';

/** Rows read as the load goes: batches of a file's rows, in file order. */
export type RowBatches = AsyncIterable<string[][]>;

/** One file of the extract: the rows of a table (or the keys to delete from it), as text. */
export type ExtractFile = {
  fileName: string;
  /** The table named by the file (it may not be one the layouts know). */
  table: string;
  kind: 'rows' | 'delete';
  header: string[];
  /**
   * Each row's cells, in memory or streamed in batches (read once); a row's number in the file is
   * its place among the rows + 2 (the header is row 1; blank lines are skipped).
   */
  rows: string[][] | RowBatches;
  /** A streamed file's size in bytes and how much of it was read, for the progress estimate. */
  size?: number;
  bytesRead?: () => number;
  /** Stops reading a streamed file (when the load ends before its end). */
  close?: () => void;
};

export class ExtractError extends Error {}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Parses CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks; CRLF or LF).
 * A UTF-8 byte-order mark is dropped; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] !== '\n') endRow();
    } else field += c;
  }
  if (quoted) throw new ExtractError('a quoted field is not closed before the end of the file');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** A cell as CSV would hold it: quoted when it has a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell's value as text: rich text joined, a formula's result, a date as yyyy-MM-dd, an error as empty. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  });
  return rows;
}

function fileOf(fileName: string, table: string, grid: string[][]): ExtractFile {
  const lower = table.toLowerCase();
  const kind = lower.endsWith('.delete') ? 'delete' : 'rows';
  const [header = [], ...rows] = grid;
  return { fileName, table: kind === 'delete' ? lower.slice(0, -'.delete'.length) : lower, kind, header: header.map((h) => h.trim().toLowerCase()), rows };
}

async function workbookOf(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

/** The table and kind a file's name gives (`invoice_line.csv`, `customer.delete.csv`). */
function named(table: string): { table: string; kind: 'rows' | 'delete' } {
  const lower = table.toLowerCase();
  return lower.endsWith('.delete') ? { table: lower.slice(0, -'.delete'.length), kind: 'delete' } : { table: lower, kind: 'rows' };
}

/** Characters of a file read at a time (one chunk of the stream, parsed at once). */
const CHUNK_BYTES = 1 << 20;

/**
 * A CSV file read as a stream of text (RFC 4180 as parseCsv reads it; a field whose quote never
 * closes is an ExtractError): its header read at once, its rows as batches of about a chunk each,
 * each read only when the previous one was taken.
 */
export async function streamCsv(source: Readable, fileName: string, progress: { size?: number; bytesRead?: () => number } = {}): Promise<ExtractFile> {
  const { input, newline } = await withLineEnding(source);
  const queue: string[][][] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let handle: Papa.Parser | null = null;
  let paused = false;
  const poke = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const fail = (message: string) => {
    failure ??= new ExtractError(`${fileName}: ${message}`);
    input.destroy();
    source.destroy();
    poke();
  };
  Papa.parse<string[]>(input as unknown as File, {
    delimiter: ',',
    ...(newline ? { newline } : {}),
    skipEmptyLines: true,
    chunk(results, parser) {
      handle = parser;
      // A quote that never closes takes the rest of the file into one field.
      if (results.errors.some((e) => e.code === 'MissingQuotes')) return fail('a quoted field is not closed before the end of the file');
      if (results.data.length > 0) queue.push(results.data);
      paused = true;
      input.pause();
      parser.pause();
      poke();
    },
    complete() {
      ended = true;
      poke();
    },
    error(error) {
      fail(error.message);
    },
  });
  input.on('error', (error) => fail(error.message));
  /** The next batch, or null at the end of the file. */
  const next = async (): Promise<string[][] | null> => {
    for (;;) {
      if (failure) throw failure;
      const batch = queue.shift();
      if (batch) return batch;
      if (ended) return null;
      if (paused && handle) {
        // Resumed in this order: the parser may answer the next chunk (or its end) at once.
        paused = false;
        input.resume();
        handle.resume();
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  let first = await next();
  while (first && first.length === 0) first = await next();
  const [header = [], ...rest] = first ?? [];
  if (header[0]?.charCodeAt(0) === 0xfeff) header[0] = header[0].slice(1);
  async function* batches(): AsyncGenerator<string[][]> {
    if (rest.length > 0) yield rest;
    for (let batch = await next(); batch; batch = await next()) yield batch;
  }
  const base = path.basename(fileName, path.extname(fileName));
  return {
    fileName,
    ...named(base),
    header: header.map((h) => h.trim().toLowerCase()),
    rows: batches(),
    ...progress,
    close: () => {
      input.destroy();
      source.destroy();
    },
  };
}

/**
 * A file's line ending, from its first line (a file keeps one: CRLF or LF, line breaks inside
 * quoted fields aside), with the stream to read it from: the text read to find it goes back first.
 */
async function withLineEnding(source: Readable): Promise<{ input: Readable; newline: '\r\n' | '\n' | '\r' | null }> {
  const { head, ended } = await new Promise<{ head: string; ended: boolean }>((resolve, reject) => {
    let text = '';
    const done = (ended: boolean) => {
      source.off('readable', onReadable);
      source.off('end', onEnd);
      source.off('error', reject);
      resolve({ head: text, ended });
    };
    const onReadable = () => {
      for (let chunk = source.read() as string | null; chunk !== null; chunk = source.read() as string | null) {
        text += chunk;
        if (text.includes('\n') || text.length > CHUNK_BYTES) return done(false);
      }
    };
    const onEnd = () => done(true);
    source.on('readable', onReadable);
    source.once('end', onEnd);
    source.once('error', reject);
  });
  const at = head.indexOf('\n');
  const newline = at > 0 && head[at - 1] === '\r' ? '\r\n' : at >= 0 ? '\n' : head.includes('\r') ? '\r' : null;
  async function* text(): AsyncGenerator<string> {
    if (head) yield head;
    if (!ended) for await (const chunk of source) yield chunk as string;
  }
  return { input: Readable.from(text()), newline };
}

/** A CSV file on disk, streamed. */
export async function streamCsvFile(file: string, fileName = path.basename(file)): Promise<ExtractFile> {
  const { size } = await stat(file);
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  return streamCsv(input, fileName, { size, bytesRead: () => input.bytesRead });
}

/** CSV bytes in memory, streamed (parsed a chunk at a time). */
function streamCsvBytes(bytes: Uint8Array, fileName: string): Promise<ExtractFile> {
  let at = 0;
  const input = new Readable({
    read() {
      const end = Math.min(at + CHUNK_BYTES, bytes.length);
      this.push(end > at ? Buffer.from(bytes.buffer, bytes.byteOffset + at, end - at) : null);
      at = end;
    },
  });
  input.setEncoding('utf8');
  return streamCsv(input, fileName, { size: bytes.length, bytesRead: () => at });
}

type ZipEntry = { name: string; method: number; compressedSize: number; dataAt: number };

/**
 * The entries of a ZIP held in memory, from its central directory (no ZIP64: an archive over
 * 4 GB or 65,535 entries is read the old way, whole), so each can be inflated as it is read.
 */
function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString('utf8');
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (compressedSize === 0xffffffff || local === 0xffffffff || view.getUint32(local, true) !== 0x04034b50) return null;
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (method !== 0 && method !== 8) return null;
    entries.push({ name, method, compressedSize, dataAt });
  }
  return entries;
}

/** A ZIP entry's content, inflated a chunk at a time as it is read. */
function entryStream(bytes: Uint8Array, entry: ZipEntry): { input: Readable; bytesRead: () => number } {
  const data = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressedSize);
  let at = 0;
  const out: Uint8Array[] = [];
  const inflate = entry.method === 8 ? new Inflate((chunk) => out.push(chunk)) : null;
  const input = new Readable({
    read() {
      while (out.length === 0 && at < data.length) {
        const end = Math.min(at + CHUNK_BYTES / 4, data.length);
        const slice = data.subarray(at, end);
        at = end;
        if (inflate) inflate.push(slice, at === data.length);
        else out.push(slice);
      }
      if (out.length === 0) this.push(null);
      else this.push(Buffer.concat(out.splice(0)));
    },
  });
  input.setEncoding('utf8');
  return { input, bytesRead: () => at };
}

/** The files of an extract: a ZIP of CSV/XLSX files, one XLSX workbook (a sheet per table), or one CSV named after its table. */
export async function readExtract(bytes: Uint8Array, fileName: string): Promise<ExtractFile[]> {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === '.csv') return [await streamCsvBytes(bytes, fileName)];
  if (!XLSX_MAGIC.every((b, i) => bytes[i] === b)) throw new ExtractError(`${fileName} is not a ZIP, an XLSX workbook or a CSV file`);
  const listed = zipEntries(bytes);
  if (listed === null || listed.some((e) => e.name === '[Content_Types].xml')) return readWholeZip(bytes, fileName);
  const files: ExtractFile[] = [];
  try {
    for (const entry of listed) {
      const base = path.posix.basename(entry.name);
      if (entry.name.endsWith('/') || base.startsWith('.') || entry.name.startsWith('__MACOSX/')) continue;
      const ext = path.extname(base).toLowerCase();
      const table = path.basename(base, path.extname(base));
      if (ext === '.csv') {
        const { input, bytesRead } = entryStream(bytes, entry);
        files.push(await streamCsv(input, base, { size: entry.compressedSize, bytesRead }));
      } else if (ext === '.xlsx') {
        const content = unzipSync(bytes, { filter: (f) => f.name === entry.name })[entry.name]!;
        const sheet = (await workbookOf(content)).worksheets[0];
        files.push(fileOf(base, table, sheet ? sheetRows(sheet) : []));
      } else files.push({ fileName: base, table, kind: 'rows', header: [], rows: [] });
    }
  } catch (error) {
    for (const file of files) file.close?.();
    if (error instanceof ExtractError) throw error;
    throw new ExtractError(`${fileName} cannot be opened as a ZIP file: ${(error as Error).message}`);
  }
  if (files.length === 0) throw new ExtractError(`${fileName} holds no files`);
  return files;
}

/** A ZIP (or an XLSX workbook) read whole, in memory. */
async function readWholeZip(bytes: Uint8Array, fileName: string): Promise<ExtractFile[]> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new ExtractError(`${fileName} cannot be opened as a ZIP file: ${(error as Error).message}`);
  }
  if ('[Content_Types].xml' in entries && Object.keys(entries).some((name) => name.startsWith('xl/'))) {
    const workbook = await workbookOf(bytes);
    return workbook.worksheets.map((sheet) => fileOf(`${fileName}:${sheet.name}`, sheet.name, sheetRows(sheet)));
  }
  const files: ExtractFile[] = [];
  for (const [entry, content] of Object.entries(entries)) {
    const base = path.posix.basename(entry);
    if (entry.endsWith('/') || base.startsWith('.') || entry.startsWith('__MACOSX/')) continue;
    const ext = path.extname(base).toLowerCase();
    const table = path.basename(base, path.extname(base));
    if (ext === '.csv') {
      try {
        files.push(fileOf(base, table, parseCsv(Buffer.from(content).toString('utf8'))));
      } catch (error) {
        throw new ExtractError(`${base}: ${(error as Error).message}`);
      }
    } else if (ext === '.xlsx') {
      const sheet = (await workbookOf(content)).worksheets[0];
      files.push(fileOf(base, table, sheet ? sheetRows(sheet) : []));
    } else files.push({ fileName: base, table, kind: 'rows', header: [], rows: [] });
  }
  if (files.length === 0) throw new ExtractError(`${fileName} holds no files`);
  return files;
}

/**
 * The extract at a path (the command line): a directory's CSV/XLSX files, or one file; CSV files
 * (in the directory, alone or in a ZIP) are streamed, the ZIP itself is read into memory.
 */
export async function readExtractPath(where: string): Promise<ExtractFile[]> {
  if (!(await stat(where)).isDirectory()) {
    if (path.extname(where).toLowerCase() === '.csv') return [await streamCsvFile(where)];
    return readExtract(await readFile(where), path.basename(where));
  }
  const files: ExtractFile[] = [];
  try {
    for (const name of (await readdir(where)).sort()) {
      if (/\.csv$/i.test(name)) files.push(await streamCsvFile(path.join(where, name)));
      else if (/\.xlsx$/i.test(name)) files.push(...(await readExtract(await readFile(path.join(where, name)), name)));
    }
  } catch (error) {
    for (const file of files) file.close?.();
    throw error;
  }
  return files;
}

/** A file's rows in batches of at most `size` (a streamed file's batches as they come, split when larger). */
export async function* rowBatches(file: ExtractFile, size: number): AsyncGenerator<string[][]> {
  if (Array.isArray(file.rows)) {
    for (let at = 0; at < file.rows.length; at += size) yield file.rows.slice(at, at + size);
    return;
  }
  for await (const batch of file.rows) {
    if (batch.length <= size) yield batch;
    else for (let at = 0; at < batch.length; at += size) yield batch.slice(at, at + size);
  }
}

/** A file's rows, each changed by `map` (streamed rows as they are read). */
export function mapRows(rows: ExtractFile['rows'], map: (row: string[]) => string[]): ExtractFile['rows'] {
  if (Array.isArray(rows)) return rows.map(map);
  return (async function* () {
    for await (const batch of rows) yield batch.map(map);
  })();
}
