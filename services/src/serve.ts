// Runs one backend service as its own process (the split topology):
//   SERVICE=auth PORT=9101 DATABASE_URL=postgres://… node services/dist/serve.js
import Fastify from 'fastify';
import { SERVICE_NAMES, type ServiceName } from '@tradeboard/shared/contracts';
import { servicePlugins } from './index.ts';
import { registerPlatform } from './platform/platform.ts';
import { startServices } from './start.ts';

const service = process.env.SERVICE as ServiceName;
if (!SERVICE_NAMES.includes(service)) {
  console.error(`SERVICE must be one of ${SERVICE_NAMES.join(', ')}`);
  process.exit(2);
}
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, trustProxy: true });
const { context, database } = await startServices(process.env, app.log, { seed: false });
await registerPlatform(app, context);
await app.register(servicePlugins[service], { prefix: '/api' });
app.addHook('onClose', () => database.close());
await app.listen({ port: Number(process.env.PORT ?? 9100), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
