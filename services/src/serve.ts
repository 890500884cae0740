// Runs one backend service as its own process (the split topology):
//   SERVICE=auth PORT=9101 DATABASE_URL=postgres://… node services/dist/serve.js
import Fastify from 'fastify';
import { SERVICE_NAMES, type ServiceName } from '@tradeboard/shared/contracts';
import { servicePlugins } from './index.ts';
import { trustProxyFromEnv } from './platform/config.ts';
import { VALIDATION } from './platform/errors.ts';
import { registerPlatform } from './platform/platform.ts';
import { startServices } from './start.ts';

const service = process.env.SERVICE as ServiceName;
if (!SERVICE_NAMES.includes(service)) {
  console.error(`SERVICE must be one of ${SERVICE_NAMES.join(', ')}`);
  process.exit(2);
}
// Behind the gateway, which sends the client's address in X-Forwarded-For: trust it from the
// proxies named in TRUST_PROXY (default: this host, where the gateway usually runs).
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, ...VALIDATION, trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY ?? 'loopback') });
const { context, database } = await startServices(process.env, app.log, { seed: false });
await registerPlatform(app, context);
await app.register(servicePlugins[service], { prefix: '/api' });
app.addHook('onClose', () => database.close());
await app.listen({ port: Number(process.env.PORT ?? 9100), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
