import type { FastifyInstance } from 'fastify';
import {
  globalFilterCopy,
  globalFilterCreate,
  globalFilterDelete,
  globalFilterFilterList,
  globalFilterGet,
  globalFilterList,
  globalFilterShareList,
  globalFilterUpdate,
} from '@tradeboard/shared/contracts';
import { serve } from '../platform/route.ts';
import { cleanName, inTransaction, loadViewer, type Queryable, type Viewer } from '../boards/board-access.ts';
import { cleanFilters, filterMasters, requireGlobalFilter, visibleFilters } from './filter-access.ts';

/** Makes the filter the user's one default, or clears it when it is his default. */
async function setDefault(db: Queryable, viewer: Viewer, globalFilterId: number, isDefault: boolean): Promise<void> {
  if (isDefault) {
    await db.query(
      `INSERT INTO app.global_filter_user_default (user_master_id, global_filter_id) VALUES ($1, $2)
       ON CONFLICT (user_master_id) DO UPDATE SET global_filter_id = EXCLUDED.global_filter_id`,
      [viewer.userMasterId, globalFilterId],
    );
  } else {
    await db.query('DELETE FROM app.global_filter_user_default WHERE user_master_id = $1 AND global_filter_id = $2', [
      viewer.userMasterId,
      globalFilterId,
    ]);
  }
}

async function insertFilter(db: Queryable, viewer: Viewer, name: string, filters: unknown): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO app.global_filter (global_filter_name, filters, created_by) VALUES ($1, $2, $3) RETURNING global_filter_id AS id',
    [name, JSON.stringify(filters), viewer.userMasterId],
  );
  return rows[0]!.id;
}

/** Global filters (seed 001 §7.9): the user's own and shared ones, copies and his default. */
export async function globalFilterRoutes(app: FastifyInstance): Promise<void> {
  serve(app, globalFilterList, async (request) => {
    const { db } = request.server;
    return visibleFilters(db, await loadViewer(db, request.user.userMasterId));
  });

  serve(app, globalFilterShareList, async (request) => {
    const { db } = request.server;
    return visibleFilters(db, await loadViewer(db, request.user.userMasterId), true);
  });

  serve(app, globalFilterFilterList, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    return filterMasters(db, viewer.customerMasterId, viewer.roleMasterId);
  });

  serve(app, globalFilterGet, async (request) => {
    const { db } = request.server;
    return requireGlobalFilter(db, await loadViewer(db, request.user.userMasterId), request.params.globalFilterId, 'see');
  });

  serve(app, globalFilterCreate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const name = cleanName(request.body.globalFilterName, 'globalFilterName');
    const filters = await cleanFilters(db, viewer, request.body.filters);
    const id = await inTransaction(db, async (client) => {
      const created = await insertFilter(client, viewer, name, filters);
      if (request.body.isDefault) await setDefault(client, viewer, created, true);
      return created;
    });
    return requireGlobalFilter(db, viewer, id, 'see');
  });

  serve(app, globalFilterUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { globalFilterId } = request.params;
    const { globalFilterName, filters, isDefault } = request.body;
    const changesFilter = globalFilterName !== undefined || filters !== undefined;
    await requireGlobalFilter(db, viewer, globalFilterId, changesFilter ? 'edit' : 'see');
    const name = globalFilterName === undefined ? null : cleanName(globalFilterName, 'globalFilterName');
    const cleaned = filters === undefined ? null : JSON.stringify(await cleanFilters(db, viewer, filters));
    await inTransaction(db, async (client) => {
      if (changesFilter) {
        await client.query(
          `UPDATE app.global_filter SET global_filter_name = coalesce($2, global_filter_name), filters = coalesce($3::jsonb, filters)
            WHERE global_filter_id = $1`,
          [globalFilterId, name, cleaned],
        );
      }
      if (isDefault !== undefined) await setDefault(client, viewer, globalFilterId, isDefault);
    });
    return requireGlobalFilter(db, viewer, globalFilterId, 'see');
  });

  serve(app, globalFilterDelete, async (request, reply) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    await requireGlobalFilter(db, viewer, request.params.globalFilterId, 'own');
    await db.query('DELETE FROM app.global_filter WHERE global_filter_id = $1', [request.params.globalFilterId]);
    return reply.status(204).send();
  });

  serve(app, globalFilterCopy, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const source = await requireGlobalFilter(db, viewer, request.body.globalFilterId, 'see');
    const id = await inTransaction(db, async (client) => {
      const copy = await insertFilter(client, viewer, `${source.globalFilterName} (copy)`, source.filters);
      if (request.body.copyShares) {
        // The shares as they are, less the new owner himself.
        await client.query(
          `INSERT INTO app.global_filter_x_user_master (global_filter_id, user_master_id, can_edit)
           SELECT $1, user_master_id, can_edit FROM app.global_filter_x_user_master
            WHERE global_filter_id = $2 AND user_master_id <> $3`,
          [copy, source.id, viewer.userMasterId],
        );
        await client.query(
          `INSERT INTO app.global_filter_x_role_master (global_filter_id, role_master_id, can_edit)
           SELECT $1, role_master_id, can_edit FROM app.global_filter_x_role_master WHERE global_filter_id = $2`,
          [copy, source.id],
        );
      }
      return copy;
    });
    return requireGlobalFilter(db, viewer, id, 'see');
  });
}
