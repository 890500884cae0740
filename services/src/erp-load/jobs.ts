/**
 * Scheduled loads of SQL sources (issue 29): a source with a daily time (erp.local_connection.
 * load_daily_at, UTC) is a schedule of this process's job worker, read from the database at each
 * tick, so every gateway enqueues the same day's slot under one run key and the load runs once. A
 * slot that began before the source was last saved is not run (a time set for 06:00 at 14:00
 * first loads tomorrow). The job waits while another load runs (retried with back-off), and a
 * source that is gone or a load its checks refused ends the job: the run's report keeps why.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { createWorker, type Schedule } from '../jobs/queue.ts';
import { HttpError } from '../platform/errors.ts';
import { refuseWhileRunning } from './erp-load-routes.ts';
import { runSqlSourceLoad } from './sql-source-routes.ts';

export const SQL_SOURCE_LOAD_JOB = 'erp.sql-source-load';

/** The daily schedules of the SQL sources that have a load time. */
export async function sqlSourceSchedules(db: Pick<Db, 'query'>): Promise<Schedule[]> {
  const { rows } = await db.query<{ id: number; minutes: number; since: Date }>(
    `SELECT local_connection_id AS id, (extract(epoch FROM load_daily_at) / 60)::int AS minutes, updated_at AS since
       FROM erp.local_connection WHERE load_daily_at IS NOT NULL`,
  );
  return rows.map((row) => ({
    name: SQL_SOURCE_LOAD_JOB,
    key: `${SQL_SOURCE_LOAD_JOB}:${row.id}`,
    everyMinutes: 1440,
    offsetMinutes: row.minutes,
    since: new Date(row.since),
    payload: { localConnectionId: row.id },
  }));
}

/** The job: one load of the source, once no other load runs. */
export async function runScheduledSqlSourceLoad(db: Db, localConnectionId: number, log: FastifyInstance['log']): Promise<void> {
  await refuseWhileRunning(db);
  try {
    const result = await runSqlSourceLoad(db, localConnectionId);
    log.info({ localConnectionId, runId: result.runId, status: result.status, loadId: result.loadId }, 'scheduled SQL source load finished');
  } catch (error) {
    // The source was removed, or its model queries are missing or not validated: nothing to retry.
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400)) {
      log.warn({ localConnectionId, reason: error.message }, 'scheduled SQL source load skipped');
      return;
    }
    throw error;
  }
}

/** Starts this process's worker for the scheduled SQL source loads (stopped when the app closes). */
export function startSqlSourceJobs(app: FastifyInstance): void {
  const { jobs } = app.serviceConfig;
  if (!jobs.worker) return;
  const worker = createWorker(app.db, {
    handlers: { [SQL_SOURCE_LOAD_JOB]: (job) => runScheduledSqlSourceLoad(app.db, Number(job.payload.localConnectionId), app.log) },
    schedules: () => sqlSourceSchedules(app.db),
    pollMs: jobs.pollMs,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
