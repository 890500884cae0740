import type { FastifyInstance } from 'fastify';
import {
  boardRoleShareAdd,
  boardRoleShareList,
  boardRoleShareRemove,
  boardRoleShareUpdate,
  boardUserShareAdd,
  boardUserShareList,
  boardUserShareRemove,
  boardUserShareUpdate,
} from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { loadViewer, requireBoard, type Queryable, type Viewer } from './board-access.ts';

type UserShare = { userMasterId: number; fullName: string; email: string; boardMasterXUserMasterId: number | null; canEdit: boolean };
type RoleShare = { roleMasterId: number; roleName: string; boardMasterXRoleMasterId: number | null; canEdit: boolean };

/** Users of the board owner's organization (the owner excepted) with their share of the board. */
const USER_SHARES = `
  SELECT u.user_master_id AS "userMasterId", u.full_name AS "fullName", u.email,
         s.board_master_x_user_master_id AS "boardMasterXUserMasterId", coalesce(s.can_edit, false) AS "canEdit"
    FROM app.board_master b
    JOIN app.user_master o ON o.user_master_id = b.created_by
    JOIN app.user_master u ON u.customer_master_id = o.customer_master_id AND u.user_master_id <> b.created_by AND u.is_active
    LEFT JOIN app.board_master_x_user_master s ON s.board_master_id = b.board_master_id AND s.user_master_id = u.user_master_id
   WHERE b.board_master_id = $1`;

const ROLE_SHARES = `
  SELECT r.role_master_id AS "roleMasterId", r.role_name AS "roleName",
         s.board_master_x_role_master_id AS "boardMasterXRoleMasterId", coalesce(s.can_edit, false) AS "canEdit"
    FROM app.role_master r
    LEFT JOIN app.board_master_x_role_master s ON s.board_master_id = $1 AND s.role_master_id = r.role_master_id
   WHERE true`;

async function userShare(db: Queryable, boardMasterId: number, userMasterId: number): Promise<UserShare | undefined> {
  const { rows } = await db.query<UserShare>(`${USER_SHARES} AND u.user_master_id = $2`, [boardMasterId, userMasterId]);
  return rows[0];
}

async function roleShare(db: Queryable, boardMasterId: number, roleMasterId: number): Promise<RoleShare | undefined> {
  const { rows } = await db.query<RoleShare>(`${ROLE_SHARES} AND r.role_master_id = $2`, [boardMasterId, roleMasterId]);
  return rows[0];
}

/** The share's board, when the viewer may change its shares; an unknown or invisible share is 404. */
async function shareBoard(db: Queryable, viewer: Viewer, kind: 'user' | 'role', shareId: number) {
  const { rows } = await db.query<{ boardMasterId: number; memberId: number }>(
    kind === 'user'
      ? `SELECT board_master_id AS "boardMasterId", user_master_id AS "memberId"
           FROM app.board_master_x_user_master WHERE board_master_x_user_master_id = $1`
      : `SELECT board_master_id AS "boardMasterId", role_master_id AS "memberId"
           FROM app.board_master_x_role_master WHERE board_master_x_role_master_id = $1`,
    [shareId],
  );
  const share = rows[0];
  const notFound = new HttpError(404, `Share ${shareId} was not found`);
  if (!share) throw notFound;
  try {
    await requireBoard(db, viewer, share.boardMasterId, 'edit');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound;
    throw error;
  }
  return share;
}

export async function shareRoutes(app: FastifyInstance): Promise<void> {
  serve(app, boardUserShareList, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireBoard(db, viewer, request.params.boardMasterId, 'see');
    const { rows } = await db.query<UserShare>(`${USER_SHARES} ORDER BY u.full_name, u.user_master_id`, [request.params.boardMasterId]);
    return rows;
  });

  serve(app, boardUserShareAdd, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { boardMasterId, userMasterId, canEdit } = request.body;
    await requireBoard(db, viewer, boardMasterId, 'edit');
    if (!(await userShare(db, boardMasterId, userMasterId))) {
      throw new HttpError(404, `User ${userMasterId} was not found among the users this board can be shared with`);
    }
    await db.query(
      `INSERT INTO app.board_master_x_user_master (board_master_id, user_master_id, can_edit) VALUES ($1, $2, $3)
       ON CONFLICT (board_master_id, user_master_id) DO UPDATE SET can_edit = EXCLUDED.can_edit`,
      [boardMasterId, userMasterId, canEdit],
    );
    return (await userShare(db, boardMasterId, userMasterId))!;
  });

  serve(app, boardUserShareUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const share = await shareBoard(db, viewer, 'user', request.body.boardMasterXUserMasterId);
    await db.query('UPDATE app.board_master_x_user_master SET can_edit = $2 WHERE board_master_x_user_master_id = $1', [
      request.body.boardMasterXUserMasterId,
      request.body.canEdit,
    ]);
    const updated = await userShare(db, share.boardMasterId, share.memberId);
    if (!updated) throw new HttpError(404, `Share ${request.body.boardMasterXUserMasterId} was not found`);
    return updated;
  });

  serve(app, boardUserShareRemove, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await shareBoard(db, viewer, 'user', request.params.boardMasterXUserMasterId);
    await db.query('DELETE FROM app.board_master_x_user_master WHERE board_master_x_user_master_id = $1', [
      request.params.boardMasterXUserMasterId,
    ]);
    return reply.status(204).send();
  });

  serve(app, boardRoleShareList, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireBoard(db, viewer, request.params.boardMasterId, 'see');
    const { rows } = await db.query<RoleShare>(`${ROLE_SHARES} ORDER BY r.role_name`, [request.params.boardMasterId]);
    return rows;
  });

  serve(app, boardRoleShareAdd, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { boardMasterId, roleMasterId, canEdit } = request.body;
    await requireBoard(db, viewer, boardMasterId, 'edit');
    if (!(await roleShare(db, boardMasterId, roleMasterId))) throw new HttpError(404, `Role ${roleMasterId} was not found`);
    await db.query(
      `INSERT INTO app.board_master_x_role_master (board_master_id, role_master_id, can_edit) VALUES ($1, $2, $3)
       ON CONFLICT (board_master_id, role_master_id) DO UPDATE SET can_edit = EXCLUDED.can_edit`,
      [boardMasterId, roleMasterId, canEdit],
    );
    return (await roleShare(db, boardMasterId, roleMasterId))!;
  });

  serve(app, boardRoleShareUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const share = await shareBoard(db, viewer, 'role', request.body.boardMasterXRoleMasterId);
    await db.query('UPDATE app.board_master_x_role_master SET can_edit = $2 WHERE board_master_x_role_master_id = $1', [
      request.body.boardMasterXRoleMasterId,
      request.body.canEdit,
    ]);
    return (await roleShare(db, share.boardMasterId, share.memberId))!;
  });

  serve(app, boardRoleShareRemove, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await shareBoard(db, viewer, 'role', request.params.boardMasterXRoleMasterId);
    await db.query('DELETE FROM app.board_master_x_role_master WHERE board_master_x_role_master_id = $1', [
      request.params.boardMasterXRoleMasterId,
    ]);
    return reply.status(204).send();
  });
}
