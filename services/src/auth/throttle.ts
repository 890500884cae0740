import type { Db } from '../db/database.ts';
import type { ServiceConfig } from '../platform/config.ts';
import { HttpError } from '../platform/errors.ts';

/** Failed sign-ins are counted per account and per IP address inside a fixed window. */
export function throttleKeys(email: string, ip: string) {
  return { account: `account:${email.trim().toLowerCase()}`, ip: `ip:${ip}` };
}

type Keys = ReturnType<typeof throttleKeys>;

/** Refuses with 429 and Retry-After when either key has used up its failures. */
export async function assertNotThrottled(db: Db, config: ServiceConfig, keys: Keys): Promise<void> {
  const { rows } = await db.query<{ throttle_key: string; failures: number; retry_after: number }>(
    `SELECT throttle_key, failures,
            ceil(extract(epoch FROM window_start + make_interval(mins => $2) - now()))::int AS retry_after
       FROM app.login_throttle
      WHERE throttle_key = ANY($1) AND window_start > now() - make_interval(mins => $2)`,
    [[keys.account, keys.ip], config.throttle.windowMinutes],
  );
  for (const row of rows) {
    const max = row.throttle_key === keys.ip ? config.throttle.maxFailuresPerIp : config.throttle.maxFailuresPerAccount;
    if (row.failures >= max) {
      const seconds = Math.max(1, row.retry_after);
      throw new HttpError(
        429,
        `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
        { 'retry-after': String(seconds) },
      );
    }
  }
}

export async function recordFailure(db: Db, config: ServiceConfig, keys: Keys): Promise<void> {
  await db.query(
    `INSERT INTO app.login_throttle AS t (throttle_key, failures, window_start)
     SELECT k, 1, now() FROM unnest($1::text[]) AS k
     ON CONFLICT (throttle_key) DO UPDATE SET
       failures = CASE WHEN t.window_start > now() - make_interval(mins => $2) THEN t.failures + 1 ELSE 1 END,
       window_start = CASE WHEN t.window_start > now() - make_interval(mins => $2) THEN t.window_start ELSE now() END`,
    [[keys.account, keys.ip], config.throttle.windowMinutes],
  );
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearAccountFailures(db: Db, keys: Keys): Promise<void> {
  await db.query('DELETE FROM app.login_throttle WHERE throttle_key = $1', [keys.account]);
}
