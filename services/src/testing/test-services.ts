import Fastify from 'fastify';
import pino from 'pino';
import { seedApplication } from '../demo/app-seed.ts';
import { servicePlugins } from '../index.ts';
import { configFromEnv } from '../platform/config.ts';
import { VALIDATION } from '../platform/errors.ts';
import { createMailer } from '../platform/mailer.ts';
import { registerPlatform } from '../platform/platform.ts';
import { TestBrowser } from './test-browser.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * Every service mounted on a fresh migrated and seeded database, for one test file
 * (without the gateway's edge: no static files, no anti-forgery check); with `erpData`, the
 * database also holds TEST_ERP_DATA (the `erp` template).
 */
export async function startTestServices(env: NodeJS.ProcessEnv = {}, options: { erpData?: boolean } = {}) {
  const database = await createTestDatabase(undefined, options.erpData ? 'erp' : 'migrated');
  await seedApplication(database.db);
  const app = Fastify({ logger: false, ...VALIDATION });
  // Test files sign many users in from one address; the gateway's edge tests test the limit itself.
  const config = configFromEnv({ PUBLIC_WRITES_PER_MINUTE: '100000', JOBS_WORKER: 'false', ...env });
  await registerPlatform(app, { db: database.db, config, mailer: createMailer(database.db, pino({ level: 'silent' }), undefined, config.mailFrom) });
  for (const plugin of Object.values(servicePlugins)) await app.register(plugin, { prefix: '/api' });
  await app.ready();
  return {
    app,
    db: database.db,
    browser: (ip?: string) => new TestBrowser(app, ip),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
