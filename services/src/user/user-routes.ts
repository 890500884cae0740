import type { FastifyInstance } from 'fastify';
import { getBySession } from '@tradeboard/shared/contracts';
import { mergeSettings } from '@tradeboard/shared/user-settings';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { disabledAreas } from '../admin/modules.ts';
import { loadAdmin } from '../admin/rights.ts';
import { userAdminRoutes } from './user-admin-routes.ts';

type UserRow = {
  user_master_id: number;
  email: string;
  full_name: string;
  role_name: string;
  role_master_id: number;
  organization_user: boolean;
  customer_master_id: number;
  customer_name: string;
  edition_master_id: number;
  erp_master_id: number;
  release_visible: boolean;
  must_set_password: boolean;
};

/** Settings as the server holds them: master default, then the organization's, the role's and the user's own (app.effective_setting). */
async function serverSettings(db: Db, userMasterId: number) {
  const { rows } = await db.query<{ settingName: string; settingValue: string }>(
    `SELECT setting_name AS "settingName", setting_value AS "settingValue"
       FROM app.effective_setting WHERE user_master_id = $1 ORDER BY setting_name`,
    [userMasterId],
  );
  return rows;
}

async function userToggles(db: Db, userMasterId: number) {
  const { rows } = await db.query<{ toggleName: string; toggleValue: string; valueType: number }>(
    `SELECT t.toggle_name AS "toggleName", coalesce(ut.toggle_value, t.default_value) AS "toggleValue",
            t.value_type AS "valueType"
       FROM app.toggle_master t
       LEFT JOIN app.user_toggle ut ON ut.toggle_master_id = t.toggle_master_id AND ut.user_master_id = $1
      ORDER BY t.toggle_name`,
    [userMasterId],
  );
  return rows;
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  await userAdminRoutes(app);

  serve(app, getBySession, async (request) => {
    const { db } = request.server;
    const { rows } = await db.query<UserRow>(
      `SELECT u.user_master_id, u.email, u.full_name, r.role_name, r.role_master_id, u.organization_user,
              (u.password_hash IS NULL AND u.login_type = 'PASSWORD') AS must_set_password,
              c.customer_master_id, c.customer_name, c.edition_master_id, c.erp_master_id,
              EXISTS (SELECT 1 FROM app.release_master rm
                       WHERE rm.published_at IS NOT NULL
                         AND NOT EXISTS (SELECT 1 FROM app.release_acknowledgement a
                                          WHERE a.release_master_id = rm.release_master_id
                                            AND a.user_master_id = u.user_master_id)) AS release_visible
         FROM app.user_master u
         JOIN app.role_master r USING (role_master_id)
         JOIN app.customer_master c USING (customer_master_id)
        WHERE u.user_master_id = $1`,
      [request.user.userMasterId],
    );
    const user = rows[0];
    if (!user) throw new HttpError(401, 'Your session has ended. Please sign in again.');
    const { realUserMasterId } = request.user;
    const [settings, toggles, disabledModules, admin, real] = await Promise.all([
      serverSettings(db, user.user_master_id),
      userToggles(db, user.user_master_id),
      disabledAreas(db, request.server.serviceConfig, user.customer_master_id),
      loadAdmin(db, user.user_master_id),
      realUserMasterId
        ? db.query<{ full_name: string; email: string }>('SELECT full_name, email FROM app.user_master WHERE user_master_id = $1', [realUserMasterId])
        : undefined,
    ]);
    const realUser = real?.rows[0];
    return {
      userMasterId: user.user_master_id,
      organizationUser: user.organization_user,
      isReleaseNotificationVisible: user.release_visible,
      // While impersonating, userName is the staff member really signed in (seed: GetBySession reports the real userName).
      userName: realUser?.email ?? user.email,
      fullName: user.full_name,
      email: user.email,
      roleName: user.role_name,
      isImpersonating: realUser !== undefined,
      customerMasterId: user.customer_master_id,
      customerName: user.customer_name,
      editionMasterId: user.edition_master_id,
      erpMasterId: user.erp_master_id,
      settings: mergeSettings(settings),
      toggles,
      ...(realUser && realUserMasterId ? { realUser: { userMasterId: realUserMasterId, fullName: realUser.full_name, email: realUser.email } } : {}),
      disabledModules,
      mustSetPassword: user.must_set_password,
      adminPermissions: [...admin.permissions].sort(),
    };
  });
}
