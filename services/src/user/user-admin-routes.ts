import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  userAdd,
  userBulkSendAccessEmail,
  userChangePassword,
  userChangeUserPassword,
  userDelete,
  userExportList,
  userFiltersCreate,
  userFiltersList,
  userFiltersRemove,
  userFiltersUpdate,
  userGetById,
  userGetCustomerMaster,
  userList,
  userRemoveRole,
  userResetAuthenticator,
  userSendAccessEmail,
  userSendUserLimitEmail,
  userSessions,
  userSessionsSignOutOthers,
  userUpdate,
  userUpdateOrganizationAccess,
  userUpdateProfile,
  userUpdateRole,
} from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { adminAudit, findRole } from '../admin/admin-area-routes.ts';
import { loadAdmin, requireNotAbove, requireRight, type Admin } from '../admin/rights.ts';
import { findOrgUser, USER_COLUMNS, type UserRowValue } from '../admin/users.ts';
import { audit } from '../auth/audit.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { serveUserFilters } from '../admin/user-filters.ts';
import { hashToken, newToken } from '../platform/session.ts';

/** How long the access e-mail's link stays valid. */
export const ACCESS_LINK_DAYS = 7;

/** The access e-mail: a link to choose a password (the reset-password page), then sign in. */
export async function sendAccessEmail(request: FastifyRequest, user: Pick<UserRowValue, 'userMasterId' | 'email' | 'fullName' | 'loginType'>): Promise<void> {
  const { db, serviceConfig: config, mailer } = request.server;
  let how: string;
  if (user.loginType === 'PASSWORD') {
    const token = newToken();
    await db.query(
      `INSERT INTO app.password_reset (token_hash, user_master_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
      [hashToken(token), user.userMasterId, ACCESS_LINK_DAYS],
    );
    how = `To choose your password, open this link within ${ACCESS_LINK_DAYS} days:\n${config.publicUrl}/login/resetPassword?token=${token}\n\nThen sign in at ${config.publicUrl}/login with ${user.email}.`;
  } else if (user.loginType === 'MEMBER') {
    // A member of another organization signs in with his own account, then switches (OrganizationSwitcher).
    how = `Sign in at ${config.publicUrl}/login with ${user.email} as usual, then open Settings from your profile menu and switch organization.`;
  } else {
    how = `Sign in at ${config.publicUrl}/login with ${user.email}: your organization's single sign-on takes you in.`;
  }
  await mailer.send({
    to: [user.email],
    subject: 'Your Tradeboard access',
    body: `Hello ${user.fullName},\n\nAn account was made for you on Tradeboard.\n\n${how}\n\nIf you did not expect this e-mail, ignore it.`,
  });
}

type ListBody = {
  searchString?: string;
  roleMasterId?: number;
  includeInactive?: boolean;
  sortBy?: string;
  sortDir?: 'asc' | 'desc';
  pageSize?: number;
  pageNumber?: number;
};
const SORT_COLUMNS: Record<string, string> = { email: 'lower(u.email)', fullName: 'lower(u.full_name)', roleName: 'lower(r.role_name)', createdAt: 'u.created_at' };

async function listUsers(db: Db, customerMasterId: number, body: ListBody, all: boolean) {
  const params: unknown[] = [customerMasterId];
  const where = ['u.customer_master_id = $1'];
  if (!body.includeInactive) where.push('u.is_active');
  const search = body.searchString?.trim();
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(u.email ILIKE $${params.length} OR u.full_name ILIKE $${params.length} OR coalesce(u.sales_rep, '') ILIKE $${params.length})`);
  }
  if (body.roleMasterId) {
    params.push(body.roleMasterId);
    where.push(`u.role_master_id = $${params.length}`);
  }
  const order = `${SORT_COLUMNS[body.sortBy ?? 'fullName'] ?? SORT_COLUMNS.fullName} ${body.sortDir === 'desc' ? 'DESC' : 'ASC'}, u.user_master_id`;
  const pageSize = all ? 5000 : (body.pageSize ?? 15);
  const offset = all ? 0 : ((body.pageNumber ?? 1) - 1) * pageSize;
  const { rows } = await db.query<UserRowValue & { total: number }>(
    `SELECT ${USER_COLUMNS}, count(*) OVER ()::int AS total
       FROM app.user_master u JOIN app.role_master r USING (role_master_id)
      WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`,
    params,
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A user the administrator may change: of his organization (404 otherwise), whose role is not above his. */
async function manageableUser(request: FastifyRequest, admin: Admin, userMasterId: number): Promise<UserRowValue> {
  const user = await findOrgUser(request.server.db, admin.customerMasterId, userMasterId);
  await requireNotAbove(request.server.db, admin, user.roleMasterId);
  return user;
}

/** The organization's active users against its UserLimit setting (0 or unset: no limit). */
async function userLimitOf(db: Db, admin: Admin) {
  const { rows } = await db.query<{ users: number; limit: string | null; owners: string[] | null; name: string }>(
    `SELECT (SELECT count(*)::int FROM app.user_master WHERE customer_master_id = $1 AND is_active) AS users,
            (SELECT e.setting_value FROM app.effective_setting e WHERE e.user_master_id = $2 AND e.setting_name = 'UserLimit') AS "limit",
            (SELECT array_agg(u.email ORDER BY u.email) FROM app.user_master u JOIN app.role_master r USING (role_master_id)
              WHERE u.customer_master_id = $1 AND u.is_active AND r.owner_customer_master_id IS NULL AND r.role_name IN ('SiteOwner', 'SiteAdmin')) AS owners,
            (SELECT customer_name FROM app.customer_master WHERE customer_master_id = $1) AS name`,
    [admin.customerMasterId, admin.userMasterId],
  );
  const row = rows[0]!;
  return { ...row, userLimit: Math.max(0, Math.trunc(Number(row.limit ?? 0)) || 0) };
}

/** E-mails the organization's owners (or the site's errors address) its user count against its limit. */
async function sendUserLimitEmail(request: FastifyRequest, admin: Admin) {
  const row = await userLimitOf(request.server.db, admin);
  const { userLimit } = row;
  await request.server.mailer.send({
    to: row.owners?.length ? row.owners : [request.server.serviceConfig.siteErrorsEmail],
    subject: `Tradeboard user limit: ${row.name}`,
    body: userLimit
      ? `${row.name} has ${row.users} active users of the ${userLimit} its licence allows.${row.users >= userLimit ? ' New users cannot be added until the limit is raised or users are deactivated.' : ''}`
      : `${row.name} has ${row.users} active users; no user limit is set (setting UserLimit).`,
  });
  return { userCount: row.users, userLimit };
}

/**
 * Refuses (409) adding `adding` users past the organization's UserLimit, and tells its owners by
 * e-mail that someone tried: nothing is added.
 */
export async function requireRoomForUsers(request: FastifyRequest, admin: Admin, adding: number): Promise<void> {
  const { users, userLimit } = await userLimitOf(request.server.db, admin);
  if (!userLimit || users + adding <= userLimit) return;
  await sendUserLimitEmail(request, admin);
  throw new HttpError(
    409,
    `Your organization has ${users} active users of the ${userLimit} its licence allows: ${adding === 1 ? 'a new user' : `${adding} new users`} would pass the limit. Deactivate users or raise the limit (setting UserLimit).`,
  );
}

const endSessions = (db: Db, userMasterId: number) => db.query('DELETE FROM app.user_session WHERE user_master_id = $1', [userMasterId]);

export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.db;

  serve(app, userAdd, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const { email, fullName, roleMasterId, salesRep, sendAccessEmail: send } = request.body;
    const role = await findRole(db(), admin.customerMasterId, roleMasterId);
    await requireNotAbove(db(), admin, role.roleMasterId);
    const { rows: existing } = await db().query('SELECT 1 FROM app.user_master WHERE lower(email) = lower($1)', [email.trim()]);
    if (existing[0]) throw new HttpError(409, `A user with the e-mail ${email.trim()} already exists.`);
    await requireRoomForUsers(request, admin, 1);
    let id: number;
    try {
      const { rows } = await db().query<{ id: number }>(
        `INSERT INTO app.user_master (email, full_name, password_hash, login_type, role_master_id, customer_master_id, sales_rep, must_set_password)
         VALUES ($1, $2, NULL, 'PASSWORD', $3, $4, $5, true) RETURNING user_master_id AS id`,
        [email.trim(), fullName.trim(), role.roleMasterId, admin.customerMasterId, salesRep?.trim() || null],
      );
      id = rows[0]!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `A user with the e-mail ${email.trim()} already exists.`);
      throw error;
    }
    const user = await findOrgUser(db(), admin.customerMasterId, id);
    await adminAudit(request, admin, 'user-added', { userMasterId: id, email: user.email, roleName: role.roleName });
    if (send !== false) {
      await sendAccessEmail(request, user);
      await adminAudit(request, admin, 'access-email-sent', { userMasterId: id, email: user.email });
    }
    return user;
  });

  serve(app, userList, async (request) => {
    const admin = await requireRight(request, 'users.read');
    return listUsers(db(), admin.customerMasterId, request.body, false);
  });

  serve(app, userExportList, async (request, reply) => {
    const admin = await requireRight(request, 'users.read');
    const { rows } = await listUsers(db(), admin.customerMasterId, request.body, true);
    const header = ['Email', 'Full Name', 'Role', 'Sales Rep', 'Organization User', 'Active', 'Created'];
    const lines = rows.map((u) => [u.email, u.fullName, u.roleName, u.salesRep, u.organizationUser, u.isActive, u.createdAt].map(csvCell).join(','));
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="users.csv"');
    return [header.join(','), ...lines].join('\r\n') + '\r\n';
  });

  serve(app, userGetById, async (request) => {
    const admin = await requireRight(request, 'users.read');
    return findOrgUser(db(), admin.customerMasterId, request.params.userId);
  });

  serve(app, userUpdate, async (request) => {
    const { userMasterId, fullName, salesRep, isActive, settingOverrides } = request.body;
    const changesUser = fullName !== undefined || salesRep !== undefined || isActive !== undefined;
    const admin = await requireRight(request, changesUser ? 'users.write' : 'settings.user');
    if (settingOverrides?.length && changesUser && !admin.permissions.has('settings.user')) {
      throw new HttpError(403, 'Your role does not allow this. Contact your system administrator if you feel this is in error.');
    }
    const user = await manageableUser(request, admin, userMasterId);
    if (isActive === false && user.userMasterId === admin.userMasterId) throw new HttpError(400, 'You cannot deactivate yourself.');
    if (isActive === true && !user.isActive) await requireRoomForUsers(request, admin, 1);
    await db().query(
      `UPDATE app.user_master SET full_name = coalesce($2, full_name), sales_rep = CASE WHEN $3::boolean THEN $4 ELSE sales_rep END,
              is_active = coalesce($5, is_active) WHERE user_master_id = $1`,
      [user.userMasterId, fullName?.trim() ?? null, salesRep !== undefined, salesRep?.trim() || null, isActive ?? null],
    );
    if (isActive === false) await endSessions(db(), user.userMasterId);
    for (const { settingMasterId, settingValue } of settingOverrides ?? []) {
      const { rows } = await db().query<{ name: string }>('SELECT setting_name AS name FROM app.setting_master WHERE setting_master_id = $1', [settingMasterId]);
      if (!rows[0]) throw new HttpError(404, `Setting ${settingMasterId} does not exist.`);
      if (settingValue === null) {
        await db().query('DELETE FROM app.setting_user WHERE user_master_id = $1 AND setting_master_id = $2', [user.userMasterId, settingMasterId]);
      } else {
        await db().query(
          `INSERT INTO app.setting_user (user_master_id, setting_master_id, setting_value) VALUES ($1, $2, $3)
           ON CONFLICT (user_master_id, setting_master_id) DO UPDATE SET setting_value = EXCLUDED.setting_value`,
          [user.userMasterId, settingMasterId, settingValue],
        );
      }
      await adminAudit(request, admin, 'setting-changed', { level: 'user', userMasterId: user.userMasterId, email: user.email, settingMasterId, settingName: rows[0].name, value: settingValue });
    }
    if (changesUser) await adminAudit(request, admin, 'user-updated', { userMasterId: user.userMasterId, fullName, salesRep, isActive });
    return findOrgUser(db(), admin.customerMasterId, user.userMasterId);
  });

  serve(app, userUpdateRole, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const user = await manageableUser(request, admin, request.body.userMasterId);
    const role = await findRole(db(), admin.customerMasterId, request.body.roleMasterId);
    await requireNotAbove(db(), admin, role.roleMasterId);
    if (user.userMasterId === admin.userMasterId) throw new HttpError(400, 'You cannot change your own role.');
    await db().query('UPDATE app.user_master SET role_master_id = $2 WHERE user_master_id = $1', [user.userMasterId, role.roleMasterId]);
    await adminAudit(request, admin, 'user-role-changed', { userMasterId: user.userMasterId, from: user.roleName, to: role.roleName });
    return reply.status(204).send();
  });

  serve(app, userRemoveRole, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const user = await manageableUser(request, admin, request.params.userMasterId);
    if (user.userMasterId === admin.userMasterId) throw new HttpError(400, 'You cannot change your own role.');
    await db().query(`UPDATE app.user_master SET role_master_id = (SELECT role_master_id FROM app.role_master WHERE role_name = 'Viewer' AND owner_customer_master_id IS NULL) WHERE user_master_id = $1`, [
      user.userMasterId,
    ]);
    await adminAudit(request, admin, 'user-role-changed', { userMasterId: user.userMasterId, from: user.roleName, to: 'Viewer' });
    return reply.status(204).send();
  });

  serve(app, userChangeUserPassword, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const user = await manageableUser(request, admin, request.params.userMasterId);
    if (user.loginType === 'MEMBER') throw new HttpError(400, `${user.fullName} is a member from another organization and signs in with his own account: there is no password to set here.`);
    const problem = passwordProblem(request.body.newPassword);
    if (problem) throw new HttpError(400, problem);
    await db().query('UPDATE app.user_master SET password_hash = $2, must_set_password = false WHERE user_master_id = $1', [user.userMasterId, await hashPassword(request.body.newPassword)]);
    await endSessions(db(), user.userMasterId);
    await adminAudit(request, admin, 'user-password-set', { userMasterId: user.userMasterId, email: user.email });
    return reply.status(204).send();
  });

  serve(app, userSendAccessEmail, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const user = await manageableUser(request, admin, request.params.userId);
    if (!user.isActive) throw new HttpError(400, `${user.fullName} is not active.`);
    await sendAccessEmail(request, user);
    await adminAudit(request, admin, 'access-email-sent', { userMasterId: user.userMasterId, email: user.email });
    return reply.status(204).send();
  });

  serve(app, userBulkSendAccessEmail, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const users = [];
    // Every id is checked first: one unknown id sends nothing.
    for (const id of new Set(request.body.userMasterIds)) users.push(await manageableUser(request, admin, id));
    for (const user of users.filter((u) => u.isActive)) {
      await sendAccessEmail(request, user);
      await adminAudit(request, admin, 'access-email-sent', { userMasterId: user.userMasterId, email: user.email });
    }
    return { sent: users.filter((u) => u.isActive).length };
  });

  serve(app, userSendUserLimitEmail, async (request) => sendUserLimitEmail(request, await requireRight(request, 'users.write')));

  serve(app, userDelete, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const user = await manageableUser(request, admin, request.body.userMasterId);
    if (user.userMasterId === admin.userMasterId) throw new HttpError(400, 'You cannot delete yourself.');
    await db().query('UPDATE app.user_master SET is_active = false WHERE user_master_id = $1', [user.userMasterId]);
    await endSessions(db(), user.userMasterId);
    await adminAudit(request, admin, 'user-deleted', { userMasterId: user.userMasterId, email: user.email });
    return reply.status(204).send();
  });

  serve(app, userUpdateOrganizationAccess, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const user = await manageableUser(request, admin, request.body.userMasterId);
    await db().query('UPDATE app.user_master SET organization_user = $2 WHERE user_master_id = $1', [user.userMasterId, request.body.organizationUser]);
    await adminAudit(request, admin, 'user-updated', { userMasterId: user.userMasterId, organizationUser: request.body.organizationUser });
    return reply.status(204).send();
  });

  serve(app, userResetAuthenticator, async (request, reply) => {
    const other = request.body?.userMasterId;
    let target = request.user.userMasterId;
    let customerMasterId: number;
    if (other !== undefined && other !== request.user.userMasterId) {
      const admin = await requireRight(request, 'users.write');
      target = (await manageableUser(request, admin, other)).userMasterId;
      customerMasterId = admin.customerMasterId;
    } else {
      customerMasterId = (await loadAdmin(db(), target)).customerMasterId;
    }
    await db().query('UPDATE app.user_master SET totp_secret = NULL, totp_confirmed = false, totp_last_step = NULL WHERE user_master_id = $1', [target]);
    await adminAudit(request, { customerMasterId }, 'authenticator-reset', { userMasterId: target });
    return reply.status(204).send();
  });

  serve(app, userGetCustomerMaster, async (request) => {
    const { rows } = await db().query(
      `SELECT c.customer_master_id AS "customerMasterId", c.customer_name AS "customerName", c.erp_master_id AS "erpMasterId", c.edition_master_id AS "editionMasterId"
         FROM app.user_master u JOIN app.customer_master c USING (customer_master_id) WHERE u.user_master_id = $1`,
      [request.user.userMasterId],
    );
    return rows[0] as never;
  });

  // The signed-in user's own profile: name, password, sessions
  serve(app, userUpdateProfile, async (request, reply) => {
    const fullName = request.body.fullName.trim();
    if (!fullName) throw new HttpError(400, 'Enter your name.');
    await db().query('UPDATE app.user_master SET full_name = $2 WHERE user_master_id = $1', [request.user.userMasterId, fullName]);
    return reply.status(204).send();
  });

  serve(app, userChangePassword, async (request, reply) => {
    const { rows } = await db().query<{ password_hash: string | null; email: string }>('SELECT password_hash, email FROM app.user_master WHERE user_master_id = $1', [
      request.user.accountUserMasterId,
    ]);
    const account = rows[0]!;
    if (account.password_hash && !(await verifyPassword(account.password_hash, request.body.currentPassword ?? ''))) {
      throw new HttpError(400, 'The current password is not right.');
    }
    const problem = passwordProblem(request.body.newPassword);
    if (problem) throw new HttpError(400, problem);
    await db().query('UPDATE app.user_master SET password_hash = $2, must_set_password = false WHERE user_master_id = $1', [
      request.user.accountUserMasterId,
      await hashPassword(request.body.newPassword),
    ]);
    // A new password ends the user's other sessions; this one stays.
    await db().query('DELETE FROM app.user_session WHERE user_master_id = $1 AND session_hash <> $2', [request.user.accountUserMasterId, request.user.sessionHash]);
    await audit(request, 'password-changed', { userMasterId: request.user.accountUserMasterId, email: account.email });
    return reply.status(204).send();
  });

  serve(app, userSessions, async (request) => {
    const { rows } = await db().query(
      `SELECT substr(session_hash, 1, 12) AS "sessionId", session_hash = $2 AS current, persistent,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
              to_char(last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastSeenAt",
              to_char(absolute_expiry AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt",
              coalesce(user_agent, '') AS "userAgent", coalesce(ip, '') AS ip
         FROM app.user_session WHERE user_master_id = $1 AND NOT awaiting_two_factor AND absolute_expiry > now()
        ORDER BY session_hash = $2 DESC, last_seen_at DESC`,
      [request.user.accountUserMasterId, request.user.sessionHash],
    );
    return rows as never;
  });

  serve(app, userSessionsSignOutOthers, async (request) => {
    const me = request.user.accountUserMasterId;
    const { rowCount } = await db().query('DELETE FROM app.user_session WHERE user_master_id = $1 AND session_hash <> $2', [me, request.user.sessionHash]);
    await audit(request, 'sessions-ended', { userMasterId: me, email: request.user.realEmail ?? request.user.email }, { ended: rowCount ?? 0 });
    return { ended: rowCount ?? 0 };
  });

  // A user's report filters: the organization's users, never above the administrator for a change.
  serveUserFilters(app, { list: userFiltersList, create: userFiltersCreate, update: userFiltersUpdate, remove: userFiltersRemove }, {
    right: (request, write) => requireRight(request, write ? 'users.write' : 'users.read'),
    user: async (request, admin, userMasterId, write) => (write ? await manageableUser(request, admin, userMasterId) : await findOrgUser(db(), admin.customerMasterId, userMasterId)).userMasterId,
  });
}
