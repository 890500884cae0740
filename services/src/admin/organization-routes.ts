import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTHORIZATION_LEVELS,
  organizationMasterCustomerMasterGet,
  organizationMasterCustomerMasterList,
  organizationMasterCustomerMasterPost,
  organizationMasterGet,
  organizationMasterList,
  organizationMasterPost,
  organizationMasterPut,
  organizationSwitcherApply,
  organizationSwitcherAuthLevels,
  organizationSwitcherCanEditUsers,
  organizationSwitcherCustomerMasterList,
  organizationSwitcherFiltersCreate,
  organizationSwitcherFiltersList,
  organizationSwitcherFiltersRemove,
  organizationSwitcherFiltersUpdate,
  organizationSwitcherMetaCreate,
  organizationSwitcherMetaDelete,
  organizationSwitcherMetaGet,
  organizationSwitcherMetaUpdate,
  organizationSwitcherRoles,
  organizationSwitcherUserList,
  type userFiltersCreate,
  type userFiltersList,
  type userFiltersRemove,
  type userFiltersUpdate,
} from '@tradeboard/shared/contracts';
import type { Static } from 'typebox';
import type { OrganizationMembership, OrganizationRow } from '@tradeboard/shared/contracts';
import { audit } from '../auth/audit.ts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { adminAudit } from './admin-area-routes.ts';
import { loadAdmin, requireNotAbove, requireRight, type Admin } from './rights.ts';
import { serveUserFilters } from './user-filters.ts';

type Membership = Static<typeof OrganizationMembership>;
type Organization = Static<typeof OrganizationRow>;

const like = (search: string | undefined) => (search?.trim() ? `%${search.trim().replace(/[\\%_]/g, '\\$&')}%` : null);

/**
 * Who may see an organization's records: holders of organizations.write every organization, holders
 * of organizations.read only their own (another organization answers 404, as if it did not exist).
 */
const seesEveryOrganization = (admin: Admin) => admin.permissions.has('organizations.write');

const ORGANIZATION_SELECT = `
  SELECT c.customer_master_id AS "customerMasterId", c.customer_name AS "customerName",
         c.erp_master_id AS "erpMasterId", c.edition_master_id AS "editionMasterId",
         (SELECT count(*)::int FROM app.user_master u WHERE u.customer_master_id = c.customer_master_id AND u.is_active AND u.home_user_master_id IS NULL) AS "userCount",
         (SELECT count(*)::int FROM app.user_master u WHERE u.customer_master_id = c.customer_master_id AND u.is_active AND u.home_user_master_id IS NOT NULL) AS "memberCount"
    FROM app.customer_master c`;

const MEMBERSHIP_SELECT = `
  SELECT m.user_master_id AS "membershipId", a.user_master_id AS "userMasterId", a.email, a.full_name AS "fullName",
         a.customer_master_id AS "homeCustomerMasterId", hc.customer_name AS "homeCustomerName",
         m.customer_master_id AS "customerMasterId", c.customer_name AS "customerName",
         m.role_master_id AS "roleMasterId", r.role_name AS "roleName", m.is_active AS "isActive"
    FROM app.user_master m
    JOIN app.user_master a ON a.user_master_id = m.home_user_master_id
    JOIN app.customer_master c ON c.customer_master_id = m.customer_master_id
    JOIN app.customer_master hc ON hc.customer_master_id = a.customer_master_id
    JOIN app.role_master r ON r.role_master_id = m.role_master_id`;

export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.db;

  const findOrganization = async (admin: Admin, id: number): Promise<Organization> => {
    const { rows } = await db().query<Organization>(`${ORGANIZATION_SELECT} WHERE c.customer_master_id = $1`, [id]);
    if (!rows[0] || (!seesEveryOrganization(admin) && id !== admin.customerMasterId)) throw new HttpError(404, `Organization ${id} does not exist.`);
    return rows[0];
  };
  const listOrganizations = async (request: FastifyRequest<{ Body?: { search?: string } }>) => {
    const admin = await requireRight(request, 'organizations.read');
    const { rows } = await db().query<Organization>(
      `${ORGANIZATION_SELECT} WHERE ($1::int IS NULL OR c.customer_master_id = $1) AND ($2::text IS NULL OR c.customer_name ILIKE $2)
        ORDER BY lower(c.customer_name), c.customer_master_id`,
      [seesEveryOrganization(admin) ? null : admin.customerMasterId, like(request.body?.search)],
    );
    return rows;
  };
  const getOrganization = async (request: FastifyRequest<{ Params: { id: number } }>) =>
    findOrganization(await requireRight(request, 'organizations.read'), request.params.id);
  type OrganizationBody = { customerName: string; erpMasterId?: number; editionMasterId?: number };
  const requireFreeName = async (name: string, exceptId: number) => {
    const { rows } = await db().query('SELECT 1 FROM app.customer_master WHERE lower(customer_name) = lower($1) AND customer_master_id <> $2', [name, exceptId]);
    if (rows[0]) throw new HttpError(409, `An organization named ${name} already exists.`);
  };
  const addOrganization = async (request: FastifyRequest<{ Body: OrganizationBody }>) => {
    const admin = await requireRight(request, 'organizations.write');
    const name = request.body.customerName.trim();
    if (!name) throw new HttpError(400, 'Enter the organization name.');
    await requireFreeName(name, 0);
    try {
      const { rows } = await db().query<{ id: number }>(
        `INSERT INTO app.customer_master (customer_master_id, customer_name, erp_master_id, edition_master_id)
         SELECT coalesce(max(customer_master_id), 0) + 1, $1, $2, $3 FROM app.customer_master RETURNING customer_master_id AS id`,
        [name, request.body.erpMasterId ?? 1, request.body.editionMasterId ?? 3],
      );
      await adminAudit(request, admin, 'organization-changed', { organizationId: rows[0]!.id, added: name });
      return findOrganization(admin, rows[0]!.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'Another organization was added at the same moment. Try again.');
      throw error;
    }
  };

  // ── Organization records ──────────────────────────────────────────────────────────────────────
  serve(app, organizationMasterList, listOrganizations);
  serve(app, organizationMasterCustomerMasterList, listOrganizations);
  serve(app, organizationMasterGet, getOrganization);
  serve(app, organizationMasterCustomerMasterGet, getOrganization);
  serve(app, organizationMasterPost, addOrganization);
  serve(app, organizationMasterCustomerMasterPost, addOrganization);
  serve(app, organizationMasterPut, async (request) => {
    const admin = await requireRight(request, 'organizations.write');
    const before = await findOrganization(admin, request.params.id);
    const name = request.body.customerName.trim();
    if (!name) throw new HttpError(400, 'Enter the organization name.');
    await requireFreeName(name, before.customerMasterId);
    await db().query(
      `UPDATE app.customer_master SET customer_name = $2, erp_master_id = coalesce($3, erp_master_id), edition_master_id = coalesce($4, edition_master_id)
        WHERE customer_master_id = $1`,
      [before.customerMasterId, name, request.body.erpMasterId ?? null, request.body.editionMasterId ?? null],
    );
    await adminAudit(request, admin, 'organization-changed', { organizationId: before.customerMasterId, from: before.customerName, to: name });
    return findOrganization(admin, before.customerMasterId);
  });

  // ── The signed-in user's organizations and the switch ─────────────────────────────────────────
  serve(app, organizationSwitcherCustomerMasterList, async (request) => {
    const { accountUserMasterId, realUserMasterId, userMasterId } = request.user;
    const { rows } = await db().query(
      `SELECT c.customer_master_id AS "customerMasterId", c.customer_name AS "customerName",
              u.home_user_master_id IS NULL AS "isHome", u.user_master_id = $2 AS "isActive", r.role_name AS "roleName"
         FROM app.user_master u
         JOIN app.customer_master c ON c.customer_master_id = u.customer_master_id
         JOIN app.role_master r ON r.role_master_id = u.role_master_id
        WHERE (u.user_master_id = $1 OR u.home_user_master_id = $1) AND u.is_active AND ($3::text IS NULL OR c.customer_name ILIKE $3)
        ORDER BY u.home_user_master_id IS NULL DESC, lower(c.customer_name)`,
      [accountUserMasterId, realUserMasterId ?? userMasterId, like(request.body?.search)],
    );
    return rows as never;
  });
  serve(app, organizationSwitcherApply, async (request, reply) => {
    const { accountUserMasterId, realUserMasterId, userMasterId, sessionHash } = request.user;
    if (realUserMasterId) throw new HttpError(400, 'Stop viewing as the other user first.');
    const { rows } = await db().query<{ id: number; isHome: boolean }>(
      `SELECT u.user_master_id AS id, u.home_user_master_id IS NULL AS "isHome" FROM app.user_master u
        WHERE (u.user_master_id = $1 OR u.home_user_master_id = $1) AND u.customer_master_id = $2 AND u.is_active`,
      [accountUserMasterId, request.params.customerMasterId],
    );
    const target = rows[0];
    // An organization the user may not enter does not exist for him.
    if (!target) throw new HttpError(404, `Organization ${request.params.customerMasterId} does not exist.`);
    const from = await loadAdmin(db(), userMasterId);
    await db().query('UPDATE app.user_session SET organization_user_master_id = $2 WHERE session_hash = $1', [sessionHash, target.isHome ? null : target.id]);
    await audit(request, 'organization-switched', { userMasterId: accountUserMasterId, email: request.user.email }, {
      customerMasterId: request.params.customerMasterId,
      fromCustomerMasterId: from.customerMasterId,
      membershipId: target.isHome ? null : target.id,
    });
    return reply.status(204).send();
  });
  serve(app, organizationSwitcherCanEditUsers, async (request) => {
    const me = await loadAdmin(db(), request.user.userMasterId);
    return { canEditUsers: me.permissions.has('organizations.write') };
  });

  // ── Memberships ("Meta") ──────────────────────────────────────────────────────────────────────
  const findMembership = async (admin: Admin, id: number): Promise<Membership> => {
    const { rows } = await db().query<Membership>(`${MEMBERSHIP_SELECT} WHERE m.user_master_id = $1`, [id]);
    const row = rows[0];
    const visible = row && (seesEveryOrganization(admin) || row.customerMasterId === admin.customerMasterId || row.homeCustomerMasterId === admin.customerMasterId);
    if (!row || !visible) throw new HttpError(404, `Membership ${id} does not exist.`);
    return row;
  };
  /** A role the membership may hold in the organization: built-in or the organization's own, never above the administrator's. */
  const requireRoleIn = async (admin: Admin, customerMasterId: number, roleMasterId: number) => {
    const { rows } = await db().query(
      'SELECT 1 FROM app.role_master WHERE role_master_id = $1 AND (owner_customer_master_id IS NULL OR owner_customer_master_id = $2)',
      [roleMasterId, customerMasterId],
    );
    if (!rows[0]) throw new HttpError(404, `Role ${roleMasterId} does not exist.`);
    await requireNotAbove(db(), admin, roleMasterId);
  };

  serve(app, organizationSwitcherUserList, async (request) => {
    const admin = await requireRight(request, 'organizations.read');
    const { rows } = await db().query<Membership>(
      `${MEMBERSHIP_SELECT}
        WHERE ($1::int IS NULL OR m.customer_master_id = $1 OR a.customer_master_id = $1)
          AND ($2::int IS NULL OR m.customer_master_id = $2)
          AND ($3::text IS NULL OR a.email ILIKE $3 OR a.full_name ILIKE $3)
        ORDER BY lower(c.customer_name), lower(a.email) LIMIT 5000`,
      [seesEveryOrganization(admin) ? null : admin.customerMasterId, request.body?.customerMasterId ?? null, like(request.body?.search)],
    );
    return rows;
  });
  serve(app, organizationSwitcherMetaGet, async (request) => findMembership(await requireRight(request, 'organizations.read'), request.params.id));
  serve(app, organizationSwitcherMetaCreate, async (request) => {
    const admin = await requireRight(request, 'organizations.write');
    const { userMasterId, customerMasterId, roleMasterId } = request.body;
    const { rows: accounts } = await db().query<{ id: number; customerMasterId: number; fullName: string }>(
      `SELECT user_master_id AS id, customer_master_id AS "customerMasterId", full_name AS "fullName"
         FROM app.user_master WHERE user_master_id = $1 AND home_user_master_id IS NULL AND is_active`,
      [userMasterId],
    );
    const account = accounts[0];
    if (!account) throw new HttpError(404, `User ${userMasterId} does not exist.`);
    const organization = await findOrganization(admin, customerMasterId);
    if (account.customerMasterId === customerMasterId) throw new HttpError(400, `${organization.customerName} is already ${account.fullName}'s own organization.`);
    await requireRoleIn(admin, customerMasterId, roleMasterId);
    // The membership is a user row of the organization that signs in only through its account.
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO app.user_master (email, full_name, login_type, role_master_id, customer_master_id, sales_rep, organization_user, home_user_master_id)
       SELECT email, full_name, 'MEMBER', $2, $3, sales_rep, true, user_master_id FROM app.user_master WHERE user_master_id = $1
       ON CONFLICT (home_user_master_id, customer_master_id) WHERE home_user_master_id IS NOT NULL
       DO UPDATE SET is_active = true, role_master_id = EXCLUDED.role_master_id
       RETURNING user_master_id AS id`,
      [account.id, roleMasterId, customerMasterId],
    );
    await adminAudit(request, admin, 'membership-changed', { membershipId: rows[0]!.id, userMasterId: account.id, organizationId: customerMasterId, roleMasterId, isActive: true });
    return findMembership(admin, rows[0]!.id);
  });
  serve(app, organizationSwitcherMetaUpdate, async (request) => {
    const admin = await requireRight(request, 'organizations.write');
    const membership = await findMembership(admin, request.params.id);
    const { roleMasterId, isActive } = request.body;
    if (roleMasterId !== undefined) await requireRoleIn(admin, membership.customerMasterId, roleMasterId);
    await db().query('UPDATE app.user_master SET role_master_id = coalesce($2, role_master_id), is_active = coalesce($3, is_active) WHERE user_master_id = $1', [
      membership.membershipId,
      roleMasterId ?? null,
      isActive ?? null,
    ]);
    await adminAudit(request, admin, 'membership-changed', { membershipId: membership.membershipId, roleMasterId: roleMasterId ?? null, isActive: isActive ?? null });
    return findMembership(admin, membership.membershipId);
  });
  serve(app, organizationSwitcherMetaDelete, async (request, reply) => {
    const admin = await requireRight(request, 'organizations.write');
    const membership = await findMembership(admin, request.params.id);
    // Ended, not deleted: the boards, goals and audit trail made as the member stay with the organization.
    await db().query('UPDATE app.user_master SET is_active = false WHERE user_master_id = $1', [membership.membershipId]);
    await db().query('UPDATE app.user_session SET organization_user_master_id = NULL WHERE organization_user_master_id = $1', [membership.membershipId]);
    await adminAudit(request, admin, 'membership-changed', { membershipId: membership.membershipId, isActive: false });
    return reply.status(204).send();
  });
  serve(app, organizationSwitcherAuthLevels, async (request) => {
    await requireRight(request, 'organizations.read');
    return AUTHORIZATION_LEVELS.map((level) => ({ ...level }));
  });
  serve(app, organizationSwitcherRoles, async (request) => {
    const admin = await requireRight(request, 'organizations.read');
    const organization = await findOrganization(admin, request.query.customerMasterId ?? admin.customerMasterId);
    const { rows } = await db().query(
      `SELECT r.role_master_id AS "roleMasterId", r.role_name AS "roleName", r.owner_customer_master_id IS NULL AS "isBuiltIn"
         FROM app.role_master r LEFT JOIN app.admin_rank k ON k.role_name = r.role_name AND r.owner_customer_master_id IS NULL
        WHERE (r.owner_customer_master_id IS NULL OR r.owner_customer_master_id = $1) AND coalesce(k.rank, 9) >= $2
        ORDER BY r.owner_customer_master_id NULLS FIRST, lower(r.role_name)`,
      [organization.customerMasterId, admin.rank],
    );
    return rows as never;
  });

  // A member's report filters: organization staff, for memberships they may see (never above them for a change).
  // The OrganizationSwitcher/Filters calls take and answer exactly what User/Filters do.
  serveUserFilters(
    app,
    {
      list: organizationSwitcherFiltersList as unknown as typeof userFiltersList,
      create: organizationSwitcherFiltersCreate as unknown as typeof userFiltersCreate,
      update: organizationSwitcherFiltersUpdate as unknown as typeof userFiltersUpdate,
      remove: organizationSwitcherFiltersRemove as unknown as typeof userFiltersRemove,
    },
    {
      right: (request, write) => requireRight(request, write ? 'organizations.write' : 'organizations.read'),
      user: async (_request, admin, userMasterId, write) => {
        const membership = await findMembership(admin, userMasterId);
        if (write) await requireNotAbove(db(), admin, membership.roleMasterId);
        return membership.membershipId;
      },
    },
  );
}
