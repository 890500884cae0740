import type { FastifyInstance } from 'fastify';
import { getBySession } from '@tradeboard/shared/contracts';
import { mergeSettings } from '@tradeboard/shared/user-settings';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';

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
};

/** Settings as the server holds them: master default, then the organization's, then the role's. */
async function serverSettings(db: Db, customerMasterId: number, roleMasterId: number) {
  const { rows } = await db.query<{ settingName: string; settingValue: string }>(
    `SELECT m.setting_name AS "settingName",
            coalesce(r.setting_value, g.setting_value, m.default_value) AS "settingValue"
       FROM app.setting_master m
       LEFT JOIN app.setting_global g ON g.setting_master_id = m.setting_master_id AND g.customer_master_id = $1
       LEFT JOIN app.setting_role r ON r.setting_master_id = m.setting_master_id AND r.role_master_id = $2
      ORDER BY m.setting_name`,
    [customerMasterId, roleMasterId],
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
  serve(app, getBySession, async (request) => {
    const { db } = request.server;
    const { rows } = await db.query<UserRow>(
      `SELECT u.user_master_id, u.email, u.full_name, r.role_name, r.role_master_id, u.organization_user,
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
    const [settings, toggles] = await Promise.all([
      serverSettings(db, user.customer_master_id, user.role_master_id),
      userToggles(db, user.user_master_id),
    ]);
    return {
      userMasterId: user.user_master_id,
      organizationUser: user.organization_user,
      isReleaseNotificationVisible: user.release_visible,
      userName: user.email,
      fullName: user.full_name,
      email: user.email,
      roleName: user.role_name,
      isImpersonating: false,
      customerMasterId: user.customer_master_id,
      customerName: user.customer_name,
      editionMasterId: user.edition_master_id,
      erpMasterId: user.erp_master_id,
      settings: mergeSettings(settings),
      toggles,
    };
  });
}
