import type { FastifyInstance } from 'fastify';
import {
  componentInstanceAdd,
  componentInstanceRemove,
  componentInstanceSequence,
  componentInstanceUpdate,
  componentList,
  type ComponentMaster,
} from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { cleanName, inTransaction, loadViewer, requireCardBoard, requireInstanceBoard, requireSection, type Queryable, type Viewer } from './board-access.ts';
import { loadInstance, MASTER_COLUMNS, renumber } from './board-content.ts';

/** A component master the viewer's role may use, or 404 / 403. */
async function usableMaster(db: Queryable, viewer: Viewer, componentMasterId: number): Promise<ComponentMaster> {
  const { rows } = await db.query<ComponentMaster & { excluded: boolean }>(
    `SELECT ${MASTER_COLUMNS},
            EXISTS (SELECT 1 FROM app.component_role_exclusion x
                     WHERE x.component_master_id = m.component_master_id AND x.role_master_id = $2) AS excluded
       FROM app.component_master m WHERE m.component_master_id = $1`,
    [componentMasterId, viewer.roleMasterId],
  );
  const master = rows[0];
  if (!master) throw new HttpError(404, `Component ${componentMasterId} was not found`);
  if (master.excluded) throw new HttpError(403, `The ${master.displayName} component is not available to your role.`);
  const { excluded: _excluded, ...rest } = master;
  return rest;
}

export async function componentRoutes(app: FastifyInstance): Promise<void> {
  serve(app, componentList, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireSection(db, request.params.sectionMasterId);
    const search = request.query.search?.trim() ?? '';
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await db.query<ComponentMaster>(
      `SELECT ${MASTER_COLUMNS}
         FROM app.component_master m
        WHERE m.show_in_component_library
          AND NOT EXISTS (SELECT 1 FROM app.component_role_exclusion x
                           WHERE x.component_master_id = m.component_master_id AND x.role_master_id = $1)
          AND ($2 = '' OR m.display_name ILIKE $3 OR m.description ILIKE $3 OR m.component_category ILIKE $3)
        ORDER BY m.component_category, m.display_name, m.component_master_id`,
      [viewer.roleMasterId, search, pattern],
    );
    return rows;
  });

  serve(app, componentInstanceAdd, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { cardMasterId, componentMasterId, configs } = request.body;
    const name = cleanName(request.body.componentInstanceName, 'componentInstanceName');
    await requireCardBoard(db, viewer, cardMasterId, 'edit');
    const master = await usableMaster(db, viewer, componentMasterId);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO app.component_instance (card_master_id, component_master_id, component_instance_name, display_order, configs)
       SELECT $1, $2, $3, coalesce(max(display_order) + 1, 0), $4::jsonb FROM app.component_instance WHERE card_master_id = $1
       RETURNING component_instance_id AS id`,
      [cardMasterId, componentMasterId, name, JSON.stringify(configs ?? master.configs)],
    );
    return (await loadInstance(db, rows[0]!.id))!;
  });

  /** Renames, saves the configuration, and moves within the card or to another card of the same board. */
  serve(app, componentInstanceUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { componentInstanceId, cardMasterId, displayOrder, configs } = request.body;
    const name = cleanName(request.body.componentInstanceName, 'componentInstanceName');
    const current = await requireInstanceBoard(db, viewer, componentInstanceId, 'edit');
    if (cardMasterId !== current.cardMasterId) {
      const target = await requireCardBoard(db, viewer, cardMasterId, 'edit').catch(() => null);
      if (!target || target.boardMasterId !== current.board.boardMasterId) {
        throw new HttpError(404, `Card ${cardMasterId} was not found on board ${current.board.boardMasterId}`);
      }
    }
    return inTransaction(db, async (client) => {
      const { rows } = await client.query<{ displayOrder: number }>(
        `UPDATE app.component_instance SET component_instance_name = $2, card_master_id = $3, configs = $4::jsonb
          WHERE component_instance_id = $1 RETURNING display_order AS "displayOrder"`,
        [componentInstanceId, name, cardMasterId, JSON.stringify(configs)],
      );
      const moved = cardMasterId !== current.cardMasterId;
      if (moved || rows[0]!.displayOrder !== displayOrder) {
        await renumber(client, 'instance', cardMasterId, { id: componentInstanceId, position: displayOrder });
      }
      if (moved) await renumber(client, 'instance', current.cardMasterId);
      return (await loadInstance(client, componentInstanceId))!;
    });
  });

  serve(app, componentInstanceRemove, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { cardMasterId } = await requireInstanceBoard(db, viewer, request.params.componentInstanceId, 'edit');
    await inTransaction(db, async (client) => {
      await client.query('DELETE FROM app.component_instance WHERE component_instance_id = $1', [request.params.componentInstanceId]);
      await renumber(client, 'instance', cardMasterId);
    });
    return reply.status(204).send();
  });

  serve(app, componentInstanceSequence, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { componentInstanceId, sequence } = request.params;
    const { cardMasterId } = await requireInstanceBoard(db, viewer, componentInstanceId, 'edit');
    await inTransaction(db, (client) => renumber(client, 'instance', cardMasterId, { id: componentInstanceId, position: sequence }));
    return reply.status(204).send();
  });
}
