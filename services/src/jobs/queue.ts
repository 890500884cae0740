/**
 * DESIGN §9 jobs: a queue in the database (app.job, migration 161; docs/decisions.md "Jobs").
 *
 * - enqueueJob: a one-off job (optionally under a run key: a second enqueue of the same key is
 *   a no-op, whichever gateway makes it).
 * - A schedule (name, every N minutes at an offset): each worker tick enqueues the current slot
 *   under the key `name@slot` (or `key@slot`), so with several gateways each slot is queued once; a
 *   slot missed while no gateway ran is enqueued late, once (unless it began before the schedule's
 *   `since`). A worker's schedules may be read at each tick (kept in the database).
 * - A worker claims one queued job at a time with FOR UPDATE SKIP LOCKED (one worker per job),
 *   runs its handler, and marks it done, or queued again with a back-off until max_attempts,
 *   then failed. A job left running by a worker that died is queued again after `staleAfterMs`.
 *
 * Plain SQL, so the embedded PGlite database (one connection) runs it like PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export type JobPayload = Record<string, unknown>;
export type Job = { jobId: number; name: string; payload: JobPayload; attempts: number; runKey: string | null };
export type JobHandler = (job: Job) => Promise<void>;

export type Schedule = {
  /** The job to enqueue at each slot. */
  name: string;
  /** Slots every this many minutes (1440: daily) … */
  everyMinutes: number;
  /** … starting this many minutes after midnight UTC (360 with 1440: daily at 06:00 UTC). */
  offsetMinutes?: number;
  payload?: JobPayload;
  /** Names the schedule's run keys when several schedules enqueue the same job (default: name). */
  key?: string;
  /** Slots starting before this are not run: a daily 06:00 schedule set at 14:00 first runs tomorrow. */
  since?: Date;
};

export type EnqueueOptions = { runKey?: string; runAfter?: Date; maxAttempts?: number };

/** Queues a job; with a run key already used, nothing (and returns null). */
export async function enqueueJob(db: Pick<Db, 'query'>, name: string, payload: JobPayload = {}, options: EnqueueOptions = {}): Promise<number | null> {
  const { rows } = await db.query<{ job_id: number }>(
    `INSERT INTO app.job (name, payload, run_key, run_after, max_attempts) VALUES ($1, $2, $3, coalesce($4, now()), $5)
     ON CONFLICT (run_key) DO NOTHING RETURNING job_id`,
    [name, JSON.stringify(payload), options.runKey ?? null, options.runAfter ?? null, options.maxAttempts ?? 3],
  );
  return rows[0]?.job_id ?? null;
}

/** The start of the schedule's slot that `now` falls in. */
export function slotOf(schedule: Pick<Schedule, 'everyMinutes' | 'offsetMinutes'>, now: Date): Date {
  const every = schedule.everyMinutes * 60_000;
  const offset = (schedule.offsetMinutes ?? 0) * 60_000;
  return new Date(Math.floor((now.getTime() - offset) / every) * every + offset);
}

/** The run key of a schedule's slot. */
export function scheduledRunKey(schedule: Schedule, slot: Date): string {
  return `${schedule.key ?? schedule.name}@${slot.toISOString()}`;
}

/** Enqueues each schedule's current slot (once across every gateway: the run key). */
export async function enqueueDueSchedules(db: Pick<Db, 'query'>, schedules: readonly Schedule[], now = new Date()): Promise<number> {
  let queued = 0;
  for (const schedule of schedules) {
    const slot = slotOf(schedule, now);
    if (schedule.since && slot < schedule.since) continue;
    if ((await enqueueJob(db, schedule.name, { ...schedule.payload, scheduledFor: slot.toISOString() }, { runKey: scheduledRunKey(schedule, slot) })) !== null) queued += 1;
  }
  return queued;
}

type JobRow = { job_id: number; name: string; payload: JobPayload; attempts: number; max_attempts: number; run_key: string | null };

/** Claims the next due job of these names for `workerId`, or null. */
export async function claimJob(db: Pick<Db, 'query'>, names: readonly string[], workerId: string): Promise<(Job & { maxAttempts: number }) | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE app.job SET state = 'running', locked_by = $2, locked_at = now(), attempts = attempts + 1
      WHERE job_id = (SELECT job_id FROM app.job WHERE state = 'queued' AND run_after <= now() AND name = ANY($1::text[])
                       ORDER BY run_after, job_id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING job_id, name, payload, attempts, max_attempts, run_key`,
    [names, workerId],
  );
  const row = rows[0];
  return row ? { jobId: row.job_id, name: row.name, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts, runKey: row.run_key } : null;
}

/** Jobs left running longer than `staleAfterMs` (their worker died) are queued again. */
export async function requeueStaleJobs(db: Pick<Db, 'query'>, staleAfterMs: number): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE app.job SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END, locked_by = NULL,
            error = coalesce(error, 'the worker running it stopped')
      WHERE state = 'running' AND locked_at < now() - make_interval(secs => $1)`,
    [staleAfterMs / 1000],
  );
  return rowCount ?? 0;
}

/** Runs one claimed job's handler and records the outcome; true when it succeeded. */
async function runJob(db: Pick<Db, 'query'>, job: Job & { maxAttempts: number }, handler: JobHandler): Promise<boolean> {
  try {
    await handler(job);
    await db.query(`UPDATE app.job SET state = 'done', finished_at = now(), error = NULL WHERE job_id = $1`, [job.jobId]);
    return true;
  } catch (error) {
    const retry = job.attempts < job.maxAttempts;
    await db.query(
      `UPDATE app.job SET state = $2, error = $3, locked_by = NULL, finished_at = CASE WHEN $2 = 'failed' THEN now() END,
              run_after = now() + make_interval(secs => $4)
        WHERE job_id = $1`,
      [job.jobId, retry ? 'queued' : 'failed', (error as Error).message ?? String(error), 30 * 2 ** (job.attempts - 1)],
    );
    return false;
  }
}

export type WorkerOptions = {
  handlers: Record<string, JobHandler>;
  /** Fixed schedules, or a function answering them at each tick (schedules kept in the database). */
  schedules?: readonly Schedule[] | (() => Promise<readonly Schedule[]>);
  pollMs?: number;
  staleAfterMs?: number;
  log?: { error(details: object, message: string): void; info(details: object, message: string): void };
};

export type Worker = {
  readonly id: string;
  /** One pass: enqueue due schedules, requeue stale jobs, run every due job; the number run. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

/** A worker for the named handlers; start() polls every pollMs (default 5 s) until stop(). */
export function createWorker(db: Pick<Db, 'query'>, options: WorkerOptions): Worker {
  const id = randomUUID();
  const names = Object.keys(options.handlers);
  const pollMs = options.pollMs ?? 5000;
  const staleAfterMs = options.staleAfterMs ?? 30 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function tick(): Promise<number> {
    const schedules = typeof options.schedules === 'function' ? await options.schedules() : options.schedules;
    if (schedules?.length) await enqueueDueSchedules(db, schedules);
    await requeueStaleJobs(db, staleAfterMs);
    let ran = 0;
    for (let job = await claimJob(db, names, id); job; job = await claimJob(db, names, id)) {
      const ok = await runJob(db, job, options.handlers[job.name]!);
      if (ok) options.log?.info({ jobId: job.jobId, job: job.name }, 'job done');
      else options.log?.error({ jobId: job.jobId, job: job.name }, 'job failed');
      ran += 1;
    }
    return ran;
  }

  function schedule() {
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => options.log?.error({ err: error }, 'job worker tick failed'))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    id,
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
