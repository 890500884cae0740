import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminAuditList,
  adminIdentityRoleCreate,
  adminIdentityRoleIsDevAdmin,
  adminModulesList,
  adminModulesUpdate,
  adminUsersList,
  adminUsersUpdate,
  AUTHORIZATION_LEVELS,
  authorizationList,
  authorizationPatch,
  impersonateApply,
  impersonateRemove,
  reportFilterColumnAdminList,
  reportFilterColumnGet,
  reportFilterColumnList,
  reportFilterColumnPost,
  reportFilterColumnPut,
  roleAdd,
  roleCopy,
  roleGetExact,
  roleList,
  roleRemove,
  roleUpdate,
  roleUserCount,
  settingsDefinition,
  settingsGlobalConfig,
  settingsGlobalList,
  settingsGlobalRemove,
  settingsGlobalUpdate,
  settingsRoleConfig,
  settingsRoleList,
  settingsRoleRemove,
  settingsRoleUpdate,
  settingsUserSettingsClassBuilder,
  toggleAdminClassBuilder,
  toggleAdminDefinition,
  toggleAdminDelete,
  toggleAdminGet,
  toggleAdminList,
  toggleAdminPost,
  toggleAdminPut,
  toggleClearForRole,
  toggleGet,
  togglePatch,
  toggleUserList,
} from '@tradeboard/shared/contracts';
import { MODULES, moduleById } from '@tradeboard/shared/modules';
import type { Db } from '../db/database.ts';
import { audit, type AuditEvent } from '../auth/audit.ts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { moduleSwitches } from './modules.ts';
import { loadAdmin, requireNotAbove, requireRight, type Admin } from './rights.ts';
import { settingGroup, tsTypeOf } from './setting-groups.ts';
import { findOrgUser, USER_COLUMNS, type UserRowValue } from './users.ts';

/** An administration audit entry: who (the real user while impersonating), the organization and what. */
export async function adminAudit(request: FastifyRequest, admin: Pick<Admin, 'customerMasterId'>, event: AuditEvent, detail: Record<string, unknown>) {
  const user = request.user!;
  await audit(
    request,
    event,
    { userMasterId: user.realUserMasterId ?? user.userMasterId, email: user.realEmail ?? user.email },
    { customerMasterId: admin.customerMasterId, ...detail },
  );
}

// ── Roles ──────────────────────────────────────────────────────────────────────────────────────
const ROLE_SELECT = `
  SELECT r.role_master_id AS "roleMasterId", r.role_name AS "roleName", r.description,
         (r.is_admin OR k.role_name IS NOT NULL) AS "isAdmin", r.owner_customer_master_id IS NULL AS "isBuiltIn",
         (SELECT count(*)::int FROM app.user_master u WHERE u.role_master_id = r.role_master_id AND u.customer_master_id = $1 AND u.is_active) AS "userCount"
    FROM app.role_master r
    LEFT JOIN app.admin_rank k ON k.role_name = r.role_name AND r.owner_customer_master_id IS NULL
   WHERE (r.owner_customer_master_id IS NULL OR r.owner_customer_master_id = $1)`;

type RoleRowValue = { roleMasterId: number; roleName: string; description: string; isAdmin: boolean; isBuiltIn: boolean; userCount: number };

/** A role the organization may see (built-in or its own), or 404. */
export async function findRole(db: Db, customerMasterId: number, roleMasterId: number): Promise<RoleRowValue> {
  const { rows } = await db.query<RoleRowValue>(`${ROLE_SELECT} AND r.role_master_id = $2`, [customerMasterId, roleMasterId]);
  if (!rows[0]) throw new HttpError(404, `Role ${roleMasterId} does not exist.`);
  return rows[0];
}

/** One of the organization's own roles (built-in ones cannot be renamed or removed), or 404/403. */
async function ownRole(db: Db, admin: Admin, roleMasterId: number): Promise<RoleRowValue> {
  const role = await findRole(db, admin.customerMasterId, roleMasterId);
  if (role.isBuiltIn) throw new HttpError(403, `${role.roleName} is a built-in role: copy it to change it.`);
  return role;
}

async function requireFreeRoleName(db: Db, customerMasterId: number, roleName: string, except = 0): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM app.role_master WHERE lower(role_name) = lower($2) AND (owner_customer_master_id IS NULL OR owner_customer_master_id = $1) AND role_master_id <> $3`,
    [customerMasterId, roleName.trim(), except],
  );
  if (rows[0]) throw new HttpError(409, `A role named ${roleName.trim()} already exists.`);
}

async function insertRole(db: Db, customerMasterId: number | null, roleName: string, description: string, isAdmin = false): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.role_master (role_master_id, role_name, description, is_admin, owner_customer_master_id)
     VALUES (nextval('app.role_master_id_seq'), $1, $2, $3, $4) RETURNING role_master_id AS id`,
    [roleName.trim(), description, isAdmin, customerMasterId],
  );
  return rows[0]!.id;
}

/** "Copy of X", "Copy of X (2)" … the first name not in use. */
async function copyName(db: Db, customerMasterId: number, roleName: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `Copy of ${roleName}` : `Copy of ${roleName} (${n})`;
    const { rows } = await db.query(
      'SELECT 1 FROM app.role_master WHERE lower(role_name) = lower($2) AND (owner_customer_master_id IS NULL OR owner_customer_master_id = $1)',
      [customerMasterId, name],
    );
    if (!rows[0]) return name;
  }
}

// ── Settings ───────────────────────────────────────────────────────────────────────────────────
type ConfigRow = {
  settingMasterId: number;
  settingName: string;
  defaultValue: string;
  globalValue: string | null;
  roleValue: string | null;
  userValue: string | null;
  lastChange: { at: string; by: string; level: string; value: string | null } | null;
};

async function settingConfig(db: Db, customerMasterId: number, roleMasterId: number | null, userMasterId: number | null) {
  const { rows } = await db.query<ConfigRow>(
    `WITH changes AS (
       SELECT DISTINCT ON ((a.detail->>'settingMasterId')::int) (a.detail->>'settingMasterId')::int AS setting_master_id,
              json_build_object('at', to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'by', coalesce(a.email, ''),
                                'level', a.detail->>'level', 'value', a.detail->>'value') AS change
         FROM app.audit_log a
        WHERE a.event = 'setting-changed' AND (a.detail->>'customerMasterId')::int = $1
        ORDER BY (a.detail->>'settingMasterId')::int, a.at DESC, a.audit_log_id DESC)
     SELECT m.setting_master_id AS "settingMasterId", m.setting_name AS "settingName", m.default_value AS "defaultValue",
            g.setting_value AS "globalValue", r.setting_value AS "roleValue", u.setting_value AS "userValue",
            c.change AS "lastChange"
       FROM app.setting_master m
       LEFT JOIN app.setting_global g ON g.setting_master_id = m.setting_master_id AND g.customer_master_id = $1
       LEFT JOIN app.setting_role r ON r.setting_master_id = m.setting_master_id AND r.role_master_id = $2
       LEFT JOIN app.setting_user u ON u.setting_master_id = m.setting_master_id AND u.user_master_id = $3
       LEFT JOIN changes c ON c.setting_master_id = m.setting_master_id
      ORDER BY m.setting_name`,
    [customerMasterId, roleMasterId, userMasterId],
  );
  return rows.map((row) => ({
    ...row,
    settingGroup: settingGroup(row.settingName),
    effectiveValue: row.userValue ?? row.roleValue ?? row.globalValue ?? row.defaultValue,
  }));
}

async function requireSetting(db: Db, settingMasterId: number): Promise<string> {
  const { rows } = await db.query<{ setting_name: string }>('SELECT setting_name FROM app.setting_master WHERE setting_master_id = $1', [settingMasterId]);
  if (!rows[0]) throw new HttpError(404, `Setting ${settingMasterId} does not exist.`);
  return rows[0].setting_name;
}

// ── Toggles ────────────────────────────────────────────────────────────────────────────────────
const TOGGLE_SELECT = `SELECT toggle_master_id AS "toggleMasterId", toggle_name AS "toggleName", value_type AS "valueType",
                              default_value AS "defaultValue", description FROM app.toggle_master`;

async function findToggle(db: Db, toggleMasterId: number) {
  const { rows } = await db.query<{ toggleMasterId: number; toggleName: string; valueType: number; defaultValue: string; description: string }>(
    `${TOGGLE_SELECT} WHERE toggle_master_id = $1`,
    [toggleMasterId],
  );
  if (!rows[0]) throw new HttpError(404, `Toggle ${toggleMasterId} does not exist.`);
  return rows[0];
}

async function userToggle(db: Db, userMasterId: number, toggleMasterId: number) {
  const { rows } = await db.query<{ toggleMasterId: number; toggleName: string; toggleValue: string; valueType: number }>(
    `SELECT t.toggle_master_id AS "toggleMasterId", t.toggle_name AS "toggleName",
            coalesce(ut.toggle_value, t.default_value) AS "toggleValue", t.value_type AS "valueType"
       FROM app.toggle_master t
       LEFT JOIN app.user_toggle ut ON ut.toggle_master_id = t.toggle_master_id AND ut.user_master_id = $1
      WHERE $2::int IS NULL OR t.toggle_master_id = $2
      ORDER BY t.toggle_name`,
    [userMasterId, toggleMasterId || null],
  );
  return rows;
}

/** Seed 000 §4: a valueType 1 toggle holds true, false or a raw SETTING_ reference; 400 otherwise. */
function requireToggleValue(toggleName: string, valueType: number, value: string): void {
  if (valueType === 1 && !['true', 'false'].includes(value) && !value.includes('SETTING_')) {
    throw new HttpError(400, `${toggleName} takes true or false (or a SETTING_ reference).`);
  }
}


// ── Report filter columns ──────────────────────────────────────────────────────────────────────
const FILTER_COLUMN_SELECT = `SELECT id, filter_type AS "filterType", column_name AS "columnName", display_name AS "displayName", is_active AS "isActive"
                                FROM app.user_report_filter_column`;

export async function administrationRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.db;

  // Roles
  serve(app, roleList, async (request) => {
    const admin = await requireRight(request, 'roles.read');
    const { rows } = await db().query<RoleRowValue>(`${ROLE_SELECT} ORDER BY r.owner_customer_master_id NULLS FIRST, r.role_master_id`, [admin.customerMasterId]);
    return rows;
  });
  serve(app, roleGetExact, async (request) => {
    const admin = await requireRight(request, 'roles.read');
    return findRole(db(), admin.customerMasterId, request.params.roleId);
  });
  serve(app, roleUserCount, async (request) => {
    const admin = await requireRight(request, 'roles.read');
    const role = await findRole(db(), admin.customerMasterId, request.params.roleId);
    return { roleId: role.roleMasterId, userCount: role.userCount };
  });
  serve(app, roleAdd, async (request) => {
    const admin = await requireRight(request, 'roles.write');
    await requireFreeRoleName(db(), admin.customerMasterId, request.body.roleName);
    const id = await insertRole(db(), admin.customerMasterId, request.body.roleName, request.body.description ?? '');
    await adminAudit(request, admin, 'role-changed', { action: 'add', roleMasterId: id, roleName: request.body.roleName });
    return findRole(db(), admin.customerMasterId, id);
  });
  serve(app, roleUpdate, async (request) => {
    const admin = await requireRight(request, 'roles.write');
    const role = await ownRole(db(), admin, request.body.roleId);
    await requireFreeRoleName(db(), admin.customerMasterId, request.body.roleName, role.roleMasterId);
    await db().query('UPDATE app.role_master SET role_name = $2, description = coalesce($3, description) WHERE role_master_id = $1', [
      role.roleMasterId,
      request.body.roleName.trim(),
      request.body.description ?? null,
    ]);
    await adminAudit(request, admin, 'role-changed', { action: 'update', roleMasterId: role.roleMasterId, from: role.roleName, roleName: request.body.roleName });
    return findRole(db(), admin.customerMasterId, role.roleMasterId);
  });
  serve(app, roleRemove, async (request, reply) => {
    const admin = await requireRight(request, 'roles.write');
    const role = await ownRole(db(), admin, request.body.roleId);
    const { rows } = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM app.user_master WHERE role_master_id = $1', [role.roleMasterId]);
    if (rows[0]!.n > 0) throw new HttpError(409, `${role.roleName} is held by ${rows[0]!.n} user(s): give them another role first.`);
    const client = await db().connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM app.setting_role WHERE role_master_id = $1', [role.roleMasterId]);
      await client.query('DELETE FROM app.role_master WHERE role_master_id = $1', [role.roleMasterId]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      // Boards or filters shared with the role keep it.
      if ((error as { code?: string }).code === '23503') throw new HttpError(409, `${role.roleName} is still used by shared boards or filters.`);
      throw error;
    } finally {
      client.release();
    }
    await adminAudit(request, admin, 'role-changed', { action: 'remove', roleMasterId: role.roleMasterId, roleName: role.roleName });
    return reply.status(204).send();
  });
  serve(app, roleCopy, async (request) => {
    const admin = await requireRight(request, 'roles.write');
    const source = await findRole(db(), admin.customerMasterId, request.params.roleId);
    await requireNotAbove(db(), admin, source.roleMasterId);
    const name = request.body?.roleName?.trim() || (await copyName(db(), admin.customerMasterId, source.roleName));
    await requireFreeRoleName(db(), admin.customerMasterId, name);
    // A copy carries the settings, never the admin rights (those belong to the built-in admin role names).
    const id = await insertRole(db(), admin.customerMasterId, name, source.description || `Copy of ${source.roleName}`);
    await db().query(
      `INSERT INTO app.setting_role (role_master_id, setting_master_id, setting_value)
       SELECT $2, setting_master_id, setting_value FROM app.setting_role WHERE role_master_id = $1`,
      [source.roleMasterId, id],
    );
    await adminAudit(request, admin, 'role-changed', { action: 'copy', from: source.roleMasterId, roleMasterId: id, roleName: name });
    return findRole(db(), admin.customerMasterId, id);
  });

  // Settings
  serve(app, settingsDefinition, async (request) => {
    await requireRight(request, 'settings.read');
    const { rows } = await db().query<{ settingMasterId: number; settingName: string; defaultValue: string }>(
      'SELECT setting_master_id AS "settingMasterId", setting_name AS "settingName", default_value AS "defaultValue" FROM app.setting_master ORDER BY setting_name',
    );
    return rows.map((row) => ({ ...row, settingGroup: settingGroup(row.settingName) }));
  });
  serve(app, settingsUserSettingsClassBuilder, async (request, reply) => {
    await requireRight(request, 'settings.read');
    const { rows } = await db().query<{ name: string; value: string }>('SELECT setting_name AS name, default_value AS value FROM app.setting_master ORDER BY setting_name');
    reply.type('text/plain; charset=utf-8');
    return `export type UserSettings = {\n${rows.map((r) => `  ${r.name}: ${tsTypeOf(r.value)};`).join('\n')}\n};\n`;
  });
  serve(app, settingsGlobalList, async (request) => {
    const admin = await requireRight(request, 'settings.read');
    const { rows } = await db().query(
      `SELECT m.setting_master_id AS "settingMasterId", m.setting_name AS "settingName", g.setting_value AS "settingValue"
         FROM app.setting_global g JOIN app.setting_master m USING (setting_master_id)
        WHERE g.customer_master_id = $1 ORDER BY m.setting_name`,
      [admin.customerMasterId],
    );
    return rows as never;
  });
  serve(app, settingsGlobalConfig, async (request) => {
    const admin = await requireRight(request, 'settings.read');
    let roleMasterId = request.query.roleMasterId ?? null;
    let userMasterId: number | null = null;
    if (request.query.userMasterId) {
      const user = await findOrgUser(db(), admin.customerMasterId, request.query.userMasterId);
      userMasterId = user.userMasterId;
      roleMasterId ??= user.roleMasterId;
    }
    if (roleMasterId) await findRole(db(), admin.customerMasterId, roleMasterId);
    return settingConfig(db(), admin.customerMasterId, roleMasterId, userMasterId);
  });
  serve(app, settingsGlobalUpdate, async (request, reply) => {
    const admin = await requireRight(request, 'settings.global');
    const name = await requireSetting(db(), request.body.settingMasterId);
    await db().query(
      `INSERT INTO app.setting_global (customer_master_id, setting_master_id, setting_value) VALUES ($1, $2, $3)
       ON CONFLICT (customer_master_id, setting_master_id) DO UPDATE SET setting_value = EXCLUDED.setting_value`,
      [admin.customerMasterId, request.body.settingMasterId, request.body.settingValue],
    );
    await adminAudit(request, admin, 'setting-changed', { level: 'organization', settingMasterId: request.body.settingMasterId, settingName: name, value: request.body.settingValue });
    return reply.status(204).send();
  });
  serve(app, settingsGlobalRemove, async (request, reply) => {
    const admin = await requireRight(request, 'settings.global');
    const name = await requireSetting(db(), request.params.settingMasterId);
    await db().query('DELETE FROM app.setting_global WHERE customer_master_id = $1 AND setting_master_id = $2', [admin.customerMasterId, request.params.settingMasterId]);
    await adminAudit(request, admin, 'setting-changed', { level: 'organization', settingMasterId: request.params.settingMasterId, settingName: name, value: null });
    return reply.status(204).send();
  });
  serve(app, settingsRoleList, async (request) => {
    const admin = await requireRight(request, 'settings.read');
    await findRole(db(), admin.customerMasterId, request.params.roleMasterId);
    const { rows } = await db().query(
      `SELECT m.setting_master_id AS "settingMasterId", m.setting_name AS "settingName", r.setting_value AS "settingValue"
         FROM app.setting_role r JOIN app.setting_master m USING (setting_master_id)
        WHERE r.role_master_id = $1 ORDER BY m.setting_name`,
      [request.params.roleMasterId],
    );
    return rows as never;
  });
  serve(app, settingsRoleConfig, async (request) => {
    const admin = await requireRight(request, 'settings.read');
    await findRole(db(), admin.customerMasterId, request.params.roleMasterId);
    return settingConfig(db(), admin.customerMasterId, request.params.roleMasterId, null);
  });
  serve(app, settingsRoleUpdate, async (request, reply) => {
    const admin = await requireRight(request, 'settings.role');
    const role = await findRole(db(), admin.customerMasterId, request.params.roleMasterId);
    await requireNotAbove(db(), admin, role.roleMasterId);
    const name = await requireSetting(db(), request.body.settingMasterId);
    await db().query(
      `INSERT INTO app.setting_role (role_master_id, setting_master_id, setting_value) VALUES ($1, $2, $3)
       ON CONFLICT (role_master_id, setting_master_id) DO UPDATE SET setting_value = EXCLUDED.setting_value`,
      [role.roleMasterId, request.body.settingMasterId, request.body.settingValue],
    );
    await adminAudit(request, admin, 'setting-changed', {
      level: 'role', roleMasterId: role.roleMasterId, roleName: role.roleName, settingMasterId: request.body.settingMasterId, settingName: name, value: request.body.settingValue,
    });
    return reply.status(204).send();
  });
  serve(app, settingsRoleRemove, async (request, reply) => {
    const admin = await requireRight(request, 'settings.role');
    const role = await findRole(db(), admin.customerMasterId, request.params.roleMasterId);
    await requireNotAbove(db(), admin, role.roleMasterId);
    const name = await requireSetting(db(), request.params.settingMasterId);
    await db().query('DELETE FROM app.setting_role WHERE role_master_id = $1 AND setting_master_id = $2', [role.roleMasterId, request.params.settingMasterId]);
    await adminAudit(request, admin, 'setting-changed', {
      level: 'role', roleMasterId: role.roleMasterId, roleName: role.roleName, settingMasterId: request.params.settingMasterId, settingName: name, value: null,
    });
    return reply.status(204).send();
  });

  // Toggles (admin side)
  serve(app, toggleAdminList, async (request) => {
    await requireRight(request, 'settings.read');
    return (await db().query(`${TOGGLE_SELECT} ORDER BY toggle_name`)).rows as never;
  });
  serve(app, toggleAdminGet, async (request) => {
    await requireRight(request, 'settings.read');
    return findToggle(db(), request.params.toggleMasterId);
  });
  serve(app, toggleAdminDefinition, async (request) => {
    await requireRight(request, 'settings.read');
    const { rows } = await db().query(
      'SELECT toggle_name AS "toggleName", value_type AS "valueType", default_value AS "defaultValue" FROM app.toggle_master ORDER BY toggle_name',
    );
    return rows as never;
  });
  serve(app, toggleAdminClassBuilder, async (request, reply) => {
    await requireRight(request, 'settings.read');
    const { rows } = await db().query<{ name: string; valueType: number }>('SELECT toggle_name AS name, value_type AS "valueType" FROM app.toggle_master ORDER BY toggle_name');
    reply.type('text/plain; charset=utf-8');
    // Seed 000 §4: valueType 1 reads as a boolean (or a raw SETTING_ reference); others stay text.
    return `export type UserToggles = {\n${rows.map((r) => `  ${r.name}: ${r.valueType === 1 ? 'boolean | string' : 'string'};`).join('\n')}\n};\n`;
  });
  serve(app, toggleAdminPost, async (request) => {
    const admin = await requireRight(request, 'toggles.write');
    requireToggleValue(request.body.toggleName, request.body.valueType, request.body.defaultValue);
    try {
      const { rows } = await db().query<{ id: number }>(
        'INSERT INTO app.toggle_master (toggle_name, value_type, default_value, description) VALUES ($1, $2, $3, $4) RETURNING toggle_master_id AS id',
        [request.body.toggleName, request.body.valueType, request.body.defaultValue, request.body.description ?? ''],
      );
      await adminAudit(request, admin, 'toggle-changed', { action: 'add', toggleMasterId: rows[0]!.id, toggleName: request.body.toggleName });
      return findToggle(db(), rows[0]!.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `A toggle named ${request.body.toggleName} already exists.`);
      throw error;
    }
  });
  serve(app, toggleAdminPut, async (request) => {
    const admin = await requireRight(request, 'toggles.write');
    const toggle = await findToggle(db(), request.params.toggleMasterId);
    requireToggleValue(request.body.toggleName, request.body.valueType, request.body.defaultValue);
    try {
      await db().query(
        'UPDATE app.toggle_master SET toggle_name = $2, value_type = $3, default_value = $4, description = coalesce($5, description) WHERE toggle_master_id = $1',
        [toggle.toggleMasterId, request.body.toggleName, request.body.valueType, request.body.defaultValue, request.body.description ?? null],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `A toggle named ${request.body.toggleName} already exists.`);
      throw error;
    }
    await adminAudit(request, admin, 'toggle-changed', { action: 'update', toggleMasterId: toggle.toggleMasterId, from: toggle, to: request.body });
    return findToggle(db(), toggle.toggleMasterId);
  });
  serve(app, toggleAdminDelete, async (request, reply) => {
    const admin = await requireRight(request, 'toggles.write');
    const toggle = await findToggle(db(), request.params.toggleMasterId);
    await db().query('DELETE FROM app.user_toggle WHERE toggle_master_id = $1', [toggle.toggleMasterId]);
    await db().query('DELETE FROM app.toggle_master WHERE toggle_master_id = $1', [toggle.toggleMasterId]);
    await adminAudit(request, admin, 'toggle-changed', { action: 'remove', toggleMasterId: toggle.toggleMasterId, toggleName: toggle.toggleName });
    return reply.status(204).send();
  });
  serve(app, toggleClearForRole, async (request) => {
    const admin = await requireRight(request, 'toggles.write');
    const role = await findRole(db(), admin.customerMasterId, request.params.roleMasterId);
    const { rowCount } = await db().query(
      `DELETE FROM app.user_toggle t USING app.user_master u
        WHERE u.user_master_id = t.user_master_id AND u.role_master_id = $1 AND u.customer_master_id = $2`,
      [role.roleMasterId, admin.customerMasterId],
    );
    await adminAudit(request, admin, 'toggle-changed', { action: 'clear-for-role', roleMasterId: role.roleMasterId, cleared: rowCount ?? 0 });
    return { cleared: rowCount ?? 0 };
  });

  // Toggles (the signed-in user's own)
  serve(app, toggleUserList, async (request) => userToggle(db(), request.user.userMasterId, 0));
  serve(app, toggleGet, async (request) => {
    const [row] = await userToggle(db(), request.user.userMasterId, request.params.id);
    if (!row) throw new HttpError(404, `Toggle ${request.params.id} does not exist.`);
    return row;
  });
  serve(app, togglePatch, async (request) => {
    const toggle = await findToggle(db(), request.params.id);
    const value = request.body.toggleValue;
    requireToggleValue(toggle.toggleName, toggle.valueType, value);
    await db().query(
      `INSERT INTO app.user_toggle (user_master_id, toggle_master_id, toggle_value) VALUES ($1, $2, $3)
       ON CONFLICT (user_master_id, toggle_master_id) DO UPDATE SET toggle_value = EXCLUDED.toggle_value`,
      [request.user.userMasterId, toggle.toggleMasterId, value],
    );
    return (await userToggle(db(), request.user.userMasterId, toggle.toggleMasterId))[0]!;
  });

  // Authorization levels, users of every organization, identity roles
  serve(app, authorizationList, async (request) => {
    await requireRight(request, 'users.read');
    return AUTHORIZATION_LEVELS.map((level) => ({ ...level }));
  });
  serve(app, authorizationPatch, async (request, reply) => {
    const admin = await requireRight(request, 'authorization.write');
    const user = await findOrgUser(db(), admin.customerMasterId, request.params.userMasterId);
    await requireNotAbove(db(), admin, user.roleMasterId);
    // The developer level is RTSAdmin's to give.
    if (request.params.authorizationLevel === 2 && admin.rank > 1) throw new HttpError(403, 'Only an RTSAdmin may give the Developer level.');
    await db().query('UPDATE app.user_master SET authorization_level = $2 WHERE user_master_id = $1', [user.userMasterId, request.params.authorizationLevel]);
    await adminAudit(request, admin, 'user-updated', { userMasterId: user.userMasterId, authorizationLevel: request.params.authorizationLevel });
    return reply.status(204).send();
  });
  serve(app, adminUsersList, async (request) => {
    await requireRight(request, 'identity.write');
    const { rows } = await db().query<UserRowValue & { customerMasterId: number; customerName: string }>(
      `SELECT ${USER_COLUMNS}, u.customer_master_id AS "customerMasterId", c.customer_name AS "customerName"
         FROM app.user_master u JOIN app.role_master r USING (role_master_id) JOIN app.customer_master c ON c.customer_master_id = u.customer_master_id
        ORDER BY c.customer_name, lower(u.email) LIMIT 5000`,
    );
    return rows;
  });
  serve(app, adminUsersUpdate, async (request, reply) => {
    const admin = await requireRight(request, 'identity.write');
    const { rows } = await db().query<{ id: number }>('SELECT user_master_id AS id FROM app.user_master WHERE user_master_id = $1', [request.body.userMasterId]);
    if (!rows[0]) throw new HttpError(404, `User ${request.body.userMasterId} does not exist.`);
    if (request.body.customerMasterId !== undefined) {
      const org = await db().query('SELECT 1 FROM app.customer_master WHERE customer_master_id = $1', [request.body.customerMasterId]);
      if (!org.rows[0]) throw new HttpError(404, `Organization ${request.body.customerMasterId} does not exist.`);
    }
    await db().query(
      `UPDATE app.user_master SET customer_master_id = coalesce($2, customer_master_id), authorization_level = coalesce($3, authorization_level)
        WHERE user_master_id = $1`,
      [request.body.userMasterId, request.body.customerMasterId ?? null, request.body.authorizationLevel ?? null],
    );
    await adminAudit(request, admin, 'user-updated', { ...request.body });
    return reply.status(204).send();
  });
  serve(app, adminIdentityRoleCreate, async (request) => {
    const admin = await requireRight(request, 'identity.write');
    const { rows } = await db().query('SELECT 1 FROM app.role_master WHERE lower(role_name) = lower($1)', [request.body.roleName.trim()]);
    if (rows[0]) throw new HttpError(409, `A role named ${request.body.roleName.trim()} already exists.`);
    const id = await insertRole(db(), null, request.body.roleName, '', request.body.isAdmin ?? false);
    await adminAudit(request, admin, 'role-changed', { action: 'identity-role', roleMasterId: id, roleName: request.body.roleName });
    return findRole(db(), admin.customerMasterId, id);
  });
  serve(app, adminIdentityRoleIsDevAdmin, async (request) => {
    const admin = await loadAdmin(db(), request.user.userMasterId);
    const { rows } = await db().query<{ level: number }>('SELECT authorization_level AS level FROM app.user_master WHERE user_master_id = $1', [request.user.userMasterId]);
    return admin.rank === 1 && rows[0]?.level === 2;
  });

  // Report filter columns
  serve(app, reportFilterColumnAdminList, async (request) => {
    await requireRight(request, 'users.read');
    return (await db().query(`${FILTER_COLUMN_SELECT} ORDER BY filter_type, display_name`)).rows as never;
  });
  serve(app, reportFilterColumnList, async (request) => {
    const { rows } = await db().query(`${FILTER_COLUMN_SELECT} WHERE filter_type = $1 AND is_active ORDER BY display_name`, [request.params.filterType]);
    return rows as never;
  });
  const findFilterColumn = async (id: number) => {
    const { rows } = await db().query(`${FILTER_COLUMN_SELECT} WHERE id = $1`, [id]);
    if (!rows[0]) throw new HttpError(404, `Report filter column ${id} does not exist.`);
    return rows[0] as never as { id: number; filterType: string; columnName: string; displayName: string; isActive: boolean };
  };
  serve(app, reportFilterColumnGet, async (request) => {
    await requireRight(request, 'users.read');
    return findFilterColumn(request.params.id);
  });
  serve(app, reportFilterColumnPost, async (request) => {
    await requireRight(request, 'identity.write');
    const { filterType, columnName, displayName, isActive } = request.body;
    try {
      const { rows } = await db().query<{ id: number }>(
        'INSERT INTO app.user_report_filter_column (filter_type, column_name, display_name, is_active) VALUES ($1, $2, $3, $4) RETURNING id',
        [filterType, columnName, displayName, isActive ?? true],
      );
      return findFilterColumn(rows[0]!.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `${filterType} already has a column ${columnName}.`);
      throw error;
    }
  });
  serve(app, reportFilterColumnPut, async (request) => {
    await requireRight(request, 'identity.write');
    await findFilterColumn(request.params.id);
    const { filterType, columnName, displayName, isActive } = request.body;
    try {
      await db().query(
        'UPDATE app.user_report_filter_column SET filter_type = $2, column_name = $3, display_name = $4, is_active = coalesce($5, is_active) WHERE id = $1',
        [request.params.id, filterType, columnName, displayName, isActive ?? null],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `${filterType} already has a column ${columnName}.`);
      throw error;
    }
    return findFilterColumn(request.params.id);
  });

  // Impersonation
  serve(app, impersonateApply, async (request, reply) => {
    if (request.user.realUserMasterId) throw new HttpError(400, 'Stop viewing as the other user first.');
    const admin = await requireRight(request, 'impersonate');
    const target = await findOrgUser(db(), admin.customerMasterId, request.params.userMasterId);
    if (target.userMasterId === admin.userMasterId) throw new HttpError(400, 'You cannot view as yourself.');
    if (!target.isActive) throw new HttpError(400, `${target.fullName} is not active.`);
    // Never upward: the user's role ranks no higher and holds no admin right the staff member lacks.
    const viewed = await loadAdmin(db(), target.userMasterId);
    if (viewed.rank < admin.rank || [...viewed.permissions].some((p) => !admin.permissions.has(p))) {
      throw new HttpError(403, `You cannot view as ${target.fullName}: that role has rights you do not have.`);
    }
    await db().query('UPDATE app.user_session SET impersonated_user_master_id = $2 WHERE session_hash = $1', [request.user.sessionHash, target.userMasterId]);
    await adminAudit(request, admin, 'impersonation-started', { viewedUserMasterId: target.userMasterId, viewedEmail: target.email });
    return reply.status(204).send();
  });
  serve(app, impersonateRemove, async (request, reply) => {
    const { realUserMasterId, realEmail, userMasterId, email, sessionHash } = request.user;
    if (realUserMasterId) {
      await db().query('UPDATE app.user_session SET impersonated_user_master_id = NULL WHERE session_hash = $1', [sessionHash]);
      const real = await loadAdmin(db(), realUserMasterId);
      await audit(request, 'impersonation-ended', { userMasterId: realUserMasterId, email: realEmail }, {
        customerMasterId: real.customerMasterId, viewedUserMasterId: userMasterId, viewedEmail: email,
      });
    }
    return reply.status(204).send();
  });

  // Modules per organization
  serve(app, adminModulesList, async (request) => {
    const admin = await requireRight(request, 'settings.read');
    const switches = await moduleSwitches(db(), admin.customerMasterId);
    const off = (moduleId: string, featureId: string) => switches.find((s) => s.moduleId === moduleId && s.featureId === featureId);
    const deployment = app.serviceConfig.disabledRemotes;
    return MODULES.map((module) => {
      const own = off(module.moduleId, '');
      const deploymentReason = module.locked ? undefined : deployment[module.remoteId];
      return {
        moduleId: module.moduleId,
        title: module.title,
        locked: module.locked === true,
        enabled: !own && deploymentReason === undefined,
        reason: deploymentReason ?? own?.reason ?? null,
        deploymentDisabled: deploymentReason !== undefined,
        features: module.features.map((feature) => {
          const row = off(module.moduleId, feature.featureId);
          return { featureId: feature.featureId, title: feature.title, enabled: !row, reason: row?.reason ?? null };
        }),
      };
    });
  });
  serve(app, adminModulesUpdate, async (request, reply) => {
    const admin = await requireRight(request, 'modules.write');
    const { moduleId, enabled } = request.body;
    const featureId = request.body.featureId ?? '';
    const module = moduleById(moduleId);
    if (!module) throw new HttpError(404, `Module ${moduleId} does not exist.`);
    if (module.locked) throw new HttpError(400, `${module.title} cannot be switched off.`);
    if (featureId && !module.features.some((f) => f.featureId === featureId)) throw new HttpError(404, `${module.title} has no feature ${featureId}.`);
    const reason = request.body.reason?.trim() ?? '';
    if (!enabled && !reason) throw new HttpError(400, 'Give a reason: users see it instead of the module.');
    if (enabled) {
      await db().query('DELETE FROM app.module_switch WHERE customer_master_id = $1 AND module_id = $2 AND feature_id = $3', [admin.customerMasterId, moduleId, featureId]);
    } else {
      await db().query(
        `INSERT INTO app.module_switch (customer_master_id, module_id, feature_id, reason, changed_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (customer_master_id, module_id, feature_id) DO UPDATE SET reason = EXCLUDED.reason, changed_by = EXCLUDED.changed_by, changed_at = now()`,
        [admin.customerMasterId, moduleId, featureId, reason, admin.userMasterId],
      );
    }
    await adminAudit(request, admin, 'module-switched', { moduleId, featureId, enabled, reason: enabled ? null : reason });
    return reply.status(204).send();
  });

  // The organization's administration audit trail
  serve(app, adminAuditList, async (request) => {
    const admin = await requireRight(request, 'audit.read');
    const { rows } = await db().query(
      `SELECT audit_log_id::int AS "auditLogId", to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, event, email, detail
         FROM app.audit_log
        WHERE (detail->>'customerMasterId')::int = $1 AND ($2::text IS NULL OR event = $2)
           OR event = 'impersonated-write' AND user_master_id IN (SELECT user_master_id FROM app.user_master WHERE customer_master_id = $1) AND ($2::text IS NULL OR event = $2)
        ORDER BY audit_log_id DESC LIMIT $3`,
      [admin.customerMasterId, request.query.event ?? null, request.query.pageSize ?? 100],
    );
    return rows as never;
  });
}
