// The one process `npm start` runs: database (embedded unless DATABASE_URL), services, gateway.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startServices } from '@tradeboard/services/start';
import { gatewayConfigFromEnv } from './config.ts';
import { buildGateway, buildVersion } from './gateway.ts';

const startedAt = performance.now();
const rootDir = process.env.TRADEBOARD_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const probe = gatewayConfigFromEnv(process.env, rootDir, '');
const config = { ...probe, version: process.env.TRADEBOARD_VERSION ?? buildVersion(rootDir, probe.remotes) };
const { context, database } = await startServices(process.env, log, { seed: process.env.SEED_DEMO_DATA !== 'false' });
const app = await buildGateway(config, context);
app.addHook('onClose', () => database.close());
await app.listen({ port: config.port, host: config.host });
app.log.info({ database: database.kind, version: config.version, startMs: Math.round(performance.now() - startedAt) }, 'Tradeboard is ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
