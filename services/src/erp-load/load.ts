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
import type pg from 'pg';
import type { Db } from '../db/database.ts';
import { BatchWriter, withoutSecondaryIndexes, type Column } from '../demo/erp/batch-writer.ts';
import { revise } from '../analytics/cache.ts';
import { refreshRollups, refreshRollupsFor, vacuumAnalyzeRollups } from '../analytics/rollups.ts';
import { fullRebuildReason, touchTracker } from './touched.ts';
import { ExtractError, type ExtractFile } from './extract.ts';
import { customerKey, validateExtract, type FileCheck, type LoadProblem, type TableRows } from './validate.ts';
import type { ErpLoadTable } from './layouts.ts';
import { enqueueNotificationRunAfterLoad } from '../notifications/jobs.ts';

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

/** How many problems a run keeps (problem_count counts them all). */
export const KEPT_PROBLEMS = 1000;

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
  elapsedMs: number;
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

const PROGRESS_EVERY = 5000;

async function writeTable(client: pg.PoolClient, writer: BatchWriter, table: TableRows, fullRefresh: boolean, advance: (rows: number) => Promise<void>): Promise<TableCounts> {
  const { layout } = table;
  const name = `erp.${layout.table}`;
  const columns = layout.columns.map((c): Column => [c.name, c.type]);
  const keyColumns = layout.columns.filter((c) => c.key);
  let deleted = 0;
  if (fullRefresh) deleted += (await client.query(`DELETE FROM ${name}`)).rowCount ?? 0;
  if (table.deletes.length > 0) {
    const params = keyColumns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
    const sql = `DELETE FROM ${name} WHERE (${keyColumns.map((c) => c.name).join(', ')}) IN (SELECT * FROM unnest(${params}))`;
    for (let at = 0; at < table.deletes.length; at += PROGRESS_EVERY) {
      const batch = table.deletes.slice(at, at + PROGRESS_EVERY);
      deleted += (await client.query(sql, keyColumns.map((_, i) => batch.map((row) => row[i]!)))).rowCount ?? 0;
      await advance(batch.length);
    }
  }
  const others = layout.columns.filter((c) => !c.key);
  const onConflict = fullRefresh
    ? ''
    : `ON CONFLICT (${keyColumns.map((c) => c.name).join(', ')}) DO ${others.length ? `UPDATE SET ${others.map((c) => `${c.name} = EXCLUDED.${c.name}`).join(', ')}` : 'NOTHING'}`;
  const buffer = writer.define(name, columns, onConflict);
  let pending = 0;
  for (const row of table.rows) {
    const sent = buffer.add(row);
    if (sent) await sent;
    if (++pending === PROGRESS_EVERY) {
      await advance(pending);
      pending = 0;
    }
  }
  await writer.flush();
  await advance(pending);
  return { written: table.rows.length, deleted };
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

/** Runs one load of the extract `read` answers (see the file's comment). Never throws for bad data: the result says what happened. */
export async function runErpLoad(db: Db, read: () => Promise<ExtractFile[]>, options: ErpLoadOptions): Promise<ErpLoadResult> {
  const started = performance.now();
  const runId = options.runId ?? (await createLoadRun(db, options));
  const progress = progressReporter(options, started);
  const fullRefresh = new Set(options.fullRefresh ?? []);
  let summary: Omit<ErpLoadResult, 'runId' | 'status' | 'elapsedMs'> = { loadId: null, message: '', rowsRead: 0, rowsRejected: 0, problems: [], problemCount: 0, files: [], tableRows: {} };
  const finish = async (status: Exclude<LoadStatus, 'running'>, message: string, on: Db | pg.PoolClient = db): Promise<ErpLoadResult> => {
    summary = { ...summary, message };
    await finishRun(on, runId, status, summary);
    return { runId, status, ...summary, elapsedMs: Math.round(performance.now() - started) };
  };

  let files: ExtractFile[];
  try {
    await progress('read', 0, 1);
    files = await read();
    await progress('read', 1, 1);
  } catch (error) {
    if (error instanceof LoadCancelled) return finish('cancelled', error.message);
    if (!(error instanceof ExtractError)) return finish('failed', `The extract could not be read: ${(error as Error).message}`);
    summary.problems = [{ file: options.fileName ?? 'extract', row: 0, column: null, value: null, reason: 'type', message: error.message }];
    summary.problemCount = 1;
    return finish('rejected', error.message);
  }

  await progress('validate', 0, 1);
  const { rows: customers } = await db.query<{ company: string; customer: string }>('SELECT company, customer FROM erp.customer');
  const checked = validateExtract(files, {
    knownCustomers: new Set(customers.map((c) => customerKey(c.company, c.customer))),
    fullRefresh,
    today: options.today ?? new Date(),
  });
  await progress('validate', 1, 1);
  summary = { ...summary, rowsRead: checked.rowsRead, rowsRejected: checked.rowsRejected, problems: checked.problems, problemCount: checked.problems.length, files: checked.files };
  const toWrite = [...checked.tables.values()].reduce((n, t) => n + t.rows.length + t.deletes.length, 0);
  if (checked.problems.length > 0 && !options.loadValidRows) {
    return finish('rejected', `${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'} in ${checked.rowsRejected} of ${checked.rowsRead} rows: nothing was loaded`);
  }
  if (toWrite === 0 && ![...fullRefresh].some((t) => checked.tables.has(t as ErpLoadTable))) {
    return finish('rejected', 'The extract holds no rows to load');
  }

  const outcome = await inRunTransaction(db, runId, async (client, cancelRequested) => {
    const writer = new BatchWriter(client);
    let written = 0;
    const advance = async (rows: number) => {
      written += rows;
      await progress('load', written, toWrite);
    };
    await progress('load', 0, toWrite);
    // What the rows touch, read before the writes and after them, for a refresh of those periods and keys alone.
    const fullReason = fullRebuildReason(checked.tables.keys(), fullRefresh);
    const tracker = fullReason === null ? touchTracker(client, checked.tables) : null;
    await tracker?.before();
    // A table empty before the load (a first load) is written without its secondary indexes, built
    // once after the rows: its readers wait for the load to commit instead of seeing it empty.
    const indexes = await withoutSecondaryIndexes(client, await emptyTables(client, [...checked.tables.keys()]));
    for (const [table, rows] of checked.tables) {
      await cancelRequested();
      summary.tableRows[table] = await writeTable(client, writer, rows, fullRefresh.has(table), advance);
    }
    await indexes.rebuild();
    await tracker?.after();
    await cancelRequested();
    const { rows: load } = await client.query<{ load_id: number }>(
      `INSERT INTO erp.data_load (source, data_through, invoice_lines, duration_ms, loaded_by, table_rows)
       SELECT $1, coalesce((SELECT max(invoice_date) FROM erp.invoice_line), current_date), (SELECT count(*) FROM erp.invoice_line), $2, $3, $4
       RETURNING load_id`,
      [options.source, Math.round(performance.now() - started), options.startedBy ?? null, JSON.stringify(summary.tableRows)],
    );
    summary.loadId = load[0]!.load_id;
    await progress('rollups', 0, 1);
    const touched = tracker?.touched() ?? fullReason!;
    if (typeof touched === 'string') {
      summary.rollups = `rebuilt whole: ${touched}`;
      await refreshRollups(client, (done, total) => progress('rollups', done, total));
    } else {
      summary.rollups = 'refreshed the touched periods and keys';
      await refreshRollupsFor(client, touched, (done, total) => progress('rollups', done, total));
    }
    await cancelRequested();
    const loaded = Object.values(summary.tableRows).reduce((n, t) => n + t.written, 0);
    return finish('loaded', `Loaded ${loaded.toLocaleString('en-US')} rows${checked.rowsRejected ? `, left out ${checked.rowsRejected.toLocaleString('en-US')} with problems` : ''}`, client);
  });
  if (outcome instanceof Error) summary.loadId = null;
  if (outcome instanceof LoadCancelled) return finish('cancelled', 'The load was cancelled; the previous data is unchanged');
  if (outcome instanceof Error) return finish('failed', `The load failed and the previous data is unchanged: ${outcome.message}`);
  await analyze(db, [...checked.tables.keys()], progress);
  // The alerts look at the new data (issue 26: a run after each ERP load, once across gateways).
  if (outcome.loadId !== null) await enqueueNotificationRunAfterLoad(db, outcome.loadId);
  return { ...outcome, elapsedMs: Math.round(performance.now() - started) };
}

/**
 * Runs a run's writes in one transaction on one client (on the embedded database the pool has one
 * connection: nothing else may wait on the pool while it is held), rolled back when they throw or
 * the run is cancelled: answers their result, or what stopped them.
 */
async function inRunTransaction<T>(
  db: Db,
  runId: number,
  work: (client: pg.PoolClient, cancelRequested: () => Promise<void>) => Promise<T>,
): Promise<T | LoadCancelled | Error> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const cancelRequested = async () => {
      const { rows } = await client.query<{ cancel_requested: boolean }>('SELECT cancel_requested FROM erp.load_run WHERE run_id = $1', [runId]);
      if (rows[0]?.cancel_requested) throw new LoadCancelled('The load was cancelled');
    };
    const result = await work(client, cancelRequested);
    await client.query('COMMIT');
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
  const outcome = await inRunTransaction(db, runId, async (client, cancelRequested) => {
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

/** Planner statistics (and the visibility map) for the tables the load wrote and the rollups, after the commit. */
async function analyze(db: Db, tables: readonly string[], progress: (step: LoadStep, done: number, total: number) => Promise<void>): Promise<void> {
  const total = tables.length + 1;
  try {
    for (const [i, table] of tables.entries()) {
      await db.query(`VACUUM ANALYZE erp.${table}`);
      await progress('analyze', i + 1, total);
    }
    await vacuumAnalyzeRollups(db);
    await progress('analyze', total, total);
  } catch (error) {
    // The load is committed: a cancel now only skips the statistics.
    if (!(error instanceof LoadCancelled)) throw error;
  }
}
