import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { contextPlugin, type ServiceContext } from './context.ts';
import { installErrorHandler } from './errors.ts';
import { installInputGuards } from './input-guard.ts';
import { refuseSwitchedOffCalls } from '../admin/modules.ts';

/** What every server hosting services needs, whether the gateway or a service on its own. */
export async function registerPlatform(app: FastifyInstance, context: ServiceContext): Promise<void> {
  await app.register(cookie);
  await app.register(contextPlugin, context);
  // Off by default: a call opts in through its route's config (serve() does for public writes).
  await app.register(rateLimit, { global: false });
  installErrorHandler(app);
  installInputGuards(app);
  installNoStore(app);
  installImpersonationAudit(app);
  refuseSwitchedOffCalls(app);
}

/**
 * Every change made while impersonating is in the audit log with both users (issue 25): the
 * viewed user as the row's user, the staff member really signed in in its detail.
 */
function installImpersonationAudit(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const user = request.user;
    if (!user?.realUserMasterId || request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (request.routeOptions.url?.startsWith('/api/Impersonate/')) return;
    await app.db.query('INSERT INTO app.audit_log (event, user_master_id, email, ip, detail) VALUES ($1, $2, $3, $4, $5)', [
      'impersonated-write',
      user.userMasterId,
      user.email,
      request.ip,
      { realUserMasterId: user.realUserMasterId, realEmail: user.realEmail, method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode },
    ]).catch((error: unknown) => request.log.error({ err: error }, 'impersonated write could not be audited'));
  });
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
