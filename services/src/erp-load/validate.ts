/**
 * Checking an extract against the published layouts, row by row: every problem is reported with
 * its file, row, column, value and reason, and a row with a problem is left out of the load.
 */
import type { Cell } from '../demo/erp/batch-writer.ts';
import type { ExtractFile } from './extract.ts';
import { ERP_LOAD_TABLES, layoutFor, type ColumnType, type ErpLayout, type ErpLoadTable } from './layouts.ts';

export const PROBLEM_REASONS = [
  'type', 'missing key', 'missing value', 'unknown customer', 'duplicate key', 'date out of range', 'unknown column', 'missing column', 'unknown table',
] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** One problem of the report; row 1 is a file's header, 0 the file as a whole. */
export type LoadProblem = { file: string; row: number; column: string | null; value: string | null; reason: ProblemReason; message: string };

/** The rows of one table that passed, typed in the layout's column order, and the keys to delete. */
export type TableRows = { layout: ErpLayout; rows: Cell[][]; deletes: Cell[][] };

/** What was read of one file: its table, the headers neither a column nor mapped, the required columns it lacks. */
export type FileCheck = { fileName: string; table: string; known: boolean; kind: 'rows' | 'delete'; columns: string[]; unmatched: string[]; missing: string[] };

export type ValidatedExtract = {
  tables: Map<ErpLoadTable, TableRows>;
  problems: LoadProblem[];
  files: FileCheck[];
  rowsRead: number;
  rowsRejected: number;
};

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
      if (!DECIMAL.test(text) || !Number.isFinite(Number(text))) return { ok: false, reason: 'type' };
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

/** Types and checks every row of the extract; rows with a problem are reported and left out. */
export function validateExtract(files: readonly ExtractFile[], options: ValidateOptions): ValidatedExtract {
  const latest = new Date(options.today);
  latest.setUTCFullYear(latest.getUTCFullYear() + LATEST_YEARS_AHEAD);
  const latestDate = latest.toISOString().slice(0, 10);
  const problems: LoadProblem[] = [];
  const checks: FileCheck[] = [];
  const tables = new Map<ErpLoadTable, TableRows>();
  let rowsRead = 0;
  let rowsRejected = 0;

  const report = (file: string, row: number, column: string | null, value: string | null, reason: ProblemReason, message: string) =>
    problems.push({ file, row, column, value, reason, message });

  const ordered = [...files].sort((a, b) => order(a.table) - order(b.table) || (a.kind === 'delete' ? 1 : 0) - (b.kind === 'delete' ? 1 : 0));
  // Customers: the database's (unless the extract replaces them), then the extract's and its deletes.
  const customers = new Set(options.fullRefresh.has('customer') ? [] : options.knownCustomers);

  for (const file of ordered) {
    const layout = layoutFor(file.table);
    if (!layout) {
      report(file.fileName, 0, null, null, 'unknown table',
        `${file.fileName} is not a table of the layouts (name the file after its table, such as customer.csv, or map its name to a table in a file source)`);
      checks.push({ fileName: file.fileName, table: file.table, known: false, kind: file.kind, columns: [], unmatched: file.header.filter(Boolean), missing: [] });
      rowsRead += file.rows.length;
      rowsRejected += file.rows.length;
      continue;
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
    checks.push({ fileName: file.fileName, table: layout.table, known: true, kind: file.kind, columns, unmatched, missing: missing.map((c) => c.name) });
    let entry = tables.get(layout.table);
    if (!entry) tables.set(layout.table, (entry = { layout, rows: [], deletes: [] }));
    rowsRead += file.rows.length;
    if (missing.length > 0) {
      rowsRejected += file.rows.length;
      continue;
    }
    const seen = new Map<string, number>();
    const customerAt = layout.columns.findIndex((c) => c.name === 'customer');
    const companyAt = layout.columns.findIndex((c) => c.name === 'company');
    for (const [index, cells] of file.rows.entries()) {
      const rowNo = index + 2;
      const values: Cell[] = [];
      let bad = false;
      for (const column of wanted) {
        const at = positions.get(column.name);
        const given = at === undefined ? '' : (cells[at] ?? '').trim();
        const text = given === '' && column.default !== undefined ? column.default : given;
        if (text === '') {
          if (column.required) {
            bad = true;
            report(file.fileName, rowNo, column.name, '', column.key ? 'missing key' : 'missing value', `${column.name} is empty; ${layout.table} needs it${column.key ? ' (part of the key)' : ''}`);
          }
          values.push(null);
          continue;
        }
        const result = typed(text, column.type, latestDate);
        if (!result.ok) {
          bad = true;
          report(file.fileName, rowNo, column.name, text, result.reason,
            result.reason === 'type' ? `${column.name} must be ${TYPE_TEXT[column.type]}` : `${column.name} must be between ${EARLIEST_DATE} and ${latestDate}`);
        }
        values.push(result.ok ? result.value : null);
      }
      if (!bad) {
        const key = layout.key.map((name) => String(values[wanted.findIndex((c) => c.name === name)])).join('\u0000');
        const first = seen.get(key);
        if (first !== undefined) {
          bad = true;
          report(file.fileName, rowNo, layout.key.join(', '), layout.key.map((name) => String(values[wanted.findIndex((c) => c.name === name)])).join(', '),
            'duplicate key', `the same ${layout.key.join(', ')} as row ${first}`);
        } else seen.set(key, rowNo);
      }
      if (!bad && file.kind === 'rows' && CUSTOMER_TABLES.has(layout.table) && values[customerAt] !== null) {
        if (!customers.has(customerKey(values[companyAt]!, values[customerAt]!))) {
          bad = true;
          report(file.fileName, rowNo, 'customer', String(values[customerAt]), 'unknown customer', `customer ${String(values[customerAt])} of company ${String(values[companyAt])} is neither in the data nor in this extract`);
        }
      }
      if (bad) {
        rowsRejected++;
        continue;
      }
      if (file.kind === 'delete') {
        entry.deletes.push(values);
        if (layout.table === 'customer') customers.delete(customerKey(values[0]!, values[1]!));
      } else {
        entry.rows.push(values);
        if (layout.table === 'customer') customers.add(customerKey(values[companyAt]!, values[customerAt]!));
      }
    }
  }
  return { tables, problems, files: checks, rowsRead, rowsRejected };
}

function order(table: string): number {
  const at = (ERP_LOAD_TABLES as readonly string[]).indexOf(table);
  return at < 0 ? ERP_LOAD_TABLES.length : at;
}
