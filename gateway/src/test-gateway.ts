import pino from 'pino';
import { configFromEnv, createMailer, seedApplication } from '@tradeboard/services';
import { createTestDatabase, TestBrowser } from '@tradeboard/services/testing';
import { gatewayConfigFromEnv, type GatewayConfig } from './config.ts';
import { buildGateway } from './gateway.ts';

export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>;

/** A gateway over a fresh migrated and seeded database, for one test file. */
export async function startTestGateway(
  env: NodeJS.ProcessEnv = {},
  options: { databaseUrl?: string; adjust?: (config: GatewayConfig) => GatewayConfig } = {},
) {
  const database = await createTestDatabase(options.databaseUrl);
  const adjust = options.adjust ?? ((config: GatewayConfig) => config);
  await seedApplication(database.db);
  const log = pino({ level: 'silent' });
  // Test files sign many users in from one address; edge-security.test.ts tests the limit itself.
  const config = configFromEnv({ PUBLIC_WRITES_PER_MINUTE: '100000', JOBS_WORKER: 'false', ...env });
  const app = await buildGateway(adjust({ ...gatewayConfigFromEnv({ LOG_LEVEL: 'silent', ...env }, '/nonexistent', 'test') }), {
    db: database.db,
    config,
    mailer: createMailer(database.db, log, undefined, config.mailFrom),
  });
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    browser: (ip?: string) => new TestBrowser(app, ip),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
