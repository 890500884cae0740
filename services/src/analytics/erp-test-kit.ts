/** Set-up shared by the purchasing, accounting, inventory and account call tests. */
import { afterAll, beforeAll, expect } from 'vitest';
import type pg from 'pg';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import { generateErpData } from '../demo/erp/index.ts';
import { startTestServices, TEST_ERP_DATA, type TestBrowser } from '../testing/index.ts';

export const TODAY = '2026-11-20';
type Services = Awaited<ReturnType<typeof startTestServices>>;
export type Users = { admin: TestBrowser; rep: TestBrowser; rep2: TestBrowser; manager: TestBrowser; viewer: TestBrowser };

export type Kit = {
  users: Users;
  services: Services;
  post: (browser: TestBrowser, url: string, body?: unknown) => Promise<{ status: number; body: any }>;
  ok: (browser: TestBrowser, url: string, body?: unknown) => Promise<any>;
  get: (browser: TestBrowser, url: string) => Promise<{ status: number; body: any }>;
  sql: <T = Record<string, any>>(text: string, params?: unknown[]) => Promise<T[]>;
};

/**
 * Services with demo ERP data as of TODAY — TEST_ERP_DATA (the run's `erp` template), or generated
 * at another `scale` — and the demo users signed in (in beforeAll).
 */
export function useErpServices(scale: number = TEST_ERP_DATA.scale): Kit {
  const kit = { users: {} as Users } as Kit;
  beforeAll(async () => {
    process.env.TRADEBOARD_TODAY = TODAY;
    const fromTemplate = scale === TEST_ERP_DATA.scale;
    kit.services = await startTestServices({}, { erpData: fromTemplate });
    if (!fromTemplate) await generateErpData(kit.services.db, { ...TEST_ERP_DATA, scale });
    for (const name of ['admin', 'rep', 'rep2', 'manager', 'viewer'] as const) {
      const browser = kit.services.browser();
      expect((await browser.login(`${name}@tradeboard.example`, DEMO_PASSWORD)).statusCode).toBe(200);
      kit.users[name] = browser;
    }
  }, 180_000);
  afterAll(async () => {
    delete process.env.TRADEBOARD_TODAY;
    await kit.services?.close();
  });
  kit.post = async (browser, url, body = {}) => {
    const response = await browser.request('POST', `/api${url}`, { body });
    return { status: response.statusCode, body: response.json() };
  };
  kit.ok = async (browser, url, body = {}) => {
    const { status, body: json } = await kit.post(browser, url, body);
    expect(status, JSON.stringify(json)).toBe(200);
    return json;
  };
  kit.get = async (browser, url) => {
    const response = await browser.request('GET', `/api${url}`);
    return { status: response.statusCode, body: response.json() };
  };
  kit.sql = async (text, params = []) => (await kit.services.db.query(text, params)).rows as never;
  return kit;
}

export const cents = (x: unknown) => Math.round(Number(x) * 100);

/** How many rows two SELECTs' answers differ by (each side EXCEPT ALL the other): 0 when they hold the same rows. */
export async function rowDifferences(kit: Kit, kept: string, fresh: string): Promise<number> {
  const [row] = await kit.sql<{ n: number }>(
    `SELECT ((SELECT count(*) FROM (${kept} EXCEPT ALL ${fresh}) a) + (SELECT count(*) FROM (${fresh} EXCEPT ALL ${kept}) b))::int AS n`,
  );
  return row!.n;
}


/** Runs `body` on one connection inside a transaction that is rolled back, whatever it did. */
async function inRolledBackTransaction<T>(kit: Kit, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await kit.services.db.connect();
  try {
    await client.query('BEGIN');
    return await body(client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/** Runs a write in a transaction that is rolled back (a trigger-kept table must keep nothing of it). */
export async function rolledBack(kit: Kit, write: string): Promise<void> {
  await inRolledBackTransaction(kit, (client) => client.query(write));
}

/**
 * The plan of a statement, under planner settings for its transaction only (the demo data is small
 * enough that a scan is cheapest: `enable_seqscan = off` shows what an index serves).
 */
export function planOf(kit: Kit, statement: string, params: unknown[] = [], settings: readonly string[] = []): Promise<string> {
  return inRolledBackTransaction(kit, async (client) => {
    for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
    const { rows } = await client.query(`EXPLAIN ${statement}`, params);
    return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  });
}

/** Runs `body` after `change` (SQL that alters a rollup table), then rebuilds the rollup with `refresh`, whatever happened. */
export async function withChangedRollup(kit: Kit, change: string, refresh: string, body: () => Promise<void>): Promise<void> {
  await kit.sql(change);
  try {
    await body();
  } finally {
    await kit.sql(`SELECT ${refresh}()`);
  }
}

/** Runs `body` while the role has these setting values (seed §4: a role value overrides the default). */
export async function withRoleSettings(kit: Kit, role: string, settings: Record<string, string>, body: () => Promise<void>): Promise<void> {
  const names = Object.keys(settings);
  await kit.sql(
    `INSERT INTO app.setting_role (role_master_id, setting_master_id, setting_value)
     SELECT r.role_master_id, m.setting_master_id, x.value FROM app.role_master r
       JOIN unnest($2::text[], $3::text[]) AS x(name, value) ON true
       JOIN app.setting_master m ON m.setting_name = x.name
      WHERE r.role_name = $1`,
    [role, names, Object.values(settings)],
  );
  try {
    await body();
  } finally {
    await kit.sql(
      `DELETE FROM app.setting_role WHERE role_master_id = (SELECT role_master_id FROM app.role_master WHERE role_name = $1)
          AND setting_master_id IN (SELECT setting_master_id FROM app.setting_master WHERE setting_name = ANY($2::text[]))`,
      [role, names],
    );
  }
}
