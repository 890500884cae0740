import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createTestDatabase } from '../testing/index.ts';
import { claimJob, createWorker, enqueueDueSchedules, enqueueJob, requeueStaleJobs, slotOf, type Job, type Schedule } from './queue.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** The second gateway: its own pool on PostgreSQL; the same embedded database otherwise (one process holds it). */
let second: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  second = database.url ? new pg.Pool({ connectionString: database.url, max: 4 }) : database.db;
}, 60_000);
afterAll(async () => {
  if (second !== database.db) await second.end();
  await database?.close();
});

const jobs = async (name: string) => (await database.db.query('SELECT state, attempts, run_key, error FROM app.job WHERE name = $1 ORDER BY job_id', [name])).rows;

describe('jobs', () => {
  it('puts a time in its schedule slot (daily at 06:00 UTC, every 15 minutes)', () => {
    const daily: Schedule = { name: 'x', everyMinutes: 1440, offsetMinutes: 360 };
    expect(slotOf(daily, new Date('2026-11-26T05:59:00Z')).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(slotOf(daily, new Date('2026-11-26T06:00:00Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(slotOf({ everyMinutes: 15 }, new Date('2026-11-26T10:29:59Z')).toISOString()).toBe('2026-11-26T10:15:00.000Z');
  });

  it('a run scheduled on two gateways at once happens once', async () => {
    const runs: Job[] = [];
    const schedule: Schedule = { name: 'test.scheduled', everyMinutes: 1440, offsetMinutes: 360 };
    const handler = async (job: Job) => {
      runs.push(job);
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const gatewayA = createWorker(database.db, { handlers: { 'test.scheduled': handler }, schedules: [schedule] });
    const gatewayB = createWorker(second, { handlers: { 'test.scheduled': handler }, schedules: [schedule] });
    const ran = await Promise.all([gatewayA.tick(), gatewayB.tick(), gatewayA.tick(), gatewayB.tick()]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.payload.scheduledFor).toBe(slotOf(schedule, new Date()).toISOString());
    expect(await jobs('test.scheduled')).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })]);
    // The same slot again from either gateway: nothing queued.
    expect(await enqueueDueSchedules(second, [schedule])).toBe(0);
  });

  it('one-off jobs: a run key queues once; many jobs spread over two workers run once each', async () => {
    expect(await enqueueJob(database.db, 'test.load', { loadId: 7 }, { runKey: 'test.load@7' })).toEqual(expect.any(Number));
    expect(await enqueueJob(second, 'test.load', { loadId: 7 }, { runKey: 'test.load@7' })).toBeNull();
    for (let i = 0; i < 20; i += 1) await enqueueJob(database.db, 'test.many', { i });
    const seen: number[] = [];
    const handler = async (job: Job) => {
      seen.push(job.payload.i as number);
    };
    const a = createWorker(database.db, { handlers: { 'test.many': handler } });
    const b = createWorker(second, { handlers: { 'test.many': handler } });
    await Promise.all([a.tick(), b.tick()]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('a failing job is retried with back-off, then failed; a job its worker left running is queued again', async () => {
    await enqueueJob(database.db, 'test.failing', {}, { maxAttempts: 2 });
    const worker = createWorker(database.db, { handlers: { 'test.failing': async () => Promise.reject(new Error('ERP unreachable')) } });
    await worker.tick();
    expect(await jobs('test.failing')).toEqual([expect.objectContaining({ state: 'queued', attempts: 1, error: 'ERP unreachable' })]);
    await database.db.query("UPDATE app.job SET run_after = now() WHERE name = 'test.failing'");
    await worker.tick();
    expect(await jobs('test.failing')).toEqual([expect.objectContaining({ state: 'failed', attempts: 2 })]);

    await enqueueJob(database.db, 'test.stale');
    expect(await claimJob(database.db, ['test.stale'], 'dead-worker')).not.toBeNull();
    await database.db.query("UPDATE app.job SET locked_at = now() - interval '1 hour' WHERE name = 'test.stale'");
    expect(await requeueStaleJobs(database.db, 60_000)).toBe(1);
    expect(await jobs('test.stale')).toEqual([expect.objectContaining({ state: 'queued', attempts: 1 })]);
  });

  it('start() polls until stop()', async () => {
    let runs = 0;
    const worker = createWorker(database.db, { handlers: { 'test.polled': async () => void (runs += 1) }, pollMs: 20 });
    worker.start();
    await enqueueJob(database.db, 'test.polled');
    await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
    await worker.stop();
  });
});
