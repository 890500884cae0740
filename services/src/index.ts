import type { FastifyPluginAsync } from 'fastify';
import type { ServiceName } from '@tradeboard/shared/contracts';
import { adminRoutes } from './admin/admin-routes.ts';
import { analyticsRoutes } from './analytics/analytics-routes.ts';
import { erpDataRoutes } from './analytics/erp-routes.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { documentsRoutes } from './documents/documents-routes.ts';
import { goalRoutes } from './goals/goal-routes.ts';
import { boardsRoutes } from './boards/boards-routes.ts';
import { notificationsRoutes } from './notifications/notifications-routes.ts';
import { systemRoutes } from './system/system-routes.ts';
import { userRoutes } from './user/user-routes.ts';
import { erpLoadRoutes } from './erp-load/erp-load-routes.ts';
import { erpMaintenanceRoutes } from './erp-load/maintenance-routes.ts';
import { sqlSourceRoutes } from './erp-load/sql-source-routes.ts';
import { fileSourceRoutes } from './erp-load/file-source-routes.ts';
import { startSqlSourceJobs } from './erp-load/jobs.ts';

export { configFromEnv, trustProxyFromEnv, type ServiceConfig, type TrustProxy } from './platform/config.ts';
export { createMailer } from './platform/mailer.ts';
export { registerPlatform } from './platform/platform.ts';
export type { ServiceContext } from './platform/context.ts';
export { errorBody, HttpError, VALIDATION } from './platform/errors.ts';
export { hasValidAntiforgeryToken, XSRF_HEADER } from './platform/antiforgery.ts';
export { SESSION_COOKIE } from './platform/session.ts';
export { seedApplication } from './demo/app-seed.ts';

/** Each backend service is one Fastify plugin; the gateway mounts it or proxies to it. */
export const servicePlugins: Record<ServiceName, FastifyPluginAsync> = {
  admin: async (app) => {
    await adminRoutes(app);
    await erpLoadRoutes(app);
    await erpMaintenanceRoutes(app);
    await sqlSourceRoutes(app);
    await fileSourceRoutes(app);
    startSqlSourceJobs(app);
  },
  analytics: async (app) => {
    await analyticsRoutes(app);
    await erpDataRoutes(app);
    await documentsRoutes(app);
    await goalRoutes(app);
  },
  auth: authRoutes,
  boards: boardsRoutes,
  notifications: notificationsRoutes,
  system: systemRoutes,
  user: userRoutes,
};
