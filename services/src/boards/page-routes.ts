import type { FastifyInstance } from 'fastify';
import { dynamicPage, dynamicPageDefault, type Board } from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { loadViewer, orderedSectionBoards, requireBoard, requireSection, type Queryable } from './board-access.ts';
import { loadCards, loadMasters } from './board-content.ts';

/** Everything a board page needs: the board, its cards with their instances, and the masters used. */
async function pageOf(db: Queryable, board: Board) {
  const cards = await loadCards(db, board.boardMasterId);
  const used = [...new Set(cards.flatMap((c) => c.componentInstances.map((i) => i.componentMasterId)))];
  return { board, cards, components: await loadMasters(db, used) };
}

export async function pageRoutes(app: FastifyInstance): Promise<void> {
  serve(app, dynamicPage, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    return pageOf(db, await requireBoard(db, viewer, request.params.boardMasterId, 'see'));
  });

  /** The user's default board of the section, else his first board in his order. */
  serve(app, dynamicPageDefault, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireSection(db, request.params.sectionMasterId);
    const boards = await orderedSectionBoards(db, viewer, request.params.sectionMasterId, request.log);
    const board = boards.find((b) => b.isBoardDefault) ?? boards[0];
    if (!board) throw new HttpError(404, 'No boards exist for this section');
    return pageOf(db, board);
  });
}
