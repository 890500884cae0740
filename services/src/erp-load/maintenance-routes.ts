/**
 * SQLJob and Cache (seed 001 §7.4; shared/src/contracts/erp-maintenance.ts): rebuilding the
 * analytics rollups from the erp tables as they stand, and dropping the cached answers. The
 * deployment has one ERP mirror, so a rebuild covers it whole: each call's id only names what the
 * caller asks about (his organization, its ERP definition, a SQL source) and is 404 when it is not
 * his. A rebuild is a run of the loads' list (one at a time with the loads), followed like a load.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cacheCustomerClear, sqlJobRebuildAll, sqlJobRebuildForCustomer, sqlJobRebuildForErp, sqlJobRebuildForServer,
} from '@tradeboard/shared/contracts';
import { adminAudit } from '../admin/admin-area-routes.ts';
import type { Admin } from '../admin/rights.ts';
import { revise } from '../analytics/cache.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { latestRun, loader, loadOptionsOf, refuseWhileRunning, startRun } from './erp-load-routes.ts';
import { createLoadRun, runRollupRebuild, type ErpLoadOptions } from './load.ts';
import { findConnection } from './sql-source-routes.ts';

/** What a rebuild run is called in the loads' list. */
export const REBUILD_SOURCE = 'rebuild';

/** The caller's organization, or 404 when the path names another. */
function requireOwnOrganization(admin: Admin, customerMasterId: number): void {
  if (customerMasterId !== admin.customerMasterId) throw new HttpError(404, `There is no organization ${customerMasterId} of yours.`);
}

/** The same rebuild asked for again within this many seconds answers the run it started. */
const REPEAT_SECONDS = 60;

/**
 * Starts a rebuild (`alert` mails the site-errors address when it fails), or answers the same one
 * started within the last minute: a second click rebuilds nothing new, and repeated calls cannot
 * keep the database rebuilding.
 */
async function startRebuild(request: FastifyRequest, admin: Admin, detail: string, alert = false) {
  const { db, mailer, serviceConfig } = request.server;
  const repeated = await latestRun(db, REBUILD_SOURCE, { fileName: detail, seconds: REPEAT_SECONDS });
  if (repeated) return repeated;
  await refuseWhileRunning(db);
  const options: ErpLoadOptions = { ...loadOptionsOf(request, REBUILD_SOURCE, undefined), fileName: detail };
  const runId = await createLoadRun(db, options);
  return startRun(request, admin, runId, options, async (runOptions) => {
    const result = await runRollupRebuild(db, runOptions);
    if (alert && result.status === 'failed') {
      await mailer.send({ to: [serviceConfig.siteErrorsEmail], subject: `Tradeboard: the rollup rebuild ${runId} failed`, body: `${result.message}\n\n— started by ${request.user!.email} (${detail})` });
    }
    return result;
  });
}

export async function erpMaintenanceRoutes(app: FastifyInstance): Promise<void> {
  serve(app, sqlJobRebuildAll, async (request) => startRebuild(request, await loader(request), 'All'));

  serve(app, sqlJobRebuildForErp, async (request) => {
    const admin = await loader(request);
    const { rows } = await app.db.query<{ erp_master_id: number }>('SELECT erp_master_id FROM app.customer_master WHERE customer_master_id = $1', [admin.customerMasterId]);
    if (rows[0]?.erp_master_id !== request.params.erpMasterId) throw new HttpError(404, `There is no ERP definition ${request.params.erpMasterId} of your organization.`);
    return startRebuild(request, admin, `ERP definition ${request.params.erpMasterId}`);
  });

  serve(app, sqlJobRebuildForServer, async (request) => {
    const admin = await loader(request);
    const connection = await findConnection(app.db, request.params.ssisConnectionId);
    return startRebuild(request, admin, `SQL source ${connection.connectionName}`);
  });

  serve(app, sqlJobRebuildForCustomer, async (request) => {
    const admin = await loader(request);
    const { customerMasterId, createLeagcyAlertStep, enableJob } = request.params;
    requireOwnOrganization(admin, customerMasterId);
    if (!enableJob) return latestRun(app.db, REBUILD_SOURCE);
    return startRebuild(request, admin, `Organization ${customerMasterId}`, createLeagcyAlertStep);
  });

  serve(app, cacheCustomerClear, async (request) => {
    const admin = await loader(request);
    requireOwnOrganization(admin, request.params.customerMasterId);
    const dataVersion = (await revise(app.db))?.dataVersion ?? '0.0';
    await adminAudit(request, admin, 'erp-cache-cleared', { customerMasterId: admin.customerMasterId, dataVersion });
    return { dataVersion };
  });
}
