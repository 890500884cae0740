import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';

/** The columns of a UserRow (u: app.user_master, r: app.role_master). */
export const USER_COLUMNS = `u.user_master_id AS "userMasterId", u.email, u.full_name AS "fullName", u.role_master_id AS "roleMasterId",
  r.role_name AS "roleName", u.sales_rep AS "salesRep", u.organization_user AS "organizationUser", u.is_active AS "isActive",
  u.login_type AS "loginType", u.authorization_level AS "authorizationLevel",
  (u.password_hash IS NULL AND u.login_type = 'PASSWORD') AS "mustSetPassword", u.totp_confirmed AS "twoFactorConfigured",
  to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

export type UserRowValue = {
  userMasterId: number;
  email: string;
  fullName: string;
  roleMasterId: number;
  roleName: string;
  salesRep: string | null;
  organizationUser: boolean;
  isActive: boolean;
  loginType: string;
  authorizationLevel: number;
  mustSetPassword: boolean;
  twoFactorConfigured: boolean;
  createdAt: string;
};

/** A user of the organization (active or not), or 404: another organization's users do not exist here. */
export async function findOrgUser(db: Db, customerMasterId: number, userMasterId: number): Promise<UserRowValue> {
  const { rows } = await db.query<UserRowValue>(
    `SELECT ${USER_COLUMNS} FROM app.user_master u JOIN app.role_master r USING (role_master_id)
      WHERE u.user_master_id = $1 AND u.customer_master_id = $2`,
    [userMasterId, customerMasterId],
  );
  if (!rows[0]) throw new HttpError(404, `User ${userMasterId} does not exist.`);
  return rows[0];
}
