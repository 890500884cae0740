import type { FastifyInstance } from 'fastify';
import { cardAdd, cardExpandToggle, cardLayout, cardRemove, cardSequence, cardUpdate } from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { cleanName, inTransaction, loadViewer, requireBoard, requireCardBoard } from './board-access.ts';
import { loadCards, renumber } from './board-content.ts';

export async function cardRoutes(app: FastifyInstance): Promise<void> {
  /** Adds a card at displayOrder: "add above" sends the card's order, "add below" order + 1. */
  serve(app, cardAdd, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { boardMasterId, displayOrder } = request.body;
    const cardName = cleanName(request.body.cardName, 'cardName');
    await requireBoard(db, viewer, boardMasterId, 'edit');
    return inTransaction(db, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO app.card_master (board_master_id, card_name, display_order) VALUES ($1, $2, $3) RETURNING card_master_id AS id`,
        [boardMasterId, cardName, displayOrder],
      );
      const id = rows[0]!.id;
      await renumber(client, 'card', boardMasterId, { id, position: displayOrder });
      return (await loadCards(client, boardMasterId, id))[0]!;
    });
  });

  /** Renames a card; a displayOrder different from the saved one moves it there. */
  serve(app, cardUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { boardMasterId, cardMasterId, displayOrder } = request.body;
    const cardName = cleanName(request.body.cardName, 'cardName');
    const board = await requireCardBoard(db, viewer, cardMasterId, 'edit');
    if (board.boardMasterId !== boardMasterId) throw new HttpError(404, `Card ${cardMasterId} was not found on board ${boardMasterId}`);
    return inTransaction(db, async (client) => {
      const { rows } = await client.query<{ displayOrder: number }>(
        'UPDATE app.card_master SET card_name = $2 WHERE card_master_id = $1 RETURNING display_order AS "displayOrder"',
        [cardMasterId, cardName],
      );
      if (rows[0]!.displayOrder !== displayOrder) await renumber(client, 'card', boardMasterId, { id: cardMasterId, position: displayOrder });
      return (await loadCards(client, boardMasterId, cardMasterId))[0]!;
    });
  });

  serve(app, cardRemove, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const board = await requireCardBoard(db, viewer, request.params.cardMasterId, 'edit');
    await inTransaction(db, async (client) => {
      await client.query('DELETE FROM app.card_master WHERE card_master_id = $1', [request.params.cardMasterId]);
      await renumber(client, 'card', board.boardMasterId);
    });
    return reply.status(204).send();
  });

  serve(app, cardSequence, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { cardMasterId, sequence } = request.params;
    const board = await requireCardBoard(db, viewer, cardMasterId, 'edit');
    await inTransaction(db, (client) => renumber(client, 'card', board.boardMasterId, { id: cardMasterId, position: sequence }));
    return reply.status(204).send();
  });

  serve(app, cardExpandToggle, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireCardBoard(db, viewer, request.params.cardMasterId, 'edit');
    await db.query('UPDATE app.card_master SET is_expanded = $2 WHERE card_master_id = $1', [request.params.cardMasterId, request.params.isExpanded]);
    return reply.status(204).send();
  });

  /** Saves grid positions of the board's cards; any id of another board refuses the whole call. */
  serve(app, cardLayout, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { boardMasterId, layouts } = request.body;
    await requireBoard(db, viewer, boardMasterId, 'edit');
    const ids = layouts.map((l) => l.cardMasterId);
    if (new Set(ids).size !== ids.length) throw new HttpError(400, 'body.layouts must name each card once');
    const { rows } = await db.query<{ id: number }>(
      'SELECT card_master_id AS id FROM app.card_master WHERE board_master_id = $1 AND card_master_id = ANY($2::int[])',
      [boardMasterId, ids],
    );
    const found = new Set(rows.map((r) => r.id));
    const stranger = ids.find((id) => !found.has(id));
    if (stranger !== undefined) throw new HttpError(404, `Card ${stranger} was not found on board ${boardMasterId}`);
    if (layouts.length > 0) {
      await db.query(
        `UPDATE app.card_master c SET layout_x = l.x, layout_y = l.y, layout_w = l.w, layout_h = l.h
           FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[]) AS l(id, x, y, w, h)
          WHERE c.card_master_id = l.id AND c.board_master_id = $1`,
        [boardMasterId, ids, layouts.map((l) => l.x), layouts.map((l) => l.y), layouts.map((l) => l.w), layouts.map((l) => l.h)],
      );
    }
    return reply.status(204).send();
  });
}
