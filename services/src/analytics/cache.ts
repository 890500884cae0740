/**
 * A small result cache keyed to the data version (erp.data_load's latest load id and revision): entries of
 * an older load are dropped as soon as a newer load is seen, so a new ERP load never serves
 * stale numbers. Least recently used entries go first; concurrent identical questions share
 * one query. Also the analytics answers' shared parts: "today", the per-app caches and the key.
 */
import { isIsoDate, toIsoDate } from '@tradeboard/shared/dates';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { scopeKey, type AnalyticsContext } from './scope.ts';

export class ResultCache {
  private version: number | string = -1;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 2000) {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  async get<T>(version: number | string, key: string, compute: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}

/**
 * Counts a change as a revision of the latest load (a writeback, a rebuild of the rollups, a cache
 * clear): every gateway's result caches see a new data version. Answers the load and that version,
 * or null before any load.
 */
export async function revise(db: { query: Db['query'] }): Promise<{ loadId: number; dataVersion: string } | null> {
  const { rows } = await db.query<{ loadId: number; dataVersion: string }>(
    `UPDATE erp.data_load SET revision = revision + 1 WHERE load_id = (SELECT max(load_id) FROM erp.data_load)
     RETURNING load_id AS "loadId", load_id || '.' || revision AS "dataVersion"`,
  );
  return rows[0] ?? null;
}

/** "Today" for the date choices: the server's local date, or TRADEBOARD_TODAY (yyyy-mm-dd) when set. */
export function analyticsToday(env: NodeJS.ProcessEnv = process.env): string {
  const fixed = env.TRADEBOARD_TODAY;
  return fixed && isIsoDate(fixed) ? fixed : toIsoDate(new Date());
}

const caches = new Set<ResultCache>();
/** Empties every analytics result cache of this process (benchmarks measure cold calls with it). */
export function clearAnalyticsCaches(): void {
  for (const cache of caches) cache.clear();
}

/** A result cache of this app's (emptied with clearAnalyticsCaches, dropped when the app closes). */
export function analyticsCache(app: FastifyInstance): ResultCache {
  const cache = new ResultCache();
  caches.add(cache);
  app.addHook('onClose', async () => void caches.delete(cache));
  return cache;
}

/** A cached answer's key: the question's own parts, then what of the caller's context and day it depends on. */
export function answerKey(parts: readonly unknown[], context: AnalyticsContext, today: string): string {
  return JSON.stringify([...parts, scopeKey(context.scope), context.fiscalYear, context.invoiceCostBasis, context.orderCostBasis, context.bookingCostBasis, context.quoteCostBasis, today, context.rollupsReady]);
}
