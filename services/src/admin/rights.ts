import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';

/** The permissions app.admin_right grants (docs/decisions.md "Administration: rights model"). */
export const ADMIN_PERMISSIONS = [
  'users.read',
  'users.write',
  'roles.read',
  'roles.write',
  'settings.read',
  'settings.global',
  'settings.role',
  'settings.user',
  'toggles.write',
  'modules.write',
  'impersonate',
  'authorization.write',
  'identity.write',
  'audit.read',
  'erp.load',
  'organizations.read',
  'organizations.write',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The rank of a role that is not an admin role: below every admin. */
export const NON_ADMIN_RANK = 9;

export type Admin = {
  userMasterId: number;
  customerMasterId: number;
  roleName: string;
  /** 1 RTSAdmin … 4 RoleAdmin/UserAdmin, 9 anyone else (app.admin_rank). */
  rank: number;
  permissions: ReadonlySet<string>;
};

type AdminRow = { customer_master_id: number; role_name: string; rank: number; permissions: string[] };

/** The signed-in user as an administrator: his organization, rank and permissions (from the tables). */
export async function loadAdmin(db: Db, userMasterId: number): Promise<Admin> {
  const { rows } = await db.query<AdminRow>(
    `SELECT u.customer_master_id, r.role_name, coalesce(k.rank, ${NON_ADMIN_RANK}) AS rank,
            coalesce((SELECT array_agg(a.permission) FROM app.admin_right a WHERE a.role_name = r.role_name AND r.owner_customer_master_id IS NULL), '{}') AS permissions
       FROM app.user_master u
       JOIN app.role_master r USING (role_master_id)
       LEFT JOIN app.admin_rank k ON k.role_name = r.role_name AND r.owner_customer_master_id IS NULL
      WHERE u.user_master_id = $1 AND u.is_active`,
    [userMasterId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(401, 'Your session has ended. Please sign in again.');
  return {
    userMasterId,
    customerMasterId: row.customer_master_id,
    roleName: row.role_name,
    rank: row.rank,
    permissions: new Set(row.permissions),
  };
}

/** The signed-in administrator, refused with 403 unless his role holds `permission`. */
export async function requireRight(request: FastifyRequest, permission: AdminPermission): Promise<Admin> {
  const admin = await loadAdmin(request.server.db, request.user!.userMasterId);
  if (!admin.permissions.has(permission)) {
    throw new HttpError(403, 'Your role does not allow this. Contact your system administrator if you feel this is in error.');
  }
  return admin;
}

/** The rank of a role (by id), for "never upward" checks. */
export async function roleRank(db: Db, roleMasterId: number): Promise<number> {
  const { rows } = await db.query<{ rank: number }>(
    `SELECT coalesce(k.rank, ${NON_ADMIN_RANK}) AS rank
       FROM app.role_master r LEFT JOIN app.admin_rank k ON k.role_name = r.role_name AND r.owner_customer_master_id IS NULL
      WHERE r.role_master_id = $1`,
    [roleMasterId],
  );
  return rows[0]?.rank ?? NON_ADMIN_RANK;
}

/** Refuses (403) giving or touching a role with more rights than the administrator's own. */
export async function requireNotAbove(db: Db, admin: Admin, roleMasterId: number): Promise<void> {
  if ((await roleRank(db, roleMasterId)) < admin.rank) {
    throw new HttpError(403, 'You cannot give or use a role with more rights than your own.');
  }
}
