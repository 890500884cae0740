/**
 * One ERP load (docs/erp-import.md): read the extract, check it against the layouts, then — in one
 * transaction — upsert its rows by business key (or replace a full-refresh table whole), delete
 * the rows of its delete lists, record the load in erp.data_load and rebuild the rollups. Readers
 * see the previous data until that transaction commits; a failed or cancelled load rolls it all
 * back. Every attempt is an erp.load_run row with its validation report.
 *
 * `runErpLoad` is the one entry point: the Data screen's upload, `npm run erp:import` and a
 * scheduled SQL-source load all call it with a reader of their extract.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/database.ts';
import { BatchWriter, withoutSecondaryIndexes, type Cell, type Column } from '../demo/erp/batch-writer.ts';
import { revise } from '../analytics/cache.ts';
import { refreshRollups, refreshRollupsFor, ROLLUP_TABLES, vacuumAnalyzeRollups } from '../analytics/rollups.ts';
import { fullRebuildReason, touchTracker } from './touched.ts';
import { ExtractError, type ExtractFile } from './extract.ts';
import { customerKey, ExtractChecker, KEPT_PROBLEMS, loadOrder, type FileCheck, type LoadProblem } from './validate.ts';
import { layoutFor, type ErpLayout } from './layouts.ts';
import { enqueueNotificationRunAfterLoad } from '../notifications/jobs.ts';

export { KEPT_PROBLEMS };

export const LOAD_STEPS = ['read', 'validate', 'load', 'rollups', 'analyze'] as const;
export type LoadStep = (typeof LOAD_STEPS)[number];
const STEP_LABELS: Record<LoadStep, string> = {
  read: 'Reading the extract',
  validate: 'Checking the rows',
  load: 'Loading the rows',
  rollups: 'Refreshing the analytics rollups',
  analyze: 'Updating the planner statistics',
};

export type LoadProgress = {
  step: LoadStep;
  label: string;
  done: number;
  total: number;
  /** Since the load started. */
  elapsedMs: number;
  /** The step's remaining time at its pace so far (null until it has one). */
  estimateMs: number | null;
};

export type LoadStatus = 'running' | 'loaded' | 'rejected' | 'failed' | 'cancelled';

export type ErpLoadOptions = {
  /** What the extract came from: 'file' (the Data screen), 'cli' (erp:import), 'sql' (a SQL source). */
  source: string;
  fileName?: string | null;
  fileKey?: string | null;
  startedBy?: number | null;
  /** Load the rows that passed when others did not (default: stop). */
  loadValidRows?: boolean;
  /** Tables the extract replaces whole: their rows not in the extract are removed. */
  fullRefresh?: readonly string[];
  /** The file source whose mapping the reader applies (recorded with the run). */
  fileSourceId?: number | null;
  /** The run row when the caller made it already (createLoadRun). */
  runId?: number;
  today?: Date;
  /** Hears each step's progress; the load waits for an answered promise before it goes on. */
  onProgress?: (progress: LoadProgress) => void | Promise<void>;
  signal?: AbortSignal;
  /** Rows per batch (default BATCH_ROWS; the tests make it small). */
  batchRows?: number;
};

export type TableCounts = { written: number; deleted: number };

export type ErpLoadResult = {
  runId: number;
  status: Exclude<LoadStatus, 'running'>;
  loadId: number | null;
  message: string;
  rowsRead: number;
  rowsRejected: number;
  problems: LoadProblem[];
  problemCount: number;
  /** What was read of each file (its table, unmatched headers, missing columns). */
  files: FileCheck[];
  tableRows: Record<string, TableCounts>;
  /** How the rollups were refreshed: the touched periods and keys, or rebuilt whole (and why). */
  rollups?: string;
  /** Where the time went, in ms (see LoadTimings). */
  timings?: LoadTimings;
  elapsedMs: number;
};

/**
 * A load's time by part. The rows pass is `read` (reading, parsing and checking the rows in this
 * process) plus `write` (handing them to the database and waiting for it to take them): the
 * database writes one batch while the next is parsed, so `write` is the wait beyond the parse.
 */
export type LoadTimings = {
  open: number; read: number; write: number; indexes: number; touched: number; rollups: number; commit: number; analyze: number;
};

class LoadCancelled extends Error {}

/** Records a run about to start; its id lets a caller answer before the load ends. */
export async function createLoadRun(db: Db, options: ErpLoadOptions): Promise<number> {
  const { rows } = await db.query<{ run_id: number }>(
    `INSERT INTO erp.load_run (source, file_name, file_key, options, started_by) VALUES ($1, $2, $3, $4, $5) RETURNING run_id`,
    [options.source, options.fileName ?? null, options.fileKey ?? null, JSON.stringify({ loadValidRows: options.loadValidRows ?? false, fullRefresh: options.fullRefresh ?? [], fileSourceId: options.fileSourceId ?? null }), options.startedBy ?? null],
  );
  return rows[0]!.run_id;
}

/** Asks a running load to stop (it rolls back at its next step or batch). */
export async function requestCancel(db: Db, runId: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE erp.load_run SET cancel_requested = true WHERE run_id = $1 AND status = 'running'`, [runId]);
  return (rowCount ?? 0) > 0;
}

function progressReporter(options: ErpLoadOptions, started: number) {
  let stepStarted = started;
  let current: LoadStep | null = null;
  return async (step: LoadStep, done: number, total: number) => {
    if (options.signal?.aborted) throw new LoadCancelled('The load was cancelled');
    const now = performance.now();
    if (step !== current) {
      current = step;
      stepStarted = now;
    }
    const stepMs = now - stepStarted;
    await options.onProgress?.({
      step,
      label: STEP_LABELS[step],
      done,
      total,
      elapsedMs: Math.round(now - started),
      estimateMs: done > 0 && total > done ? Math.round((stepMs / done) * (total - done)) : done >= total && total > 0 ? 0 : null,
    });
  };
}

/** Rows per batch: checked, then written (a COPY chunk, a DELETE, or upserts as the BatchWriter sends them). */
const BATCH_ROWS = 10_000;

/** Where a table's checked rows go. */
type RowSink = { add(rows: Cell[][]): Promise<void>; end(): Promise<void> };

/** Upserts by business key (INSERT … SELECT FROM unnest … ON CONFLICT), the BatchWriter's batches. */
function upsertSink(writer: BatchWriter, layout: ErpLayout, fullRefresh: boolean): RowSink {
  const keyColumns = layout.columns.filter((c) => c.key);
  const others = layout.columns.filter((c) => !c.key);
  const onConflict = fullRefresh
    ? ''
    : `ON CONFLICT (${keyColumns.map((c) => c.name).join(', ')}) DO ${others.length ? `UPDATE SET ${others.map((c) => `${c.name} = EXCLUDED.${c.name}`).join(', ')}` : 'NOTHING'}`;
  const buffer = writer.define(`erp.${layout.table}`, layout.columns.map((c): Column => [c.name, c.type]), onConflict);
  return {
    async add(rows) {
      for (const row of rows) {
        const sent = buffer.add(row);
        if (sent) await sent;
      }
    },
    end: () => writer.flush(),
  };
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A cell in COPY's text format. */
function copyCell(cell: Cell): string {
  if (cell === null) return '\\N';
  if (typeof cell === 'boolean') return cell ? 't' : 'f';
  if (typeof cell === 'number') return String(cell);
  return /[\\\t\n\r]/.test(cell) ? cell.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : cell;
}

/**
 * Plain inserts by COPY … FROM STDIN (PostgreSQL), one COPY for the table, a chunk per batch:
 * for a table that holds no row the load could conflict with (empty before the load, or emptied
 * by a full refresh). The extract's keys are unique (validation), the primary key checks again.
 */
function copySink(client: pg.PoolClient, layout: ErpLayout): RowSink {
  let stream: ReturnType<typeof copyFrom> | null = null;
  let failure: Error | null = null;
  const failed = () => new Error(`Loading erp.${layout.table} failed: ${failure!.message}`);
  return {
    async add(rows) {
      if (!stream) {
        stream = client.query(copyFrom(`COPY erp.${layout.table} (${layout.columns.map((c) => c.name).join(', ')}) FROM STDIN`));
        stream.on('error', (error: Error) => (failure ??= error));
      }
      if (failure) throw failed();
      let text = '';
      for (const row of rows) text += `${row.map(copyCell).join('\t')}\n`;
      if (!stream.write(text)) await once(stream, 'drain').catch(() => undefined);
      if (failure) throw failed();
    },
    async end() {
      if (!stream) return;
      stream.end();
      await finished(stream).catch(() => undefined);
      if (failure) throw failed();
    },
  };
}

/** The tables of `tables` that hold no row. */
async function emptyTables(client: pg.PoolClient, tables: readonly string[]): Promise<string[]> {
  const empty: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ any: boolean }>(`SELECT EXISTS (SELECT FROM erp.${table}) AS any`);
    if (!rows[0]!.any) empty.push(table);
  }
  return empty;
}

async function finishRun(db: Db | pg.PoolClient, runId: number, status: LoadStatus, result: Omit<ErpLoadResult, 'runId' | 'status' | 'elapsedMs'>): Promise<void> {
  await db.query(
    `UPDATE erp.load_run SET status = $2, finished_at = now(), message = $3, rows_read = $4, rows_rejected = $5, table_rows = $6,
            problems = $7, problem_count = $8, load_id = $9, files = $10
      WHERE run_id = $1`,
    [runId, status, result.message, result.rowsRead, result.rowsRejected, JSON.stringify(result.tableRows),
      JSON.stringify(result.problems.slice(0, KEPT_PROBLEMS)), result.problemCount, result.loadId, JSON.stringify(result.files)],
  );
}

class LoadRejected extends Error {}

/**
 * Runs one load of the extract `read` answers (see the file's comment). Never throws for bad data:
 * the result says what happened. The rows are read, checked and written in one pass, a batch at a
 * time, inside the load's transaction: a load that stops on its problems (the default) stops
 * writing at the first, checks the rest for the report, and rolls back.
 */
export async function runErpLoad(db: Db, read: () => Promise<ExtractFile[]>, options: ErpLoadOptions): Promise<ErpLoadResult> {
  const started = performance.now();
  const runId = options.runId ?? (await createLoadRun(db, options));
  const progress = progressReporter(options, started);
  const fullRefresh = new Set(options.fullRefresh ?? []);
  const timings: LoadTimings = { open: 0, read: 0, write: 0, indexes: 0, touched: 0, rollups: 0, commit: 0, analyze: 0 };
  let summary: Omit<ErpLoadResult, 'runId' | 'status' | 'elapsedMs'> = { loadId: null, message: '', rowsRead: 0, rowsRejected: 0, problems: [], problemCount: 0, files: [], tableRows: {}, timings };
  const finish = async (status: Exclude<LoadStatus, 'running'>, message: string, on: Db | pg.PoolClient = db): Promise<ErpLoadResult> => {
    summary = { ...summary, message };
    await finishRun(on, runId, status, summary);
    return { runId, status, ...summary, elapsedMs: Math.round(performance.now() - started) };
  };
  const extractProblem = (error: ExtractError) => {
    summary.problems = [...summary.problems, { file: options.fileName ?? 'extract', row: 0, column: null, value: null, reason: 'type', message: error.message }];
    summary.problemCount += 1;
  };

  let files: ExtractFile[];
  try {
    await progress('read', 0, 1);
    files = loadOrder(await read());
    await progress('read', 1, 1);
    timings.open = performance.now() - started;
  } catch (error) {
    if (error instanceof LoadCancelled) return finish('cancelled', error.message);
    if (!(error instanceof ExtractError)) return finish('failed', `The extract could not be read: ${(error as Error).message}`);
    extractProblem(error);
    return finish('rejected', error.message);
  }

  const tables = [...new Set(files.flatMap((f) => (layoutFor(f.table) ? [f.table] : [])))];
  const fullReason = fullRebuildReason(tables, fullRefresh);
  let checker: ExtractChecker | null = null;
  /** The rollups the delta refresh wrote (null: every rollup, after a full rebuild). */
  let rollupsToAnalyze: string[] | null = null;
  const outcome = await inRunTransaction(db, { runId, signal: options.signal }, async (client, cancelRequested) => {
    const { rows: customers } = await client.query<{ company: string; customer: string }>('SELECT company, customer FROM erp.customer');
    checker = new ExtractChecker({
      knownCustomers: new Set(customers.map((c) => customerKey(c.company, c.customer))),
      fullRefresh,
      today: options.today ?? new Date(),
    });
    const postgres = !(await client.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v.includes('PGlite');
    // What the rows touch, read before each batch is written and after all, for a refresh of those periods and keys alone.
    const tracker = fullReason === null ? touchTracker(client, new Set(tables)) : null;
    await tracker?.before();
    // A table empty before the load (a first load) is written without its secondary indexes, built
    // once after the rows: its readers wait for the load to commit instead of seeing it empty.
    const empty = await emptyTables(client, tables);
    const indexes = await withoutSecondaryIndexes(client, empty);
    const writer = new BatchWriter(client);

    // Progress in rows: the files in memory are counted, the streamed ones estimated from their bytes.
    const knownRows = files.reduce((n, f) => n + (Array.isArray(f.rows) ? f.rows.length : 0), 0);
    const streamedBytes = files.reduce((n, f) => n + (Array.isArray(f.rows) ? 0 : (f.size ?? 0)), 0);
    let streamedRows = 0;
    let doneBytes = 0;
    let doneStreamedRows = 0;
    const estimate = (rowsRead: number, current: ExtractFile) => {
      const bytes = doneBytes + (current.bytesRead?.() ?? 0);
      return Math.max(rowsRead, knownRows + (bytes > 0 ? Math.round((streamedRows * streamedBytes) / bytes) : 0));
    };

    let writing = true;
    let written = 0;
    const begun = new Set<string>();
    await progress('load', 0, Math.max(knownRows, 1));
    for (const file of files) {
      await cancelRequested();
      const layout = layoutFor(file.table);
      const counts = layout ? (summary.tableRows[layout.table] ??= { written: 0, deleted: 0 }) : null;
      if (layout && !begun.has(layout.table)) {
        begun.add(layout.table);
        if (fullRefresh.has(layout.table) && writing) counts!.deleted += (await client.query(`DELETE FROM erp.${layout.table}`)).rowCount ?? 0;
      }
      const copy = postgres && layout !== undefined && file.kind === 'rows' && (empty.includes(layout.table) || fullRefresh.has(layout.table));
      const sink = layout && file.kind === 'rows' ? (copy ? copySink(client, layout) : upsertSink(writer, layout, fullRefresh.has(layout.table))) : null;
      const keyColumns = layout?.columns.filter((c) => c.key) ?? [];
      const deleteSql = layout && file.kind === 'delete'
        ? `DELETE FROM erp.${layout.table} WHERE (${keyColumns.map((c) => c.name).join(', ')}) IN (SELECT * FROM unnest(${keyColumns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}))`
        : '';
      const rowsBefore = checker.rowsRead;
      const batches = checker.check(file, options.batchRows ?? BATCH_ROWS);
      let batchCount = 0;
      for (;;) {
        const readStarted = performance.now();
        const next = await batches.next();
        timings.read += performance.now() - readStarted;
        if (next.done) break;
        const batch = next.value;
        if (writing && checker.problemCount > 0 && !options.loadValidRows) writing = false;
        if (writing) {
          const writeStarted = performance.now();
          await tracker?.beforeRows(batch.layout, batch.kind, batch.rows, !copy);
          if (batch.kind === 'delete') {
            counts!.deleted += (await client.query(deleteSql, keyColumns.map((_, i) => batch.rows.map((row) => row[i]!)))).rowCount ?? 0;
          } else {
            await sink!.add(batch.rows);
            counts!.written += batch.rows.length;
          }
          written += batch.rows.length;
          timings.write += performance.now() - writeStarted;
        }
        // (While a COPY is open its connection answers nothing else: the run's row is read on another.)
        if (++batchCount % 20 === 0) await (copy ? cancelRequestedOn(db, runId, options.signal) : cancelRequested());
        const read = checker.rowsRead;
        if (!Array.isArray(file.rows)) streamedRows = doneStreamedRows + read - rowsBefore;
        await progress(writing ? 'load' : 'validate', read, estimate(read, file));
      }
      if (!Array.isArray(file.rows)) {
        doneBytes += file.size ?? 0;
        doneStreamedRows += checker.rowsRead - rowsBefore;
      }
      const writeStarted = performance.now();
      await sink?.end();
      timings.write += performance.now() - writeStarted;
    }
    summary = { ...summary, rowsRead: checker.rowsRead, rowsRejected: checker.rowsRejected, problems: checker.problems, problemCount: checker.problemCount, files: checker.files };
    if (checker.problemCount > 0 && !options.loadValidRows) {
      throw new LoadRejected(`${checker.problemCount} problem${checker.problemCount === 1 ? '' : 's'} in ${checker.rowsRejected} of ${checker.rowsRead} rows: nothing was loaded`);
    }
    if (written === 0 && !tables.some((t) => fullRefresh.has(t))) throw new LoadRejected('The extract holds no rows to load');

    let at = performance.now();
    await indexes.rebuild();
    timings.indexes = performance.now() - at;
    at = performance.now();
    await tracker?.after();
    timings.touched = performance.now() - at;
    await cancelRequested();
    const touched = tracker?.touched() ?? fullReason!;
    // The invoice lines: after a delta the previous load's count and the change the tracker read, not a count of every line (1–2 s at scale 40).
    const { rows: load } = await client.query<{ load_id: number }>(
      `INSERT INTO erp.data_load (source, data_through, invoice_lines, duration_ms, loaded_by, table_rows)
       SELECT $1, coalesce((SELECT max(invoice_date) FROM erp.invoice_line), current_date),
              coalesce((SELECT invoice_lines FROM erp.data_load ORDER BY load_id DESC LIMIT 1) + $5::bigint, (SELECT count(*) FROM erp.invoice_line)), $2, $3, $4
       RETURNING load_id`,
      [options.source, Math.round(performance.now() - started), options.startedBy ?? null, JSON.stringify(summary.tableRows),
        typeof touched === 'string' ? null : touched.invoiceLineChange],
    );
    summary.loadId = load[0]!.load_id;
    at = performance.now();
    await progress('rollups', 0, 1);
    if (typeof touched === 'string') {
      summary.rollups = `rebuilt whole: ${touched}`;
      await refreshRollups(client, (done, total) => progress('rollups', done, total));
    } else {
      summary.rollups = 'refreshed the touched periods and keys';
      await refreshRollupsFor(client, touched, (done, total) => progress('rollups', done, total));
      rollupsToAnalyze = await rollupsWritten(client);
    }
    timings.rollups = performance.now() - at;
    await cancelRequested();
    const loaded = Object.values(summary.tableRows).reduce((n, t) => n + t.written, 0);
    return finish('loaded', `Loaded ${loaded.toLocaleString('en-US')} rows${checker.rowsRejected ? `, left out ${checker.rowsRejected.toLocaleString('en-US')} with problems` : ''}`, client);
  }, timings);
  for (const file of files) file.close?.();
  const checked = checker as ExtractChecker | null;
  if (checked) summary = { ...summary, rowsRead: checked.rowsRead, rowsRejected: checked.rowsRejected, problems: checked.problems, problemCount: checked.problemCount, files: checked.files };
  if (outcome instanceof Error) summary.loadId = null;
  if (outcome instanceof LoadCancelled) return finish('cancelled', 'The load was cancelled; the previous data is unchanged');
  if (outcome instanceof LoadRejected) return finish('rejected', outcome.message);
  if (outcome instanceof ExtractError) {
    extractProblem(outcome);
    return finish('rejected', outcome.message);
  }
  if (outcome instanceof Error) return finish('failed', `The load failed and the previous data is unchanged: ${outcome.message}`);
  const at = performance.now();
  await analyze(db, tables, progress, rollupsToAnalyze);
  timings.analyze = performance.now() - at;
  // The alerts look at the new data (issue 26: a run after each ERP load, once across gateways).
  if (outcome.loadId !== null) await enqueueNotificationRunAfterLoad(db, outcome.loadId);
  return { ...outcome, timings, elapsedMs: Math.round(performance.now() - started) };
}

/**
 * Throws LoadCancelled when the run was asked to stop: of this process by its signal (a cancel on
 * the embedded database cannot write the flag while the run holds it), of any by the flag.
 */
async function cancelRequestedOn(on: Db | pg.PoolClient, runId: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new LoadCancelled('The load was cancelled');
  const { rows } = await on.query<{ cancel_requested: boolean }>('SELECT cancel_requested FROM erp.load_run WHERE run_id = $1', [runId]);
  if (rows[0]?.cancel_requested) throw new LoadCancelled('The load was cancelled');
}

/**
 * Runs a run's writes in one transaction on one client (on the embedded database the pool has one
 * connection: nothing else may wait on the pool while it is held), rolled back when they throw or
 * the run is cancelled: answers their result, or what stopped them.
 */
async function inRunTransaction<T>(
  db: Db,
  { runId, signal }: { runId: number; signal?: AbortSignal },
  work: (client: pg.PoolClient, cancelRequested: () => Promise<void>) => Promise<T>,
  timings?: { commit: number },
): Promise<T | LoadCancelled | Error> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client, () => cancelRequestedOn(client, runId, signal));
    const committing = performance.now();
    await client.query('COMMIT');
    if (timings) timings.commit = performance.now() - committing;
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    return error instanceof LoadCancelled ? error : (error as Error);
  } finally {
    client.release();
  }
}

/**
 * Rebuilds the rollups from the erp tables as they stand (the SQLJob calls): a run without an
 * extract, in one transaction like a load's, that moves the latest load's revision on so every
 * gateway drops its cached answers. A failed or cancelled rebuild leaves the previous rollups.
 */
export async function runRollupRebuild(db: Db, options: ErpLoadOptions): Promise<ErpLoadResult> {
  const started = performance.now();
  const runId = options.runId ?? (await createLoadRun(db, options));
  const progress = progressReporter(options, started);
  const summary = { loadId: null as number | null, rowsRead: 0, rowsRejected: 0, problems: [], problemCount: 0, files: [], tableRows: {} };
  const finish = async (status: Exclude<LoadStatus, 'running'>, message: string, on: Db | pg.PoolClient = db): Promise<ErpLoadResult> => {
    await finishRun(on, runId, status, { ...summary, message });
    return { runId, status, ...summary, message, elapsedMs: Math.round(performance.now() - started) };
  };
  const outcome = await inRunTransaction(db, { runId, signal: options.signal }, async (client, cancelRequested) => {
    await progress('rollups', 0, 1);
    await refreshRollups(client, (done, total) => progress('rollups', done, total));
    await cancelRequested();
    summary.loadId = (await revise(client))?.loadId ?? null;
    return finish('loaded', 'Rebuilt the analytics rollups from the ERP data as it stands', client);
  });
  if (outcome instanceof LoadCancelled) return finish('cancelled', 'The rebuild was cancelled; the previous rollups are unchanged');
  if (outcome instanceof Error) return finish('failed', `The rebuild failed and the previous rollups are unchanged: ${outcome.message}`);
  await analyze(db, [], progress);
  return { ...outcome, elapsedMs: Math.round(performance.now() - started) };
}

/**
 * The rollup tables the load's transaction has written so far: those PostgreSQL counts rows
 * inserted, updated or deleted for in the backend's counts not yet reported, which hold this
 * transaction's (and may hold a transaction's just before it: a table more to analyze); every
 * rollup when none is counted.
 */
export async function rollupsWritten(client: pg.PoolClient): Promise<string[] | null> {
  const { rows } = await client.query<{ relname: string }>(
    `SELECT relname FROM pg_stat_xact_user_tables WHERE schemaname = 'erp' AND relname = ANY ($1) AND n_tup_ins + n_tup_upd + n_tup_del > 0`,
    [ROLLUP_TABLES],
  );
  return rows.length > 0 ? rows.map((r) => r.relname) : null;
}

/**
 * Planner statistics (and the visibility map) for the tables the load wrote and the rollups, after
 * the commit: after a delta, only the rollups it wrote (`rollups`; null: all of them).
 */
async function analyze(db: Db, tables: readonly string[], progress: (step: LoadStep, done: number, total: number) => Promise<void>, rollups: string[] | null = null): Promise<void> {
  const total = tables.length + 1;
  try {
    for (const [i, table] of tables.entries()) {
      await db.query(`VACUUM ANALYZE erp.${table}`);
      await progress('analyze', i + 1, total);
    }
    await vacuumAnalyzeRollups(db, rollups ?? undefined);
    await progress('analyze', total, total);
  } catch (error) {
    // The load is committed: a cancel now only skips the statistics.
    if (!(error instanceof LoadCancelled)) throw error;
  }
}
