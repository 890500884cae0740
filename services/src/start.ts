import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedApplication } from './demo/app-seed.ts';
import { configFromEnv } from './platform/config.ts';
import type { ServiceContext } from './platform/context.ts';
import { createMailer } from './platform/mailer.ts';

export type StartedContext = { context: ServiceContext; database: Database };

/** Opens the database, applies migrations and (on an empty database) the demo seed. */
export async function startServices(env: NodeJS.ProcessEnv, log: FastifyBaseLogger, options: { seed: boolean }): Promise<StartedContext> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? './data' });
  const applied = await migrate(database.db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (options.seed && (await seedApplication(database.db))) log.info('demo application data seeded');
  const config = configFromEnv(env);
  return { database, context: { db: database.db, config, mailer: createMailer(database.db, log, config.smtpUrl, config.mailFrom) } };
}
