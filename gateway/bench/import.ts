// `npm run bench -- import [--scale 1]` (issue 29): how long an ERP load takes through runErpLoad,
// the path the Data screen, erp:import and SQL sources share.
//  1. Embedded database, full load from CSV: the demo data at --scale is generated in a scratch
//     embedded database, written out as one CSV per layout table, then loaded into a fresh
//     embedded database (read, validate, upsert, rollups, statistics) and timed; then its last
//     day loaded again as a delta (the incremental refresh of the rollups).
//  2. PostgreSQL daily delta (when DATABASE_URL is set): on a scratch database holding the demo
//     data at --scale, the last day's invoices, orders, quotes and bookings are loaded again as a
//     delta (upserts by key) and timed until the load, its rollups and its cache version commit.
//     With --existing, that delta runs on the DATABASE_URL database itself (its data's last day
//     loaded again: the data is left as it was), and the embedded full load is skipped.
//  3. With --reload DIR (and DATABASE_URL): a full reload from CSV on PostgreSQL. The
//     DATABASE_URL database's erp tables are written to DIR as one CSV per layout table (COPY …
//     TO STDOUT, read only; skipped when DIR holds them already), then streamed into a new
//     database (--target, default tb_reload, dropped first and kept after for a look) through
//     runErpLoad as `npm run erp:import -- DIR` does, each part timed; with --refresh, loaded a
//     second time into the same database as a full refresh of every table (the rows replaced).
// Prints each step's time; the figures go in docs/benchmarks.md.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedApplication } from '@tradeboard/services';
import { migrate, openDatabase, type Db } from '@tradeboard/services/db';
import { generateErpData } from '@tradeboard/services/demo/erp';
import {
  csvCell, ERP_LAYOUTS, readExtract, readExtractPath, runErpLoad, writeExtractDir, type ErpLoadOptions, type ExtractFile, type LoadProgress,
} from '@tradeboard/services/erp-load';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    scale: { type: 'string', default: '1' },
    existing: { type: 'boolean', default: false },
    reload: { type: 'string' },
    target: { type: 'string', default: 'tb_reload' },
    refresh: { type: 'boolean', default: false },
    // With --existing: `changed` loads the last day with its invoice lines', bookings' and order lines' sales 0.01
    // higher (every touched row moves); `new-day` loads the last day's invoices again as the next day's, under new numbers.
    vary: { type: 'string' },
  },
  strict: true,
});
const scale = Number(values.scale);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Each layout table's rows (those `where` keeps, when the table has its column) as CSV text; `as`
 * answers the SQL a column is read as, when not as it is.
 */
async function exportTables(db: Db, where?: { column: string; sql: string }, as: (table: string, column: string) => string | undefined = () => undefined): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const layout of ERP_LAYOUTS) {
    const names = layout.columns.map((c) => c.name);
    const filter = where && names.includes(where.column) ? ` WHERE ${where.column} ${where.sql}` : where ? null : '';
    if (filter === null) continue;
    const cells = names.map((n) => `(${as(layout.table, n) ?? n})::text`);
    const { rows } = await db.query<{ line: string[] }>({ text: `SELECT ARRAY[${cells.join(', ')}] AS line FROM erp.${layout.table}${filter}`, rowMode: 'array' } as never);
    const lines = [names.join(','), ...(rows as unknown as string[][][]).map(([cells]) => cells!.map((cell) => csvCell(cell ?? '')).join(','))];
    files.set(layout.table, `${lines.join('\r\n')}\r\n`);
  }
  return files;
}

function stepTimer() {
  const steps = new Map<string, number>();
  let current: string | null = null;
  let since = performance.now();
  return {
    onProgress(p: LoadProgress) {
      if (p.step === current) return;
      const now = performance.now();
      if (current) steps.set(current, now - since);
      current = p.step;
      since = now;
    },
    done() {
      if (current) steps.set(current, performance.now() - since);
      return [...steps].map(([step, ms]) => `${step} ${seconds(ms)}`).join(', ');
    },
  };
}

async function load(db: Db, files: ExtractFile[] | (() => Promise<ExtractFile[]>), label: string, options: Partial<ErpLoadOptions> = {}): Promise<void> {
  const timer = stepTimer();
  const started = performance.now();
  const read = typeof files === 'function' ? files : async () => files;
  let lastPrinted = 0;
  const onProgress = (p: LoadProgress) => {
    timer.onProgress(p);
    // A long load says where it is every 30 s.
    if (p.elapsedMs - lastPrinted >= 30_000) {
      lastPrinted = p.elapsedMs;
      console.log(`  [${seconds(p.elapsedMs)}] ${p.label} ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}`);
    }
  };
  const result = await runErpLoad(db, read, { source: 'bench', ...options, onProgress });
  const rows = Object.values(result.tableRows).reduce((n, t) => n + t.written, 0);
  console.log(`${label.padEnd(44)} ${seconds(performance.now() - started).padStart(8)}  ${result.status}, ${rows.toLocaleString('en-US')} rows (${timer.done()}); rollups ${result.rollups ?? '-'}`);
  const t = result.timings;
  if (t) {
    console.log(`  parts: open ${seconds(t.open)}, read+parse+check ${seconds(t.read)}, write wait ${seconds(t.write)}, indexes ${seconds(t.indexes)}, `
      + `touched keys ${seconds(t.touched)}, rollups ${seconds(t.rollups)}, commit ${seconds(t.commit)}, statistics ${seconds(t.analyze)}`);
  }
  if (result.status !== 'loaded') console.log(`  ${result.message}`);
}

// 1. Embedded, full load from CSV.
if (!values.existing && !values.reload) {
  const source = await openDatabase({ dataDir: 'memory://' });
  await migrate(source.db);
  await seedApplication(source.db);
  await generateErpData(source.db, { scale });
  const csv = await exportTables(source.db);
  await source.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-bench-import-'));
  for (const [table, text] of csv) writeFileSync(path.join(dir, `${table}.csv`), text);
  const target = await openDatabase({ dataDir: 'memory://' });
  await migrate(target.db);
  await seedApplication(target.db);
  // The CSV files are streamed from disk as the load reads them.
  await load(target.db, () => readExtractPath(dir), `embedded, scale ${scale}, full load from CSV`);
  const { rows } = await target.db.query<{ day: string }>('SELECT max(invoice_date)::text AS day FROM erp.invoice_line');
  await loadDay(target.db, rows[0]!.day, `embedded, scale ${scale}`);
  await target.close();
  rmSync(dir, { recursive: true, force: true });
}

/** How --vary reads a column of the day's rows (see its option). */
const VARIED: Record<string, (table: string, column: string) => string | undefined> = {
  changed: (table, column) => (column === 'sales' && ['invoice_line', 'booking', 'order_line'].includes(table) ? 'sales + 0.01' : undefined),
  'new-day': (table, column) => (column === 'invoice_number' ? `'N' || invoice_number` : column === 'invoice_date' ? 'invoice_date + 1' : undefined),
};

/** The day's invoices, orders, quotes, bookings and purchase orders of `db`, loaded again into it as a delta (see --vary). */
async function loadDay(db: Db, day: string, label: string, vary?: string): Promise<void> {
  const dated = [
    { column: 'invoice_date', sql: `= '${day}'` }, { column: 'order_date', sql: `= '${day}'` },
    { column: 'quote_date', sql: `= '${day}'` }, { column: 'booking_date', sql: `= '${day}'` },
  ].slice(0, vary === 'new-day' ? 1 : 4);
  if (vary !== undefined && !VARIED[vary]) throw new Error(`--vary: changed or new-day, not ${vary}`);
  const delta = new Map<string, string>();
  for (const where of dated) for (const [table, text] of await exportTables(db, where, vary ? VARIED[vary] : undefined)) if (!delta.has(table)) delta.set(table, text);
  const files = (await Promise.all([...delta].map(([table, text]) => readExtract(Buffer.from(text), `${table}.csv`)))).flat();
  const lines = Math.max(0, (delta.get('invoice_line')?.split('\r\n').length ?? 2) - 2);
  await load(db, files, `${label}, daily delta (${lines.toLocaleString('en-US')} invoice lines of ${day}${vary ? `, ${vary}` : ''})`);
}

// 3. PostgreSQL, a full reload from CSV.
if (values.reload) {
  if (!process.env.DATABASE_URL) throw new Error('--reload needs DATABASE_URL (the database whose data the extract holds)');
  const dir = values.reload;
  const sourceUrl = new URL(process.env.DATABASE_URL);
  if (sourceUrl.pathname.slice(1) === values.target) throw new Error('--target must be another database than DATABASE_URL');
  if (!existsSync(path.join(dir, 'invoice_line.csv'))) {
    const source = await openDatabase({ databaseUrl: sourceUrl.toString() });
    const started = performance.now();
    try {
      await writeExtractDir(source.db, dir, (table, rows) => console.log(`  wrote ${table}.csv: ${rows.toLocaleString('en-US')} rows (${seconds(performance.now() - started)})`));
    } finally {
      await source.close();
    }
    console.log(`extract of ${sourceUrl.pathname.slice(1)} written to ${dir} in ${seconds(performance.now() - started)}`);
  }
  const server = await openDatabase({ databaseUrl: sourceUrl.toString() });
  await server.db.query(`DROP DATABASE IF EXISTS ${values.target} WITH (FORCE)`);
  await server.db.query(`CREATE DATABASE ${values.target}`);
  await server.close();
  const targetUrl = new URL(sourceUrl);
  targetUrl.pathname = `/${values.target}`;
  const database = await openDatabase({ databaseUrl: targetUrl.toString() });
  try {
    await migrate(database.db);
    await seedApplication(database.db);
    await load(database.db, () => readExtractPath(dir), `PostgreSQL ${values.target}, full load from CSV (${dir})`);
    if (values.refresh) {
      await load(database.db, () => readExtractPath(dir), `PostgreSQL ${values.target}, full reload from CSV, every table replaced`, { fullRefresh: ERP_LAYOUTS.map((l) => l.table) });
    }
  } finally {
    await database.close();
  }
}

// 2. PostgreSQL, a daily delta.
if (values.reload) {
  // done above
} else if (process.env.DATABASE_URL && values.existing) {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  try {
    const { rows } = await database.db.query<{ day: string }>('SELECT max(invoice_date)::text AS day FROM erp.invoice_line');
    await loadDay(database.db, rows[0]!.day, `PostgreSQL, ${new URL(process.env.DATABASE_URL).pathname.slice(1)}`, values.vary);
  } finally {
    await database.close();
  }
} else if (process.env.DATABASE_URL) {
  const name = `tb_bench_import_${process.pid}`;
  const server = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await server.db.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(database.db);
    await seedApplication(database.db);
    const generated = await generateErpData(database.db, { scale });
    await loadDay(database.db, generated.dataThrough, `PostgreSQL, scale ${scale}`);
  } finally {
    await database.close();
    await server.db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.close();
  }
}
