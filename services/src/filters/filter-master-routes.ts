import type { FastifyInstance } from 'fastify';
import {
  filterMasterAdd,
  filterMasterGetExact,
  filterMasterList,
  filterMasterRemove,
  filterMasterResetDefault,
  filterMasterUpdate,
  globalFilterAddCustomMasterExclusions,
  globalFilterAddMasterExclusions,
  globalFilterCustomGroupByList,
  globalFilterGroupByFilterValues,
  globalFilterGroupByFilterValuesAdmin,
  globalFilterMasterExclusions,
  type FilterMaster,
} from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { cleanName, inTransaction, loadViewer, type Queryable, type Viewer } from '../boards/board-access.ts';
import {
  ensureCatalogue,
  FILTER_MASTER_COLUMNS,
  FILTER_MASTER_ORDER,
  filterMasters,
  requireAdministrator,
  requireOwnOrganization,
  requireRole,
  writeDefaultFilterMasters,
} from './filter-access.ts';

/** An administrator of the caller's organization, with its catalogue in place. */
async function adminViewer(db: Queryable, userMasterId: number): Promise<Viewer> {
  const viewer = await loadViewer(db, userMasterId);
  await requireAdministrator(db, viewer);
  await ensureCatalogue(db, viewer.customerMasterId);
  return viewer;
}

/** One of the organization's filter masters; another organization's is answered as unknown. */
async function filterMaster(db: Queryable, viewer: Viewer, filterMasterId: number): Promise<FilterMaster> {
  const { rows } = await db.query<FilterMaster>(
    `SELECT ${FILTER_MASTER_COLUMNS} FROM app.filter_master f WHERE f.filter_master_id = $1 AND f.customer_master_id = $2`,
    [filterMasterId, viewer.customerMasterId],
  );
  if (!rows[0]) throw new HttpError(404, `Filter master ${filterMasterId} was not found`);
  return rows[0];
}

/** A dynamicData field reads its values from a column, and only it has one. */
function dynamicColumn(body: { filterType: string; dynamicDataColumn?: string | null }): string | null {
  if (body.filterType === 'dynamicData' && !body.dynamicDataColumn) {
    throw new HttpError(400, 'body.dynamicDataColumn is required when filterType is dynamicData');
  }
  return body.filterType === 'dynamicData' ? body.dynamicDataColumn! : null;
}

/** The organization's masters, each marked whether the role may not use it. */
async function exclusions(db: Queryable, viewer: Viewer, roleMasterId: number) {
  const { rows } = await db.query<FilterMaster & { isExcluded: boolean }>(
    `SELECT ${FILTER_MASTER_COLUMNS},
            EXISTS (SELECT 1 FROM app.filter_master_role_exclusion e
                     WHERE e.filter_master_id = f.filter_master_id AND e.role_master_id = $2) AS "isExcluded"
       FROM app.filter_master f WHERE f.customer_master_id = $1 ${FILTER_MASTER_ORDER}`,
    [viewer.customerMasterId, roleMasterId],
  );
  return rows;
}

/** Replaces the role's exclusions among the organization's built-in or custom masters. */
async function setExclusions(db: Db, viewer: Viewer, body: { roleMasterId: number; filterMasterIds: number[] }, custom: boolean) {
  await requireRole(db, body.roleMasterId);
  const { rows } = await db.query<{ id: number }>(
    'SELECT filter_master_id AS id FROM app.filter_master WHERE customer_master_id = $1 AND is_custom = $2',
    [viewer.customerMasterId, custom],
  );
  const known = new Set(rows.map((r) => r.id));
  const unknown = body.filterMasterIds.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new HttpError(400, `body.filterMasterIds: ${unknown} is not one of your organization's ${custom ? 'custom' : 'built-in'} filter masters`);
  }
  await inTransaction(db, async (client) => {
    await client.query('DELETE FROM app.filter_master_role_exclusion WHERE role_master_id = $1 AND filter_master_id = ANY($2::int[])', [
      body.roleMasterId,
      [...known],
    ]);
    await client.query(
      `INSERT INTO app.filter_master_role_exclusion (role_master_id, filter_master_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [body.roleMasterId, body.filterMasterIds],
    );
  });
  return exclusions(db, viewer, body.roleMasterId);
}

/** The filter-master catalogue (administrators), role exclusions and the group-by lists. */
export async function filterMasterRoutes(app: FastifyInstance): Promise<void> {
  serve(app, filterMasterList, async (request) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    return filterMasters(db, viewer.customerMasterId);
  });

  serve(app, filterMasterGetExact, async (request) => {
    const { db } = request.server;
    return filterMaster(db, await adminViewer(db, request.user.userMasterId), request.params.filterMasterId);
  });

  serve(app, filterMasterAdd, async (request) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    const { filterName, displayName, filterType, displayOrder } = request.body;
    const column = dynamicColumn(request.body);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO app.filter_master (customer_master_id, filter_name, display_name, filter_type, dynamic_data_column, display_order, is_custom)
       SELECT $1, $2, $3, $4, $5, coalesce($6, (SELECT coalesce(max(display_order), 0) + 10 FROM app.filter_master WHERE customer_master_id = $1)), true
        WHERE NOT EXISTS (SELECT 1 FROM app.filter_master WHERE customer_master_id = $1 AND lower(filter_name) = lower($2))
       RETURNING filter_master_id AS id`,
      [viewer.customerMasterId, filterName, cleanName(displayName, 'displayName'), filterType, column, displayOrder ?? null],
    );
    if (!rows[0]) throw new HttpError(400, `body.filterName '${filterName}' is already a field of the catalogue`);
    return filterMaster(db, viewer, rows[0].id);
  });

  serve(app, filterMasterUpdate, async (request) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    const { filterMasterId, displayName, filterType, displayOrder } = request.body;
    await filterMaster(db, viewer, filterMasterId);
    await db.query(
      `UPDATE app.filter_master SET display_name = $2, filter_type = $3, dynamic_data_column = $4,
              display_order = coalesce($5, display_order)
        WHERE filter_master_id = $1`,
      [filterMasterId, cleanName(displayName, 'displayName'), filterType, dynamicColumn(request.body), displayOrder ?? null],
    );
    return filterMaster(db, viewer, filterMasterId);
  });

  serve(app, filterMasterRemove, async (request, reply) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    await filterMaster(db, viewer, request.params.filterMasterId);
    await db.query('DELETE FROM app.filter_master WHERE filter_master_id = $1', [request.params.filterMasterId]);
    return reply.status(204).send();
  });

  serve(app, filterMasterResetDefault, async (request) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    await inTransaction(db, async (client) => {
      await client.query('DELETE FROM app.filter_master WHERE customer_master_id = $1 AND is_custom', [viewer.customerMasterId]);
      await writeDefaultFilterMasters(client, viewer.customerMasterId);
    });
    return filterMasters(db, viewer.customerMasterId);
  });

  serve(app, globalFilterMasterExclusions, async (request) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    await requireRole(db, request.params.roleMasterId);
    return exclusions(db, viewer, request.params.roleMasterId);
  });

  serve(app, globalFilterAddMasterExclusions, async (request) => {
    const { db } = request.server;
    return setExclusions(db, await adminViewer(db, request.user.userMasterId), request.body, false);
  });

  serve(app, globalFilterAddCustomMasterExclusions, async (request) => {
    const { db } = request.server;
    return setExclusions(db, await adminViewer(db, request.user.userMasterId), request.body, true);
  });

  serve(app, globalFilterCustomGroupByList, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    const { roleMasterId, customerMasterId } = request.params;
    requireOwnOrganization(viewer, customerMasterId);
    if (roleMasterId !== viewer.roleMasterId) {
      await requireAdministrator(db, viewer);
      await requireRole(db, roleMasterId);
    }
    return (await filterMasters(db, customerMasterId, roleMasterId)).filter((m) => m.isCustom);
  });

  serve(app, globalFilterGroupByFilterValues, async (request) => {
    const { db } = request.server;
    const viewer = await loadViewer(db, request.user.userMasterId);
    requireOwnOrganization(viewer, request.params.customerMasterId);
    return filterMasters(db, viewer.customerMasterId, viewer.roleMasterId);
  });

  serve(app, globalFilterGroupByFilterValuesAdmin, async (request) => {
    const { db } = request.server;
    const viewer = await adminViewer(db, request.user.userMasterId);
    requireOwnOrganization(viewer, request.params.customerMasterId);
    return filterMasters(db, viewer.customerMasterId);
  });
}
