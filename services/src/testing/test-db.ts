import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedApplication } from '../demo/app-seed.ts';
import { generateErpData } from '../demo/erp/index.ts';

/**
 * The databases made once per test run by the global set-up (test-template.ts), which each test
 * file's database starts as a copy of instead of running every migration (and generating the demo
 * ERP data) again: the embedded database's dumped files, or PostgreSQL template databases on
 * DATABASE_URL's server. `migrated`: the migrations only; `erp`: also the demo application and
 * TEST_ERP_DATA, the demo ERP data most service tests read.
 */
export type TestTemplate = 'migrated' | 'erp';
const TEMPLATE_ENV: Record<TestTemplate, { file: string; database: string }> = {
  migrated: { file: 'TB_TEST_TEMPLATE_FILE', database: 'TB_TEST_TEMPLATE_DATABASE' },
  erp: { file: 'TB_TEST_ERP_TEMPLATE_FILE', database: 'TB_TEST_ERP_TEMPLATE_DATABASE' },
};

/** The demo ERP data of the `erp` template: scale 0.02 (about 5,000 invoice lines) as of 2026-11-20. */
export const TEST_ERP_DATA = { scale: 0.02, today: new Date(2026, 10, 20) } as const;

/** Migrates a database and fills it with the demo application and TEST_ERP_DATA. */
async function fillWithErpData(database: Database): Promise<void> {
  await migrate(database.db);
  await seedApplication(database.db);
  await generateErpData(database.db, TEST_ERP_DATA);
}

async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `databaseUrl` with another database name. */
function databaseNamed(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database for one test file, a copy of `template` (migrated; `erp`: also seeded with the
 * demo application and TEST_ERP_DATA): a scratch database on the PostgreSQL server named by
 * DATABASE_URL (dropped afterwards), or else an in-memory embedded one.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL, template: TestTemplate = 'migrated'): Promise<Database & { url?: string }> {
  // Without the run's template (another server, or no global set-up) the database starts empty.
  const prepare = async (database: Database, copied: boolean) => {
    if (template === 'erp' && !copied) await fillWithErpData(database);
    else await migrate(database.db);
  };
  if (!databaseUrl) {
    const snapshot = process.env[TEMPLATE_ENV[template].file];
    const database = await openDatabase({ dataDir: 'memory://', snapshot });
    await prepare(database, Boolean(snapshot));
    return database;
  }
  const name = `tb_test_${randomBytes(6).toString('hex')}`;
  // The run's templates live on DATABASE_URL's server; another server starts empty.
  const source = databaseUrl === process.env.DATABASE_URL ? process.env[TEMPLATE_ENV[template].database] : undefined;
  await onServer(databaseUrl, `CREATE DATABASE ${name}${source ? ` TEMPLATE ${source}` : ''}`);
  const url = databaseNamed(databaseUrl, name);
  // The scratch database is dropped WITH (FORCE) as soon as pool.end() resolves, which can be
  // before its clients have closed: their "terminating connection" errors are expected then.
  let closing = false;
  const database = await openDatabase({
    databaseUrl: url,
    log: { warn: (details, message) => closing || console.warn(message, details) },
  });
  await prepare(database, Boolean(source));
  return {
    ...database,
    url,
    async close() {
      closing = true;
      await database.close();
      await onServer(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Makes the run's templates (see TEMPLATE_ENV) — embedded: files in `dir` — and names them in the
 * environment the test workers inherit; returns the clean-up.
 */
export async function createTestTemplates(dir: string, databaseUrl = process.env.DATABASE_URL): Promise<() => Promise<void>> {
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database.db);
      await database.dump!(path.join(dir, 'migrated.tar'));
      await fillWithErpData(database);
      await database.dump!(path.join(dir, 'erp.tar'));
    } finally {
      await database.close();
    }
    process.env[TEMPLATE_ENV.migrated.file] = path.join(dir, 'migrated.tar');
    process.env[TEMPLATE_ENV.erp.file] = path.join(dir, 'erp.tar');
    return async () => undefined;
  }
  const suffix = randomBytes(6).toString('hex');
  const names = { migrated: `tb_template_${suffix}`, erp: `tb_template_erp_${suffix}` };
  await onServer(databaseUrl, `CREATE DATABASE ${names.migrated}`);
  const migrated = await openDatabase({ databaseUrl: databaseNamed(databaseUrl, names.migrated) });
  await migrate(migrated.db).finally(() => migrated.close());
  await onServer(databaseUrl, `CREATE DATABASE ${names.erp} TEMPLATE ${names.migrated}`);
  const erp = await openDatabase({ databaseUrl: databaseNamed(databaseUrl, names.erp) });
  await fillWithErpData(erp).finally(() => erp.close());
  process.env[TEMPLATE_ENV.migrated.database] = names.migrated;
  process.env[TEMPLATE_ENV.erp.database] = names.erp;
  return async () => {
    for (const name of Object.values(names)) await onServer(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
