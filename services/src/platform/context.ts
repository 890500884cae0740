import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import type { ServiceConfig } from './config.ts';
import type { Mailer } from './mailer.ts';
import type { SessionUser } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    serviceConfig: ServiceConfig;
    mailer: Mailer;
  }
  interface FastifyRequest {
    user: SessionUser | undefined;
  }
}

export type ServiceContext = { db: Db; config: ServiceConfig; mailer: Mailer };

/** Makes the database, configuration and mailer available to every service. */
export const contextPlugin = fp<ServiceContext>(
  async (app, { db, config, mailer }) => {
    app.decorate('db', db);
    app.decorate('serviceConfig', config);
    app.decorate('mailer', mailer);
    app.decorateRequest('user', undefined);
  },
  { name: 'tradeboard-context' },
);
