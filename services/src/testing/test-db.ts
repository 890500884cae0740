import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A migrated database made once per test run by the global set-up (test-template.ts), which each
 * test file's database starts as a copy of instead of running every migration again: the embedded
 * database's dumped files, or a PostgreSQL template database on DATABASE_URL's server.
 */
export const TEMPLATE_FILE_ENV = 'TB_TEST_TEMPLATE_FILE';
export const TEMPLATE_DATABASE_ENV = 'TB_TEST_TEMPLATE_DATABASE';

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
 * A fresh, migrated database for one test file: a scratch database on the PostgreSQL server
 * named by DATABASE_URL (dropped afterwards), or else an in-memory embedded one.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<Database & { url?: string }> {
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: 'memory://', snapshot: process.env[TEMPLATE_FILE_ENV] });
    await migrate(database.db);
    return database;
  }
  const name = `tb_test_${randomBytes(6).toString('hex')}`;
  // The run's template lives on DATABASE_URL's server; another server starts empty.
  const template = databaseUrl === process.env.DATABASE_URL ? process.env[TEMPLATE_DATABASE_ENV] : undefined;
  await onServer(databaseUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseNamed(databaseUrl, name);
  // The scratch database is dropped WITH (FORCE) as soon as pool.end() resolves, which can be
  // before its clients have closed: their "terminating connection" errors are expected then.
  let closing = false;
  const database = await openDatabase({
    databaseUrl: url,
    log: { warn: (details, message) => closing || console.warn(message, details) },
  });
  await migrate(database.db);
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
 * Makes the run's migrated template (see TEMPLATE_FILE_ENV) and names it in the environment the
 * test workers inherit; returns the clean-up.
 */
export async function createTestTemplate(file: string, databaseUrl = process.env.DATABASE_URL): Promise<() => Promise<void>> {
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    await database.dump!(file);
    await database.close();
    process.env[TEMPLATE_FILE_ENV] = file;
    return async () => undefined;
  }
  const name = `tb_template_${randomBytes(6).toString('hex')}`;
  await onServer(databaseUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseNamed(databaseUrl, name) });
  await migrate(database.db);
  await database.close();
  process.env[TEMPLATE_DATABASE_ENV] = name;
  return () => onServer(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
