import type { FastifyInstance } from 'fastify';
import { callsOf, isUnderCall, MODULES, moduleById, routesOf, type DisabledArea } from '@tradeboard/shared/modules';
import type { Db } from '../db/database.ts';
import type { ServiceConfig } from '../platform/config.ts';
import { HttpError } from '../platform/errors.ts';

export type ModuleSwitch = { moduleId: string; featureId: string; reason: string };

/** The organization's switched-off modules and features (app.module_switch). */
export async function moduleSwitches(db: Db, customerMasterId: number): Promise<ModuleSwitch[]> {
  const { rows } = await db.query<ModuleSwitch>(
    `SELECT module_id AS "moduleId", feature_id AS "featureId", reason
       FROM app.module_switch WHERE customer_master_id = $1 ORDER BY module_id, feature_id`,
    [customerMasterId],
  );
  return rows;
}

/**
 * What is switched off for a user of the organization, with the routes it hides: the deployment's
 * switched-off remotes first (REMOTE_<ID>_ENABLED=false, they win), then the organization's switches.
 * Locked modules (admin, sign-in) are never in it from the organization's switches.
 */
export async function disabledAreas(db: Db, config: Pick<ServiceConfig, 'disabledRemotes'>, customerMasterId: number): Promise<DisabledArea[]> {
  const areas: DisabledArea[] = [];
  for (const module of MODULES) {
    const reason = config.disabledRemotes[module.remoteId];
    if (reason !== undefined && !module.locked) areas.push({ moduleId: module.moduleId, featureId: '', reason, routes: routesOf(module.moduleId, '') });
  }
  for (const row of await moduleSwitches(db, customerMasterId)) {
    const module = MODULES.find((m) => m.moduleId === row.moduleId);
    if (!module || module.locked || areas.some((a) => a.moduleId === row.moduleId && a.featureId === '')) continue;
    areas.push({ ...row, routes: routesOf(row.moduleId, row.featureId) });
  }
  return areas;
}

/** Every API path some module serves alone: only these calls can be switched off. */
const MODULE_CALLS = MODULES.flatMap((module) => callsOf(module.moduleId, ''));

/**
 * A switched-off module's calls answer 403 with its reason, not only its menu entry and routes
 * (issue 25): the server refuses them for the signed-in (or viewed) user's organization.
 */
export function refuseSwitchedOffCalls(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!request.user || !url?.startsWith('/api/')) return;
    const path = url.slice('/api'.length);
    if (!isUnderCall(path, MODULE_CALLS)) return;
    const { rows } = await app.db.query<{ id: number }>('SELECT customer_master_id AS id FROM app.user_master WHERE user_master_id = $1', [request.user.userMasterId]);
    if (!rows[0]) return;
    const area = (await disabledAreas(app.db, app.serviceConfig, rows[0].id)).find((a) => isUnderCall(path, callsOf(a.moduleId, a.featureId)));
    if (!area) return;
    const module = moduleById(area.moduleId)!;
    const title = module.features.find((f) => f.featureId === area.featureId)?.title ?? module.title;
    throw new HttpError(403, `${title} is switched off for your organization: ${area.reason}`);
  });
}
