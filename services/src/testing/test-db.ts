import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: a scratch database on the PostgreSQL server
 * named by DATABASE_URL (dropped afterwards), or else an in-memory embedded one.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<Database & { url?: string }> {
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    return database;
  }
  const name = `tb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  // The scratch database is dropped WITH (FORCE) as soon as pool.end() resolves, which can be
  // before its clients have closed: their "terminating connection" errors are expected then.
  let closing = false;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    log: { warn: (details, message) => closing || console.warn(message, details) },
  });
  await migrate(database.db);
  return {
    ...database,
    url: url.toString(),
    async close() {
      closing = true;
      await database.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
