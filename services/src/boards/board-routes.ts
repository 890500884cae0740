import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  boardAdd,
  boardAll,
  boardCopy,
  boardCreateFromTemplate,
  boardDisplayAdd,
  boardDisplayGet,
  boardGet,
  boardList,
  boardRemove,
  boardRemoveDefault,
  boardSetDefault,
  boardTemplateList,
  boardUpdate,
} from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { buildCards, type BoardDefinition } from './board-content.ts';
import { serve } from '../platform/route.ts';
import {
  cleanName,
  inTransaction,
  loadViewer,
  orderBoards,
  orderedSectionBoards,
  requireBoard,
  requirePageEditing,
  requireSection,
  savedOrders,
  visibleBoard,
  visibleBoards,
  type Viewer,
} from './board-access.ts';

async function insertBoard(
  client: pg.PoolClient,
  owner: number,
  sectionMasterId: number,
  boardName: string,
  isPublic: boolean,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO app.board_master (board_name, section_master_id, created_by, is_public)
     VALUES ($1, $2, $3, $4) RETURNING board_master_id AS id`,
    [boardName, sectionMasterId, owner, isPublic],
  );
  return rows[0]!.id;
}

async function boardFor(client: pg.PoolClient, viewer: Viewer, boardMasterId: number) {
  const board = await visibleBoard(client, viewer, boardMasterId);
  if (!board) throw new Error(`board ${boardMasterId} vanished`);
  return board;
}

export async function boardRoutes(app: FastifyInstance): Promise<void> {
  serve(app, boardList, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireSection(db, request.params.sectionMasterId);
    return orderedSectionBoards(db, viewer, request.params.sectionMasterId, request.log);
  });

  serve(app, boardAll, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const boards = await visibleBoards(db, viewer);
    const saved = await savedOrders(db, viewer);
    const sections = [...new Set(boards.map((b) => b.sectionMasterId))];
    return sections.flatMap((sectionMasterId) =>
      orderBoards(
        boards.filter((b) => b.sectionMasterId === sectionMasterId),
        saved.get(sectionMasterId),
        request.log,
        { userMasterId: viewer.userMasterId, sectionMasterId },
      ),
    );
  });

  serve(app, boardGet, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    return requireBoard(db, viewer, request.params.boardMasterId, 'see');
  });

  serve(app, boardAdd, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const boardName = cleanName(request.body.boardName, 'boardName');
    await requirePageEditing(db, viewer);
    await requireSection(db, request.body.sectionId);
    return inTransaction(db, async (client) => {
      const id = await insertBoard(client, viewer.userMasterId, request.body.sectionId, boardName, false);
      return boardFor(client, viewer, id);
    });
  });

  serve(app, boardUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const boardName = cleanName(request.body.boardName, 'boardName');
    const board = await requireBoard(db, viewer, request.body.id, 'edit');
    await db.query('UPDATE app.board_master SET board_name = $2, is_enabled = $3 WHERE board_master_id = $1', [
      request.body.id,
      boardName,
      request.body.isEnabled,
    ]);
    // Answered from what was checked: an editor who disables a board no longer sees it afterwards.
    return { ...board, boardName, isEnabled: request.body.isEnabled };
  });

  serve(app, boardRemove, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireBoard(db, viewer, request.params.boardMasterId, 'own');
    await db.query('DELETE FROM app.board_master WHERE board_master_id = $1', [request.params.boardMasterId]);
    return reply.status(204).send();
  });

  serve(app, boardCopy, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requirePageEditing(db, viewer);
    const source = await requireBoard(db, viewer, request.body.boardMasterId, 'see');
    return inTransaction(db, async (client) => {
      const id = await insertBoard(client, viewer.userMasterId, source.sectionMasterId, `${source.boardName} (copy)`, false);
      const { rows: cards } = await client.query<{ id: number }>(
        'SELECT card_master_id AS id FROM app.card_master WHERE board_master_id = $1 ORDER BY display_order, card_master_id',
        [source.boardMasterId],
      );
      for (const card of cards) {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO app.card_master (board_master_id, card_name, display_order, is_expanded, layout_x, layout_y, layout_w, layout_h)
           SELECT $1, card_name, display_order, is_expanded, layout_x, layout_y, layout_w, layout_h
             FROM app.card_master WHERE card_master_id = $2
           RETURNING card_master_id AS id`,
          [id, card.id],
        );
        await client.query(
          `INSERT INTO app.component_instance (card_master_id, component_master_id, component_instance_name, display_order, configs)
           SELECT $1, component_master_id, component_instance_name, display_order, configs
             FROM app.component_instance WHERE card_master_id = $2 ORDER BY display_order, component_instance_id`,
          [rows[0]!.id, card.id],
        );
      }
      if (request.body.copyShares) {
        await client.query(
          `INSERT INTO app.board_master_x_user_master (board_master_id, user_master_id, can_edit)
           SELECT $1, user_master_id, can_edit FROM app.board_master_x_user_master
            WHERE board_master_id = $2 AND user_master_id <> $3`,
          [id, source.boardMasterId, viewer.userMasterId],
        );
        await client.query(
          `INSERT INTO app.board_master_x_role_master (board_master_id, role_master_id, can_edit)
           SELECT $1, role_master_id, can_edit FROM app.board_master_x_role_master WHERE board_master_id = $2`,
          [id, source.boardMasterId],
        );
      }
      return boardFor(client, viewer, id);
    });
  });

  serve(app, boardTemplateList, async (request) => {
    const { db } = request.server;
    await requireSection(db, request.params.sectionMasterId);
    const { rows } = await db.query<{ boardTemplateId: number; boardTemplateName: string }>(
      `SELECT board_template_id AS "boardTemplateId", board_template_name AS "boardTemplateName"
         FROM app.board_template WHERE section_master_id = $1 ORDER BY board_template_name, board_template_id`,
      [request.params.sectionMasterId],
    );
    if (rows.length === 0) throw new HttpError(404, 'No board templates exist for this section');
    return rows;
  });

  serve(app, boardCreateFromTemplate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const boardName = cleanName(request.body.boardName, 'boardName');
    await requirePageEditing(db, viewer);
    const { rows } = await db.query<{ sectionMasterId: number; definition: BoardDefinition }>(
      `SELECT section_master_id AS "sectionMasterId", definition FROM app.board_template WHERE board_template_id = $1`,
      [request.body.boardTemplateId],
    );
    const template = rows[0];
    if (!template) throw new HttpError(404, `Board template ${request.body.boardTemplateId} was not found`);
    return inTransaction(db, async (client) => {
      const id = await insertBoard(client, viewer.userMasterId, template.sectionMasterId, boardName, request.body.isPublic);
      await buildCards(client, id, template.definition ?? {});
      return boardFor(client, viewer, id);
    });
  });

  serve(app, boardSetDefault, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { sectionMasterId, boardMasterId } = request.params;
    const board = await requireBoard(db, viewer, boardMasterId, 'see');
    if (board.sectionMasterId !== sectionMasterId) {
      throw new HttpError(400, `params.boardMasterId: board ${boardMasterId} is not in section ${sectionMasterId}`);
    }
    await db.query(
      `INSERT INTO app.board_user_default (user_master_id, section_master_id, board_master_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_master_id, section_master_id) DO UPDATE SET board_master_id = EXCLUDED.board_master_id`,
      [viewer.userMasterId, sectionMasterId, boardMasterId],
    );
    return reply.status(204).send();
  });

  serve(app, boardRemoveDefault, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireBoard(db, viewer, request.params.boardMasterId, 'see');
    await db.query('DELETE FROM app.board_user_default WHERE user_master_id = $1 AND board_master_id = $2', [
      viewer.userMasterId,
      request.params.boardMasterId,
    ]);
    return reply.status(204).send();
  });

  serve(app, boardDisplayAdd, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireSection(db, request.body.sectionMasterId);
    await db.query(
      `INSERT INTO app.board_user_display (user_master_id, section_master_id, display_order) VALUES ($1, $2, $3)
       ON CONFLICT (user_master_id, section_master_id) DO UPDATE SET display_order = EXCLUDED.display_order, updated_at = now()`,
      [viewer.userMasterId, request.body.sectionMasterId, request.body.displayOrder],
    );
    return reply.status(204).send();
  });

  serve(app, boardDisplayGet, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { sectionMasterId } = request.query;
    await requireSection(db, sectionMasterId);
    const saved = await savedOrders(db, viewer, sectionMasterId);
    return { sectionMasterId, displayOrder: saved.get(sectionMasterId) ?? null };
  });
}
