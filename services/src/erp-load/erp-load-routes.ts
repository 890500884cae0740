/**
 * The Data screen's calls (shared/src/contracts/erp-load.ts): layouts, templates and the example
 * extract; uploads that start a load in the background (runErpLoad) and the runs' progress and
 * reports. Every call needs the administrator's `erp.load` right.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  erpLoadCancel, erpLoadExample, erpLoadGet, erpLoadLayoutList, erpLoadList, erpLoadTemplate, erpLoadUpload, ERP_EXTRACT_MAX_BYTES,
} from '@tradeboard/shared/contracts';
import { hasOneConnection, type Db } from '../db/database.ts';
import { fileStorage, receiveUpload, sendBytes, storeThenRecord, uploadRoutes } from '../files/index.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { holdSession } from '../platform/session.ts';
import { adminAudit } from '../admin/admin-area-routes.ts';
import { requireRight, type Admin } from '../admin/rights.ts';
import { EXAMPLE_EXTRACT, extractZip } from './example-extract.ts';
import { readExtract, type ExtractFile } from './extract.ts';
import { applyFileSource, findFileSource } from './file-source.ts';
import { ERP_LAYOUT_VERSION, ERP_LAYOUTS, layoutFor, templateCsv } from './layouts.ts';
import { createLoadRun, requestCancel, runErpLoad, type ErpLoadOptions, type ErpLoadResult, type LoadProgress } from './load.ts';

/** The types an extract may be: a ZIP, an XLSX workbook, one CSV. */
const EXTRACT_TYPES = ['application/zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'] as const;
/** A run still 'running' after this long was left by a gateway that stopped; it no longer blocks a new load. */
const STALE_RUN = '6 hours';

type RunRow = {
  runId: number; source: string; fileName: string | null; status: string; startedBy: string | null; startedAt: string; finishedAt: string | null;
  message: string | null; loadValidRows: boolean; fullRefresh: string[]; rowsRead: number; rowsRejected: number;
  tableRows: Record<string, { written: number; deleted: number }>; problemCount: number; loadId: number | null; fileSourceId: number | null;
};

const RUN_SELECT = `
  SELECT r.run_id AS "runId", r.source, r.file_name AS "fileName", r.status, coalesce(u.full_name, u.email) AS "startedBy",
         to_char(r.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "startedAt",
         to_char(r.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "finishedAt",
         r.message, coalesce((r.options->>'loadValidRows')::boolean, false) AS "loadValidRows",
         coalesce(ARRAY(SELECT jsonb_array_elements_text(r.options->'fullRefresh')), '{}') AS "fullRefresh",
         r.rows_read AS "rowsRead", r.rows_rejected AS "rowsRejected", r.table_rows AS "tableRows", r.problem_count AS "problemCount", r.load_id AS "loadId",
         (r.options->>'fileSourceId')::int AS "fileSourceId"
    FROM erp.load_run r
    LEFT JOIN app.user_master u ON u.user_master_id = r.started_by`;

type ActiveRun = {
  progress: LoadProgress | null;
  controller: AbortController;
  /**
   * On the embedded database, the run as it started and its administrator, for his session's
   * progress polls and cancel: the run's transaction holds the one connection (startRun).
   */
  held: { run: RunRow; sessionHash: string; admin: Admin } | null;
};

/** The loads running in this process: their progress and a way to stop them. */
const active = new Map<number, ActiveRun>();

/** The calls that follow and stop a run, answered from memory for its administrator while it holds the database. */
const FOLLOW_CALLS = [erpLoadGet, erpLoadCancel];

/** The run this request's session started, when it holds the database (ActiveRun.held). */
const heldFor = (request: FastifyRequest, runId: number) => {
  const held = active.get(runId)?.held;
  return held?.sessionHash === request.user!.sessionHash ? held : null;
};

const withProgress = (run: RunRow) => ({ ...run, progress: active.get(run.runId)?.progress ?? null });

async function findRun(db: Db, runId: number): Promise<RunRow> {
  const { rows } = await db.query<RunRow>(`${RUN_SELECT} WHERE r.run_id = $1`, [runId]);
  if (!rows[0]) throw new HttpError(404, `There is no load ${runId}.`);
  return rows[0];
}

/**
 * The latest run from a source (as the loads' list shows it), or null when it never ran; `recent`
 * keeps only one of that file name started within so many seconds.
 */
export async function latestRun(db: Db, source: string, recent?: { fileName: string; seconds: number }) {
  const { rows } = await db.query<RunRow>(
    `${RUN_SELECT} WHERE r.source = $1 ${recent ? `AND r.file_name = $2 AND r.started_at > now() - make_interval(secs => $3)` : ''} ORDER BY r.run_id DESC LIMIT 1`,
    recent ? [source, recent.fileName, recent.seconds] : [source],
  );
  return rows[0] ? withProgress(rows[0]) : null;
}

function fullRefreshOf(text: string | undefined): string[] {
  const tables = [...new Set((text ?? '').split(',').filter(Boolean))];
  const unknown = tables.filter((t) => !layoutFor(t));
  if (unknown.length) throw new HttpError(400, `fullRefresh names ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is not a table' : 'are not tables'} of the layouts`);
  return tables;
}

const who = (request: FastifyRequest) => request.user!.realUserMasterId ?? request.user!.userMasterId;

/** The signed-in administrator with the right to load ERP data (403 otherwise). */
export const loader = (request: FastifyRequest) => requireRight(request, 'erp.load');

export async function erpLoadRoutes(app: FastifyInstance): Promise<void> {

  serve(app, erpLoadLayoutList, async (request) => {
    await loader(request);
    return { version: ERP_LAYOUT_VERSION, layouts: ERP_LAYOUTS.map((layout) => ({ ...layout, key: [...layout.key], columns: [...layout.columns], fileName: `${layout.table}.csv` })) };
  });

  serve(app, erpLoadTemplate, async (request, reply) => {
    await loader(request);
    const layout = layoutFor(request.params.table);
    if (!layout) throw new HttpError(404, `${request.params.table} is not a table of the layouts.`);
    return sendBytes(reply, Buffer.from(templateCsv(layout)), 'text/csv; charset=utf-8', `${layout.table}.csv`);
  });

  serve(app, erpLoadExample, async (request, reply) => {
    await loader(request);
    return sendBytes(reply, Buffer.from(extractZip(EXAMPLE_EXTRACT)), 'application/zip', `erp-extract-example-v${ERP_LAYOUT_VERSION}.zip`);
  });

  serve(app, erpLoadList, async (request) => {
    await loader(request);
    const { rows } = await app.db.query<RunRow>(`${RUN_SELECT} ORDER BY r.run_id DESC LIMIT 50`);
    return rows.map(withProgress);
  });

  serve(app, erpLoadGet, async (request) => {
    const held = heldFor(request, request.params.runId);
    if (held) return { run: withProgress(held.run), problems: [], files: [] };
    await loader(request);
    const run = await findRun(app.db, request.params.runId);
    const { rows } = await app.db.query<{ problems: unknown[]; files: unknown[] }>('SELECT problems, files FROM erp.load_run WHERE run_id = $1', [run.runId]);
    return { run: withProgress(run), problems: rows[0]!.problems as never, files: rows[0]!.files as never };
  });

  serve(app, erpLoadCancel, async (request, reply) => {
    const { runId } = request.params;
    const held = heldFor(request, runId);
    if (held) {
      // Stopped and answered at once; the audit row waits for the connection the run frees as it stops.
      active.get(runId)!.controller.abort();
      void adminAudit(request, held.admin, 'erp-load-cancelled', { runId }).catch((error: unknown) => request.log.error({ err: error, runId }, 'a cancelled ERP load could not be audited'));
      return reply.status(204).send();
    }
    const admin = await loader(request);
    const run = await findRun(app.db, runId);
    active.get(run.runId)?.controller.abort();
    if (!(await requestCancel(app.db, run.runId)) && !active.has(run.runId)) throw new HttpError(409, `Load ${run.runId} has finished (${run.status}); there is nothing to cancel.`);
    await adminAudit(request, admin, 'erp-load-cancelled', { runId: run.runId });
    return reply.status(204).send();
  });

  await uploadRoutes(app, (scope) => {
    serve(scope, erpLoadUpload, async (request) => {
      const admin = await loader(request);
      const { fileSourceId } = request.query;
      const source = fileSourceId === undefined ? null : await findFileSource(app.db, admin.customerMasterId, fileSourceId);
      const options = { ...loadOptionsOf(request, 'file', request.query), fileSourceId: source?.fileSourceId ?? null };
      await refuseWhileRunning(app.db);
      const file = await receiveUpload(request, { what: 'an ERP extract', maxBytes: ERP_EXTRACT_MAX_BYTES, types: EXTRACT_TYPES });
      const runId = await storeThenRecord(fileStorage(app), file.bytes, file.contentType, (stored) => createLoadRun(app.db, { ...options, fileName: file.fileName, fileKey: stored.key }));
      // The source's mapping is applied as the extract is read, before the validation.
      const read = async () => {
        const files = await readExtract(file.bytes, file.fileName);
        return source ? applyFileSource(files, source.tables) : files;
      };
      return startLoad(request, admin, runId, { ...options, fileName: file.fileName }, read);
    });
  }, ERP_EXTRACT_MAX_BYTES);
}

/** A load's options from its call: who, where from, and the query's loadValidRows and fullRefresh. */
export function loadOptionsOf(request: FastifyRequest, source: string, query: { loadValidRows?: boolean; fullRefresh?: string } | undefined): ErpLoadOptions {
  return { source, startedBy: who(request), loadValidRows: query?.loadValidRows === true, fullRefresh: fullRefreshOf(query?.fullRefresh) };
}

/** 409 while another load runs (one load at a time: each replaces what every user sees). */
export async function refuseWhileRunning(db: Db): Promise<void> {
  const { rows } = await db.query<{ run_id: number }>(
    `SELECT run_id FROM erp.load_run WHERE status = 'running' AND started_at > now() - interval '${STALE_RUN}' ORDER BY run_id LIMIT 1`,
  );
  if (rows[0]) throw new HttpError(409, `Load ${rows[0].run_id} is running; wait for it to finish or cancel it first.`);
}

/** Audits the run, then loads in the background (runErpLoad); answers the run as it starts. */
export function startLoad(request: FastifyRequest, admin: Admin, runId: number, options: ErpLoadOptions, read: () => Promise<ExtractFile[]>) {
  return startRun(request, admin, runId, options, (runOptions) => runErpLoad(request.server.db, read, runOptions));
}

/** Audits the run, then runs it in the background with this process's progress and cancel; answers the run as it starts. */
export async function startRun(request: FastifyRequest, admin: Admin, runId: number, options: ErpLoadOptions, run: (options: ErpLoadOptions) => Promise<ErpLoadResult>) {
  const { db } = request.server;
  await adminAudit(request, admin, 'erp-load-started', { runId, source: options.source, fileName: options.fileName ?? null, fileSourceId: options.fileSourceId ?? null });
  // Read before the run starts: on the embedded database it holds the one connection until it ends,
  // so its administrator's session is held for the calls that follow and cancel it.
  const started = await findRun(db, runId);
  const oneConnection = hasOneConnection(db);
  const release = oneConnection ? await holdSession(db, request.user!, FOLLOW_CALLS) : null;
  const entry: ActiveRun = {
    progress: null,
    controller: new AbortController(),
    held: oneConnection ? { run: started, sessionHash: request.user!.sessionHash, admin } : null,
  };
  active.set(runId, entry);
  const runToEnd = async () => {
    try {
      await run({ ...options, runId, signal: entry.controller.signal, onProgress: (progress) => { entry.progress = progress; } });
    } catch (error) {
      request.log.error({ err: error, runId }, 'ERP load could not record its end');
    } finally {
      active.delete(runId);
      await release?.().catch((error: unknown) => request.log.error({ err: error, runId }, 'the session held for an ERP load could not be released'));
    }
  };
  void runToEnd();
  return withProgress(started);
}
