import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { contextPlugin, type ServiceContext } from './context.ts';
import { installErrorHandler } from './errors.ts';
import { installInputGuards } from './input-guard.ts';

/** What every server hosting services needs, whether the gateway or a service on its own. */
export async function registerPlatform(app: FastifyInstance, context: ServiceContext): Promise<void> {
  await app.register(cookie);
  await app.register(contextPlugin, context);
  installErrorHandler(app);
  installInputGuards(app);
}
