/**
 * Who may touch goals (docs/decisions.md "Goals"): a kind's setups, configs and goal rows belong
 * to the caller's organization (another organization's answer 404) and are managed by roles with
 * the kind's wizard access (GoalWizardAccess, GoalBookingWizardAccess, GoalActivityWizardAccess;
 * else 403). Goal type exclusions are role administration: administrator roles only. Goal
 * against actual needs the kind's access right (SalesGoalAccessRight …) or its wizard access.
 */
import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';
import { GOAL_KIND_NAMES, type GoalKind } from '@tradeboard/shared/contracts';
import { DEFAULT_SETTINGS, parseBoolean } from '@tradeboard/shared/user-settings';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import type { SessionUser } from '../platform/session.ts';

export type GoalCaller = {
  userMasterId: number;
  organization: number;
  roleMasterId: number;
  isAdmin: boolean;
  kind: GoalKind;
  settings: Record<string, string>;
};

/** The caller's organization, role and the kind's settings (role over organization over default). */
export async function goalCaller(db: Db, user: SessionUser, kind: GoalKind, extra: readonly string[] = []): Promise<GoalCaller> {
  const names = GOAL_KIND_NAMES[kind];
  const settingNames = [names.wizardSetting, names.accessRight, 'FiscalYear', ...extra];
  const { rows } = await db.query<{ organization: number; role: number; role_name: string; is_admin: boolean; settings: Record<string, string | null> | null }>({
    name: 'goal-caller',
    text: `SELECT u.customer_master_id AS organization, u.role_master_id AS role, r.role_name, r.is_admin,
              (SELECT json_object_agg(m.setting_name, coalesce(sr.setting_value, sg.setting_value, m.default_value))
                 FROM app.setting_master m
                 LEFT JOIN app.setting_global sg ON sg.setting_master_id = m.setting_master_id AND sg.customer_master_id = u.customer_master_id
                 LEFT JOIN app.setting_role sr ON sr.setting_master_id = m.setting_master_id AND sr.role_master_id = u.role_master_id
                WHERE m.setting_name = ANY($2)) AS settings
         FROM app.user_master u JOIN app.role_master r USING (role_master_id)
        WHERE u.user_master_id = $1 AND u.is_active`,
    values: [user.userMasterId, settingNames],
  });
  const row = rows[0];
  if (!row) throw new HttpError(401, 'Unauthorized');
  const settings: Record<string, string> = {};
  for (const name of settingNames) settings[name] = row.settings?.[name] ?? DEFAULT_SETTINGS[name] ?? '';
  return {
    userMasterId: user.userMasterId,
    organization: row.organization,
    roleMasterId: row.role,
    isAdmin: row.is_admin || (ADMIN_ROLE_NAMES as readonly string[]).includes(row.role_name),
    kind,
    settings,
  };
}

/** 403 unless the caller's role may manage this kind's goals. */
export function requireGoalManager(caller: GoalCaller): void {
  const setting = GOAL_KIND_NAMES[caller.kind].wizardSetting;
  if (!parseBoolean(caller.settings[setting])) throw new HttpError(403, `Your role has no ${setting}: it may not manage ${caller.kind.toLowerCase()} goals`);
}

/** 403 unless the caller's role may read goal against actual of this kind. */
export function requireGoalReader(caller: GoalCaller): void {
  const { wizardSetting, accessRight } = GOAL_KIND_NAMES[caller.kind];
  if (!parseBoolean(caller.settings[accessRight]) && !parseBoolean(caller.settings[wizardSetting])) {
    throw new HttpError(403, `Your role has no ${accessRight}`);
  }
}

/** 403 unless the caller has an administrator role (goal type exclusions are role administration). */
export function requireAdministrator(caller: GoalCaller): void {
  if (!caller.isAdmin) throw new HttpError(403, 'Only administrators may change the goal types of roles');
}
