import { MODULES, routesOf, type DisabledArea } from '@tradeboard/shared/modules';
import type { Db } from '../db/database.ts';
import type { ServiceConfig } from '../platform/config.ts';

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
