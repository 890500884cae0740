import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedApplication } from './demo/app-seed.ts';
import { generateErpData } from './demo/erp/index.ts';
import { configFromEnv } from './platform/config.ts';
import type { ServiceContext } from './platform/context.ts';
import { createMailer } from './platform/mailer.ts';

/** On an empty database: the demo users and settings, then the demo ERP data (DEMO_ERP_SCALE, 0 = none). */
async function seedDemoData(database: Database, env: NodeJS.ProcessEnv, log: FastifyBaseLogger): Promise<void> {
  if (await seedApplication(database.db)) log.info('demo users, roles, sections and settings created');
  const scale = Number(env.DEMO_ERP_SCALE ?? 1);
  if (!(scale > 0)) return;
  const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM erp.data_load');
  if (rows[0]!.n > 0) return;
  log.info({ scale }, 'loading the demo ERP data (first start only)…');
  const result = await generateErpData(database.db, { scale, onProgress: (message) => log.info(message) });
  log.info({ invoiceLines: result.invoiceLines, elapsedMs: result.elapsedMs }, 'demo ERP data loaded');
}

export type StartedContext = { context: ServiceContext; database: Database };

/** Opens the database, applies migrations and (on an empty database) the demo seed. */
export async function startServices(env: NodeJS.ProcessEnv, log: FastifyBaseLogger, options: { seed: boolean }): Promise<StartedContext> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? './data', log });
  const applied = await migrate(database.db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (options.seed) await seedDemoData(database, env, log);
  const config = configFromEnv(env);
  return { database, context: { db: database.db, config, mailer: createMailer(database.db, log, config.smtpUrl, config.mailFrom) } };
}
