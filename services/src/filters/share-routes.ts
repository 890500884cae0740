import type { FastifyInstance } from 'fastify';
import {
  globalFilterRoleShareAdd,
  globalFilterRoleShareDelete,
  globalFilterRoleShareGet,
  globalFilterUserShareAdd,
  globalFilterUserShareDelete,
  globalFilterUserShareGet,
  type GlobalFilterRoleShare,
  type GlobalFilterUserShare,
} from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { loadViewer, type Queryable, type Viewer } from '../boards/board-access.ts';
import { requireGlobalFilter } from './filter-access.ts';

/** Users of the owner's organization (the owner excepted) with their share of the filter. */
const USER_SHARES = `
  SELECT u.user_master_id AS "userMasterId", u.full_name AS "fullName", u.email,
         s.global_filter_x_user_master_id AS "globalFilterXUserMasterId", coalesce(s.can_edit, false) AS "canEdit"
    FROM app.global_filter g
    JOIN app.user_master o ON o.user_master_id = g.created_by
    JOIN app.user_master u ON u.customer_master_id = o.customer_master_id AND u.user_master_id <> g.created_by AND u.is_active
    LEFT JOIN app.global_filter_x_user_master s ON s.global_filter_id = g.global_filter_id AND s.user_master_id = u.user_master_id
   WHERE g.global_filter_id = $1`;

const ROLE_SHARES = `
  SELECT r.role_master_id AS "roleMasterId", r.role_name AS "roleName",
         s.global_filter_x_role_master_id AS "globalFilterXRoleMasterId", coalesce(s.can_edit, false) AS "canEdit"
    FROM app.role_master r
    LEFT JOIN app.global_filter_x_role_master s ON s.global_filter_id = $1 AND s.role_master_id = r.role_master_id
   WHERE true`;

/** What differs between user and role shares: the table, the member column and the listing. */
const KINDS = {
  user: { table: 'app.global_filter_x_user_master', id: 'global_filter_x_user_master_id', member: 'user_master_id', list: USER_SHARES, memberKey: 'u.user_master_id', order: 'u.full_name, u.user_master_id' },
  role: { table: 'app.global_filter_x_role_master', id: 'global_filter_x_role_master_id', member: 'role_master_id', list: ROLE_SHARES, memberKey: 'r.role_master_id', order: 'r.role_name' },
} as const;
type Kind = keyof typeof KINDS;

async function sharesOf<T>(db: Queryable, kind: Kind, globalFilterId: number, memberId?: number): Promise<T[]> {
  const k = KINDS[kind];
  const { rows } = await db.query(
    `${k.list} ${memberId === undefined ? '' : `AND ${k.memberKey} = $2`} ORDER BY ${k.order}`,
    memberId === undefined ? [globalFilterId] : [globalFilterId, memberId],
  );
  return rows as T[];
}

/** Adds (or keeps) a share; a member the filter cannot be shared with is 404. */
async function addShare<T>(db: Queryable, viewer: Viewer, kind: Kind, globalFilterId: number, memberId: number, canEdit: boolean): Promise<T> {
  await requireGlobalFilter(db, viewer, globalFilterId, 'edit');
  if ((await sharesOf(db, kind, globalFilterId, memberId)).length === 0) {
    throw new HttpError(404, `${kind === 'user' ? 'User' : 'Role'} ${memberId} was not found among those this filter can be shared with`);
  }
  const k = KINDS[kind];
  await db.query(
    `INSERT INTO ${k.table} (global_filter_id, ${k.member}, can_edit) VALUES ($1, $2, $3)
     ON CONFLICT (global_filter_id, ${k.member}) DO UPDATE SET can_edit = EXCLUDED.can_edit`,
    [globalFilterId, memberId, canEdit],
  );
  return (await sharesOf<T>(db, kind, globalFilterId, memberId))[0]!;
}

/** Removes a share when the viewer may change the filter's shares; an unknown or invisible share is 404. */
async function removeShare(db: Queryable, viewer: Viewer, kind: Kind, shareId: number): Promise<void> {
  const k = KINDS[kind];
  const { rows } = await db.query<{ globalFilterId: number }>(
    `SELECT global_filter_id AS "globalFilterId" FROM ${k.table} WHERE ${k.id} = $1`,
    [shareId],
  );
  const notFound = new HttpError(404, `Share ${shareId} was not found`);
  if (!rows[0]) throw notFound;
  try {
    await requireGlobalFilter(db, viewer, rows[0].globalFilterId, 'edit');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound;
    throw error;
  }
  await db.query(`DELETE FROM ${k.table} WHERE ${k.id} = $1`, [shareId]);
}

export async function filterShareRoutes(app: FastifyInstance): Promise<void> {
  serve(app, globalFilterUserShareGet, async (request) => {
    const { db } = request.server;
    await requireGlobalFilter(db, await loadViewer(db, request.user.userMasterId), request.params.globalFilterId, 'see');
    return sharesOf<GlobalFilterUserShare>(db, 'user', request.params.globalFilterId);
  });

  serve(app, globalFilterRoleShareGet, async (request) => {
    const { db } = request.server;
    await requireGlobalFilter(db, await loadViewer(db, request.user.userMasterId), request.params.globalFilterId, 'see');
    return sharesOf<GlobalFilterRoleShare>(db, 'role', request.params.globalFilterId);
  });

  serve(app, globalFilterUserShareAdd, async (request) => {
    const { db } = request.server;
    const { globalFilterId, userMasterId, canEdit = false } = request.body;
    return addShare<GlobalFilterUserShare>(db, await loadViewer(db, request.user.userMasterId), 'user', globalFilterId, userMasterId, canEdit);
  });

  serve(app, globalFilterRoleShareAdd, async (request) => {
    const { db } = request.server;
    const { globalFilterId, roleMasterId, canEdit = false } = request.body;
    return addShare<GlobalFilterRoleShare>(db, await loadViewer(db, request.user.userMasterId), 'role', globalFilterId, roleMasterId, canEdit);
  });

  serve(app, globalFilterUserShareDelete, async (request, reply) => {
    const { db } = request.server;
    await removeShare(db, await loadViewer(db, request.user.userMasterId), 'user', request.params.globalFilterXUserMasterId);
    return reply.status(204).send();
  });

  serve(app, globalFilterRoleShareDelete, async (request, reply) => {
    const { db } = request.server;
    await removeShare(db, await loadViewer(db, request.user.userMasterId), 'role', request.params.globalFilterXRoleMasterId);
    return reply.status(204).send();
  });
}
