import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Board } from '@tradeboard/shared/contracts';
import { parseBoolean } from '@tradeboard/shared/user-settings';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';

/** Anything that runs SQL: the pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Who is asking, as the board rules need it. */
export type Viewer = {
  userMasterId: number;
  customerMasterId: number;
  roleMasterId: number;
};

export const NO_EDIT_PERMISSION =
  'You do not currently have permission to make changes to this board. Contact your system administrator if you feel this is in error.';

export async function loadViewer(db: Queryable, userMasterId: number): Promise<Viewer> {
  const { rows } = await db.query<Viewer>(
    `SELECT user_master_id AS "userMasterId", customer_master_id AS "customerMasterId", role_master_id AS "roleMasterId"
       FROM app.user_master WHERE user_master_id = $1 AND is_active`,
    [userMasterId],
  );
  if (!rows[0]) throw new HttpError(401, 'Your session has ended. Please sign in again.');
  return rows[0];
}

/** A setting as the server holds it: master default < organization < role < the user's own (app.effective_setting). */
export async function settingOf(db: Queryable, viewer: Viewer, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>(
    'SELECT setting_value AS value FROM app.effective_setting WHERE user_master_id = $1 AND setting_name = $2',
    [viewer.userMasterId, name],
  );
  return rows[0]?.value;
}

/** Manage Boards (add, copy, create from a template) needs AllowPageEditing. */
export async function requirePageEditing(db: Queryable, viewer: Viewer): Promise<void> {
  if (!parseBoolean(await settingOf(db, viewer, 'AllowPageEditing'))) throw new HttpError(403, NO_EDIT_PERMISSION);
}

export async function requireSection(db: Queryable, sectionMasterId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM app.section_master WHERE section_master_id = $1', [sectionMasterId]);
  if (!rows[0]) throw new HttpError(404, `Section ${sectionMasterId} does not exist`);
}

/**
 * The one place that decides which boards a user sees and what he may do with them:
 * he sees, within his organization, the boards he owns, those shared with him or his role,
 * and the public ones (a disabled board only when it is his own).
 * $1 user, $2 role, $3 organization.
 */
const VISIBLE_BOARDS = `
  SELECT b.board_master_id AS "boardMasterId", b.board_name AS "boardName",
         b.section_master_id AS "sectionMasterId", b.created_by AS "createdBy",
         o.full_name AS "createdByName",
         b.created_by = $1 AS "isBoardOwner",
         EXISTS (SELECT 1 FROM app.board_user_default d
                  WHERE d.user_master_id = $1 AND d.board_master_id = b.board_master_id) AS "isBoardDefault",
         (b.created_by = $1 OR coalesce(us.can_edit, false) OR coalesce(rs.can_edit, false)) AS "canEdit",
         b.is_public AS "isPublic",
         b.is_enabled AS "isEnabled",
         b.created_by <> $1 AS "isShared",
         (EXISTS (SELECT 1 FROM app.board_master_x_user_master x WHERE x.board_master_id = b.board_master_id)
          OR EXISTS (SELECT 1 FROM app.board_master_x_role_master x WHERE x.board_master_id = b.board_master_id)) AS "hasShares"
    FROM app.board_master b
    JOIN app.user_master o ON o.user_master_id = b.created_by
    LEFT JOIN app.board_master_x_user_master us ON us.board_master_id = b.board_master_id AND us.user_master_id = $1
    LEFT JOIN app.board_master_x_role_master rs ON rs.board_master_id = b.board_master_id AND rs.role_master_id = $2
   WHERE o.customer_master_id = $3
     AND (b.created_by = $1
          OR (b.is_enabled AND (us.board_master_x_user_master_id IS NOT NULL
                                OR rs.board_master_x_role_master_id IS NOT NULL
                                OR b.is_public)))`;

const viewerParams = (viewer: Viewer) => [viewer.userMasterId, viewer.roleMasterId, viewer.customerMasterId];

/** Boards the viewer sees, in creation order; of one section when given. */
export async function visibleBoards(db: Queryable, viewer: Viewer, sectionMasterId?: number): Promise<Board[]> {
  const params: unknown[] = viewerParams(viewer);
  let sql = VISIBLE_BOARDS;
  if (sectionMasterId !== undefined) {
    params.push(sectionMasterId);
    sql += ' AND b.section_master_id = $4';
  }
  const { rows } = await db.query<Board>(`${sql} ORDER BY b.section_master_id, b.board_master_id`, params);
  return rows;
}

/** One board the viewer sees, or null (never reveals that another user's board exists). */
export async function visibleBoard(db: Queryable, viewer: Viewer, boardMasterId: number): Promise<Board | null> {
  const { rows } = await db.query<Board>(`${VISIBLE_BOARDS} AND b.board_master_id = $4`, [...viewerParams(viewer), boardMasterId]);
  return rows[0] ?? null;
}

export type BoardNeed = 'see' | 'edit' | 'own';

/**
 * Seed 000 §6: changing a board, its cards or its components needs the board's canEdit (or
 * ownership) and the user's AllowPageEditing — a board shared with canEdit does not let a user
 * without AllowPageEditing change it.
 */
async function requireChange(db: Queryable, viewer: Viewer, board: Board, need: BoardNeed): Promise<void> {
  if (need === 'see') return;
  if (need === 'edit' && !board.canEdit) throw new HttpError(403, NO_EDIT_PERMISSION);
  if (need === 'own' && !board.isBoardOwner) throw new HttpError(403, 'Only the owner of this board can delete it.');
  await requirePageEditing(db, viewer);
}

/** The board when the viewer may do what he asks: 404 when he cannot see it, 403 when he may not change it. */
export async function requireBoard(db: Queryable, viewer: Viewer, boardMasterId: number, need: BoardNeed): Promise<Board> {
  const board = await visibleBoard(db, viewer, boardMasterId);
  if (!board) throw new HttpError(404, `Board ${boardMasterId} was not found`);
  await requireChange(db, viewer, board, need);
  return board;
}

/** The board of a card, checked like requireBoard; an unknown or invisible card is 404. */
export async function requireCardBoard(db: Queryable, viewer: Viewer, cardMasterId: number, need: BoardNeed): Promise<Board> {
  const { rows } = await db.query<{ boardMasterId: number }>(
    'SELECT board_master_id AS "boardMasterId" FROM app.card_master WHERE card_master_id = $1',
    [cardMasterId],
  );
  const board = rows[0] && (await visibleBoard(db, viewer, rows[0].boardMasterId));
  if (!board) throw new HttpError(404, `Card ${cardMasterId} was not found`);
  await requireChange(db, viewer, board, need === 'see' ? 'see' : 'edit');
  return board;
}

/** The instance's card and board, checked like requireBoard; unknown or invisible is 404. */
export async function requireInstanceBoard(
  db: Queryable,
  viewer: Viewer,
  componentInstanceId: number,
  need: BoardNeed,
): Promise<{ board: Board; cardMasterId: number }> {
  const { rows } = await db.query<{ boardMasterId: number; cardMasterId: number }>(
    `SELECT c.board_master_id AS "boardMasterId", c.card_master_id AS "cardMasterId"
       FROM app.component_instance i JOIN app.card_master c USING (card_master_id)
      WHERE i.component_instance_id = $1`,
    [componentInstanceId],
  );
  const board = rows[0] && (await visibleBoard(db, viewer, rows[0].boardMasterId));
  if (!board) throw new HttpError(404, `Component instance ${componentInstanceId} was not found`);
  await requireChange(db, viewer, board, need === 'see' ? 'see' : 'edit');
  return { board, cardMasterId: rows[0]!.cardMasterId };
}

/** A name as saved: trimmed, and never empty. */
export function cleanName(value: string, field: string): string {
  const name = value.trim();
  if (!name) throw new HttpError(400, `body.${field} must not be empty`);
  return name;
}

/** Runs fn in one transaction on one client (the embedded pool has a single connection). */
export async function inTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Boards in the user's saved order: ids of a saved JSON array first, the rest in creation
 * order. A saved order that is not a JSON array of ids is logged and ignored.
 */
export function orderBoards<B extends { boardMasterId: number }>(
  boards: B[],
  savedOrder: string | null | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
  context: Record<string, unknown> = {},
): B[] {
  if (savedOrder === null || savedOrder === undefined || savedOrder === '') return boards;
  let ids: unknown;
  try {
    ids = JSON.parse(savedOrder);
  } catch {
    ids = undefined;
  }
  const valid =
    Array.isArray(ids) &&
    ids.every((id) => (typeof id === 'number' && Number.isInteger(id)) || (typeof id === 'string' && /^\d+$/.test(id)));
  if (!valid) {
    log.warn({ ...context, displayOrder: savedOrder.slice(0, 200) }, 'corrupt board display order; using the default order');
    return boards;
  }
  const rank = new Map<number, number>();
  (ids as unknown[]).forEach((id, index) => {
    if (!rank.has(Number(id))) rank.set(Number(id), index);
  });
  const ranked = boards.filter((b) => rank.has(b.boardMasterId)).sort((a, b) => rank.get(a.boardMasterId)! - rank.get(b.boardMasterId)!);
  return [...ranked, ...boards.filter((b) => !rank.has(b.boardMasterId))];
}

/** The viewer's saved display orders, by section. */
export async function savedOrders(db: Queryable, viewer: Viewer, sectionMasterId?: number): Promise<Map<number, string>> {
  const { rows } = await db.query<{ sectionMasterId: number; displayOrder: string }>(
    `SELECT section_master_id AS "sectionMasterId", display_order AS "displayOrder"
       FROM app.board_user_display WHERE user_master_id = $1 AND ($2::int IS NULL OR section_master_id = $2)`,
    [viewer.userMasterId, sectionMasterId ?? null],
  );
  return new Map(rows.map((r) => [r.sectionMasterId, r.displayOrder]));
}

/** The section's boards the viewer sees, in his order. */
export async function orderedSectionBoards(
  db: Queryable,
  viewer: Viewer,
  sectionMasterId: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Board[]> {
  const boards = await visibleBoards(db, viewer, sectionMasterId);
  const saved = await savedOrders(db, viewer, sectionMasterId);
  return orderBoards(boards, saved.get(sectionMasterId), log, { userMasterId: viewer.userMasterId, sectionMasterId });
}
