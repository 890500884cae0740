/**
 * Checking an extract against the published layouts, row by row: every problem is reported with
 * its file, row, column, value and reason, and a row with a problem is left out of the load.
 * The rows are checked as they are read, a batch at a time (a streamed file is never whole in
 * memory); what a check needs across batches is the customers known so far and, per file, the
 * keys seen (for duplicates: see KeyRows).
 */
import type { Cell } from '../demo/erp/batch-writer.ts';
import { rowBatches, type ExtractFile } from './extract.ts';
import { ERP_LOAD_TABLES, layoutFor, type ColumnType, type ErpLayout, type ErpLoadTable } from './layouts.ts';

export const PROBLEM_REASONS = [
  'type', 'missing key', 'missing value', 'unknown customer', 'duplicate key', 'date out of range', 'unknown column', 'missing column', 'unknown table',
] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** One problem of the report; row 1 is a file's header, 0 the file as a whole. */
export type LoadProblem = { file: string; row: number; column: string | null; value: string | null; reason: ProblemReason; message: string };

/** How many problems a run keeps (problem_count counts them all). */
export const KEPT_PROBLEMS = 1000;

/** A batch of one file's rows that passed: typed in the layout's column order (a delete list's in its key's). */
export type CheckedBatch = { layout: ErpLayout; kind: 'rows' | 'delete'; rows: Cell[][] };

/** What was read of one file: its table, the headers neither a column nor mapped, the required columns it lacks. */
export type FileCheck = { fileName: string; table: string; known: boolean; kind: 'rows' | 'delete'; columns: string[]; unmatched: string[]; missing: string[] };

/** Dates a row may carry: from 1950 to ten years after the load. */
export const EARLIEST_DATE = '1950-01-01';
const LATEST_YEARS_AHEAD = 10;

const INTEGER = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TRUE = new Set(['true', 't', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'f', 'no', 'n', '0']);
const INT4 = 2_147_483_647;

const TYPE_TEXT: Record<ColumnType, string> = {
  text: 'text', int: 'a whole number', bigint: 'a whole number', numeric: 'a number', float8: 'a number', date: 'a date (yyyy-mm-dd)', bool: 'true or false',
};

type Typed = { ok: true; value: Cell } | { ok: false; reason: 'type' | 'date out of range' };

function typed(text: string, type: ColumnType, latestDate: string): Typed {
  switch (type) {
    case 'text':
      return { ok: true, value: text };
    case 'int':
    case 'bigint': {
      const n = Number(text);
      const fits = INTEGER.test(text) && (type === 'int' ? Math.abs(n) <= INT4 : Number.isSafeInteger(n));
      return fits ? { ok: true, value: n } : { ok: false, reason: 'type' };
    }
    case 'numeric':
    case 'float8': {
      // Without an exponent a decimal is always finite; with one, it must stay in a double's range.
      if (!DECIMAL.test(text) || (/[eE]/.test(text) && !Number.isFinite(Number(text)))) return { ok: false, reason: 'type' };
      return { ok: true, value: type === 'numeric' ? text : Number(text) };
    }
    case 'date': {
      const m = DATE.exec(text);
      if (!m) return { ok: false, reason: 'type' };
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (d.getUTCMonth() !== Number(m[2]) - 1) return { ok: false, reason: 'type' };
      return text < EARLIEST_DATE || text > latestDate ? { ok: false, reason: 'date out of range' } : { ok: true, value: text };
    }
    case 'bool': {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return { ok: true, value: true };
      if (FALSE.has(lower)) return { ok: true, value: false };
      return { ok: false, reason: 'type' };
    }
  }
}

/** Tables whose rows name a customer that must exist (in the database or the extract). */
const CUSTOMER_TABLES = new Set<ErpLoadTable>([
  'ship_to', 'contact', 'invoice_header', 'invoice_line', 'order_header', 'order_line', 'quote_header', 'quote_line', 'booking', 'ar_open',
]);

/** A customer's key in `knownCustomers`. */
export const customerKey = (company: Cell, customer: Cell) => `${String(company)}\u0000${String(customer)}`;

export type ValidateOptions = {
  /** The (company, customer) keys in the database now. */
  knownCustomers: ReadonlySet<string>;
  /** Tables whose rows the extract replaces whole (their rows in the database do not count). */
  fullRefresh: ReadonlySet<string>;
  today: Date;
};

/**
 * Each file's first row number for each key it holds, to report a duplicate key. A key is kept as
 * text up to EXACT_KEYS keys; past that as a 64-bit hash beside its row number (12 bytes a slot,
 * about 24 a key): 10 million invoice lines take about 240 MB instead of gigabytes of strings. Two
 * different keys share a hash with a chance of about n²/2⁶⁵ (3 in a million at 10 million keys).
 */
export class KeyRows {
  static EXACT_KEYS = 250_000;
  private exact: Map<string, number> | null = new Map();
  private hashes = new Uint32Array(0);
  private rows = new Uint32Array(0);
  private count = 0;

  /** The row that holds `key` already, or undefined (and `row` is kept as its row). */
  firstRow(key: string, row: number): number | undefined {
    if (this.exact) {
      const first = this.exact.get(key);
      if (first !== undefined) return first;
      this.exact.set(key, row);
      if (this.exact.size > KeyRows.EXACT_KEYS) {
        const exact = this.exact;
        this.exact = null;
        this.grow(exact.size * 4);
        for (const [k, r] of exact) this.place(k, r);
      }
      return undefined;
    }
    if ((this.count + 1) * 2 > this.rows.length) this.grow(this.rows.length * 2);
    return this.place(key, row);
  }

  private grow(slots: number): void {
    const size = 1 << Math.ceil(Math.log2(Math.max(16, slots)));
    const [hashes, rows] = [this.hashes, this.rows];
    this.hashes = new Uint32Array(size * 2);
    this.rows = new Uint32Array(size);
    this.count = 0;
    for (let i = 0; i < rows.length; i++) if (rows[i] !== 0) this.insertAt(hashes[i * 2]!, hashes[i * 2 + 1]!, rows[i]!);
  }

  private place(key: string, row: number): number | undefined {
    // FNV-1a and a multiply-xorshift hash of the key's UTF-16 code units: 64 bits together.
    let a = 0x811c9dc5;
    let b = 0x9e3779b9 ^ key.length;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35) ^ (b >>> 16);
    return this.insertAt(a >>> 0, b >>> 0, row);
  }

  private insertAt(a: number, b: number, row: number): number | undefined {
    const mask = this.rows.length - 1;
    for (let i = (a ^ Math.imul(b, 0x27d4eb2d)) & mask; ; i = (i + 1) & mask) {
      const at = this.rows[i]!;
      if (at === 0) {
        this.hashes[i * 2] = a;
        this.hashes[i * 2 + 1] = b;
        this.rows[i] = row;
        this.count++;
        return undefined;
      }
      if (this.hashes[i * 2] === a && this.hashes[i * 2 + 1] === b) return at;
    }
  }
}

/**
 * Types and checks the rows of an extract's files, one file after another in load order
 * (`loadOrder`): `check` answers a file's rows that passed in batches; rows with a problem are
 * reported (the first KEPT_PROBLEMS kept, all counted) and left out.
 */
export class ExtractChecker {
  readonly problems: LoadProblem[] = [];
  problemCount = 0;
  readonly files: FileCheck[] = [];
  rowsRead = 0;
  rowsRejected = 0;
  private readonly latestDate: string;
  /** Customers: the database's (unless the extract replaces them), then the extract's and its deletes. */
  private readonly customers: Set<string>;

  constructor(options: ValidateOptions) {
    const latest = new Date(options.today);
    latest.setUTCFullYear(latest.getUTCFullYear() + LATEST_YEARS_AHEAD);
    this.latestDate = latest.toISOString().slice(0, 10);
    this.customers = new Set(options.fullRefresh.has('customer') ? [] : options.knownCustomers);
  }

  private report(file: string, row: number, column: string | null, value: string | null, reason: ProblemReason, message: string): void {
    this.problemCount++;
    if (this.problems.length < KEPT_PROBLEMS) this.problems.push({ file, row, column, value, reason, message });
  }

  /** The file's rows that pass, in batches of at most `batchRows`. */
  async *check(file: ExtractFile, batchRows: number): AsyncGenerator<CheckedBatch> {
    const report = this.report.bind(this);
    const latestDate = this.latestDate;
    const customers = this.customers;
    const layout = layoutFor(file.table);
    if (!layout) {
      report(file.fileName, 0, null, null, 'unknown table',
        `${file.fileName} is not a table of the layouts (name the file after its table, such as customer.csv, or map its name to a table in a file source)`);
      this.files.push({ fileName: file.fileName, table: file.table, known: false, kind: file.kind, columns: [], unmatched: file.header.filter(Boolean), missing: [] });
      for await (const batch of rowBatches(file, batchRows)) {
        this.rowsRead += batch.length;
        this.rowsRejected += batch.length;
      }
      return;
    }
    const wanted = file.kind === 'delete' ? layout.columns.filter((c) => c.key) : layout.columns;
    const positions = new Map(file.header.map((name, i) => [name, i]));
    const unmatched: string[] = [];
    for (const [i, name] of file.header.entries()) {
      if (wanted.some((c) => c.name === name)) continue;
      if (name) unmatched.push(name);
      report(file.fileName, 1, name || `column ${i + 1}`, null, 'unknown column',
        `${file.fileName}: the header ${name || `of column ${i + 1}`} is neither a column of ${layout.table}${file.kind === 'delete' ? "'s key" : ''} nor mapped to one`);
    }
    const missing = wanted.filter((c) => c.required && !positions.has(c.name));
    for (const column of missing) report(file.fileName, 1, column.name, null, 'missing column', `${file.fileName} has no ${column.name} column, which ${layout.table} needs`);
    const columns = wanted.filter((c) => positions.has(c.name)).map((c) => c.name);
    this.files.push({ fileName: file.fileName, table: layout.table, known: true, kind: file.kind, columns, unmatched, missing: missing.map((c) => c.name) });
    if (missing.length > 0) {
      for await (const batch of rowBatches(file, batchRows)) {
        this.rowsRead += batch.length;
        this.rowsRejected += batch.length;
      }
      return;
    }
    const seen = new KeyRows();
    const dates = new Map<string, Typed>();
    const keyAt = layout.key.map((name) => wanted.findIndex((c) => c.name === name));
    const customerAt = layout.columns.findIndex((c) => c.name === 'customer');
    const companyAt = layout.columns.findIndex((c) => c.name === 'company');
    const at = wanted.map((column) => positions.get(column.name));
    let rowNo = 1;
    for await (const batch of rowBatches(file, batchRows)) {
      this.rowsRead += batch.length;
      const passed: Cell[][] = [];
      for (const cells of batch) {
        rowNo++;
        const values: Cell[] = [];
        let bad = false;
        for (const [c, column] of wanted.entries()) {
          const given = at[c] === undefined ? '' : (cells[at[c]!] ?? '').trim();
          const text = given === '' && column.default !== undefined ? column.default : given;
          if (text === '') {
            if (column.required) {
              bad = true;
              report(file.fileName, rowNo, column.name, '', column.key ? 'missing key' : 'missing value', `${column.name} is empty; ${layout.table} needs it${column.key ? ' (part of the key)' : ''}`);
            }
            values.push(null);
            continue;
          }
          let result: Typed;
          if (column.type === 'date') {
            // A file holds few distinct dates: each is checked once.
            result = dates.get(text) ?? typed(text, 'date', latestDate);
            if (dates.size < 100_000) dates.set(text, result);
          } else result = typed(text, column.type, latestDate);
          if (!result.ok) {
            bad = true;
            report(file.fileName, rowNo, column.name, text, result.reason,
              result.reason === 'type' ? `${column.name} must be ${TYPE_TEXT[column.type]}` : `${column.name} must be between ${EARLIEST_DATE} and ${latestDate}`);
          }
          values.push(result.ok ? result.value : null);
        }
        if (!bad) {
          const key = keyAt.map((i) => String(values[i])).join('\u0000');
          const first = seen.firstRow(key, rowNo);
          if (first !== undefined) {
            bad = true;
            report(file.fileName, rowNo, layout.key.join(', '), keyAt.map((i) => String(values[i])).join(', '), 'duplicate key', `the same ${layout.key.join(', ')} as row ${first}`);
          }
        }
        if (!bad && file.kind === 'rows' && CUSTOMER_TABLES.has(layout.table) && values[customerAt] !== null) {
          if (!customers.has(customerKey(values[companyAt]!, values[customerAt]!))) {
            bad = true;
            report(file.fileName, rowNo, 'customer', String(values[customerAt]), 'unknown customer', `customer ${String(values[customerAt])} of company ${String(values[companyAt])} is neither in the data nor in this extract`);
          }
        }
        if (bad) {
          this.rowsRejected++;
          continue;
        }
        if (layout.table === 'customer') {
          if (file.kind === 'delete') customers.delete(customerKey(values[0]!, values[1]!));
          else customers.add(customerKey(values[companyAt]!, values[customerAt]!));
        }
        passed.push(values);
      }
      if (passed.length > 0) yield { layout, kind: file.kind, rows: passed };
    }
  }
}

/**
 * The files in the order a load reads them: by table (parents before the rows that name them),
 * and a table's delete list before its rows (as a load deletes before it upserts).
 */
export function loadOrder(files: readonly ExtractFile[]): ExtractFile[] {
  return [...files].sort((a, b) => order(a.table) - order(b.table) || (a.kind === 'delete' ? 0 : 1) - (b.kind === 'delete' ? 0 : 1));
}

function order(table: string): number {
  const at = (ERP_LOAD_TABLES as readonly string[]).indexOf(table);
  return at < 0 ? ERP_LOAD_TABLES.length : at;
}
