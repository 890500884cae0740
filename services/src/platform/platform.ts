import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { contextPlugin, type ServiceContext } from './context.ts';
import { installErrorHandler } from './errors.ts';
import { installInputGuards } from './input-guard.ts';

/** What every server hosting services needs, whether the gateway or a service on its own. */
export async function registerPlatform(app: FastifyInstance, context: ServiceContext): Promise<void> {
  await app.register(cookie);
  await app.register(contextPlugin, context);
  // Off by default: a call opts in through its route's config (serve() does for public writes).
  await app.register(rateLimit, { global: false });
  installErrorHandler(app);
  installInputGuards(app);
  installNoStore(app);
}

/**
 * API answers carry user and ERP data: no browser or proxy may keep them. Decided by the route
 * matched (any spelling of the path), unless the call set its own cache policy.
 */
function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
