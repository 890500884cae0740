/**
 * What every services bench starts with: the database (PostgreSQL with DATABASE_URL, else the
 * embedded one in `dataDir`), migrated and seeded, holding the demo ERP data at `scale` (loaded
 * when it holds another scale or none, or always with `reload`), and the services' routes on a
 * Fastify instance of their own (called by inject, no gateway), "today" being the data's last day.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { migrate, openDatabase, type Database } from '../src/db/index.ts';
import { seedApplication } from '../src/demo/app-seed.ts';
import { generateErpData } from '../src/demo/erp/index.ts';
import { servicePlugins } from '../src/index.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { createMailer, type Mailer } from '../src/platform/mailer.ts';
import { registerPlatform } from '../src/platform/platform.ts';

export type BenchServices = {
  database: Database;
  db: Database['db'];
  app: FastifyInstance;
  mailer: Mailer;
  load: { scale: number; data_through: string; invoice_lines: number };
  close: () => Promise<void>;
};

export async function openBenchServices(options: { scale: number; dataDir: string; reload?: boolean }): Promise<BenchServices> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: options.dataDir });
  const db = database.db;
  await migrate(db);
  await seedApplication(db);
  // The demo's scale stays that of its last generation through the ERP loads since (the import
  // bench's delta, a rebuild), which record none: only a database never generated, or generated at
  // another scale, is generated again.
  const { rows: loads } = await db.query<BenchServices['load']>(
    `SELECT (SELECT d.scale FROM erp.data_load d WHERE d.scale IS NOT NULL ORDER BY d.load_id DESC LIMIT 1) AS scale, data_through::text, invoice_lines
       FROM erp.data_load ORDER BY load_id DESC LIMIT 1`,
  );
  let load = loads[0];
  if (options.reload || !load || Number(load.scale) !== options.scale) {
    console.log(`Loading the demo ERP data at scale ${options.scale}…`);
    const started = performance.now();
    const result = await generateErpData(db, { scale: options.scale, onProgress: (m) => console.log(`  ${m}`) });
    console.log(`Loaded ${result.invoiceLines.toLocaleString('en-US')} invoice lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    load = { scale: options.scale, data_through: result.dataThrough, invoice_lines: result.invoiceLines };
  }
  process.env.TRADEBOARD_TODAY = load.data_through;

  const app = Fastify({ logger: false });
  const config = configFromEnv({});
  const mailer = createMailer(db, pino({ level: 'silent' }), undefined, config.mailFrom);
  await registerPlatform(app, { db, config, mailer });
  for (const plugin of Object.values(servicePlugins)) await app.register(plugin, { prefix: '/api' });
  await app.ready();
  return {
    database,
    db,
    app,
    mailer,
    load,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The p-th percentile (nearest rank) of samples in any order. */
export const percentile = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
