import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userFiltersCreate, userFiltersList, userFiltersRemove, userFiltersUpdate } from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { adminAudit } from './admin-area-routes.ts';
import type { Admin } from './rights.ts';

type FilterRow = { filterId: number; userMasterId: number; filterType: string; columnName: string; values: string[] };

/**
 * Who may reach whose report filters: `right` refuses (403) a caller without the permission before
 * anything is looked up; `user` answers the user he may read or change (404 for one he may not).
 */
export type FilterReach = {
  right: (request: FastifyRequest, write: boolean) => Promise<Admin>;
  user: (request: FastifyRequest, admin: Admin, userMasterId: number, write: boolean) => Promise<number>;
};

type FilterContracts = { list: typeof userFiltersList; create: typeof userFiltersCreate; update: typeof userFiltersUpdate; remove: typeof userFiltersRemove };

const FILTER_SELECT = `SELECT filter_id AS "filterId", user_master_id AS "userMasterId", filter_type AS "filterType", column_name AS "columnName", filter_values AS values FROM app.user_filter`;

/**
 * A user's report filters (app.user_filter): User/Filters for the organization's administrators,
 * OrganizationSwitcher/Filters for organization staff (the same calls, another reach).
 */
export function serveUserFilters(app: FastifyInstance, contracts: FilterContracts, reach: FilterReach): void {
  const db = () => app.db;
  const filterOf = async (request: FastifyRequest, admin: Admin, filterId: number, write: boolean): Promise<FilterRow> => {
    const { rows } = await db().query<FilterRow>(`${FILTER_SELECT} WHERE filter_id = $1`, [filterId]);
    try {
      if (rows[0]) await reach.user(request, admin, rows[0].userMasterId, write);
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
      rows.length = 0;
    }
    if (!rows[0]) throw new HttpError(404, `Filter ${filterId} does not exist.`);
    return rows[0];
  };

  serve(app, contracts.list, async (request) => {
    const admin = await reach.right(request, false);
    const userMasterId = await reach.user(request, admin, request.params.userMasterId, false);
    const { rows } = await db().query(`${FILTER_SELECT} WHERE user_master_id = $1 AND filter_type = $2 ORDER BY filter_id`, [userMasterId, request.params.filterType]);
    return rows as never;
  });
  serve(app, contracts.create, async (request) => {
    const admin = await reach.right(request, true);
    const userMasterId = await reach.user(request, admin, request.params.userId, true);
    const { filterType, columnName, values } = request.body;
    const column = await db().query('SELECT 1 FROM app.user_report_filter_column WHERE filter_type = $1 AND column_name = $2 AND is_active', [filterType, columnName]);
    if (!column.rows[0]) throw new HttpError(400, `${filterType} has no report filter column ${columnName}.`);
    const { rows } = await db().query<{ id: number }>(
      'INSERT INTO app.user_filter (user_master_id, filter_type, column_name, filter_values) VALUES ($1, $2, $3, $4) RETURNING filter_id AS id',
      [userMasterId, filterType, columnName, [...new Set(values)]],
    );
    await adminAudit(request, admin, 'user-updated', { userMasterId, filter: { filterType, columnName, values } });
    return filterOf(request, admin, rows[0]!.id, true);
  });
  serve(app, contracts.update, async (request) => {
    const admin = await reach.right(request, true);
    const userMasterId = await reach.user(request, admin, request.params.userId, true);
    const filter = await filterOf(request, admin, request.body.filterId, true);
    if (filter.userMasterId !== userMasterId) throw new HttpError(404, `Filter ${request.body.filterId} does not exist.`);
    await db().query('UPDATE app.user_filter SET filter_values = $2 WHERE filter_id = $1', [filter.filterId, [...new Set(request.body.values)]]);
    await adminAudit(request, admin, 'user-updated', { userMasterId, filterId: filter.filterId, values: request.body.values });
    return filterOf(request, admin, filter.filterId, true);
  });
  serve(app, contracts.remove, async (request, reply) => {
    const admin = await reach.right(request, true);
    const filter = await filterOf(request, admin, request.params.filterId, true);
    await db().query('DELETE FROM app.user_filter WHERE filter_id = $1', [filter.filterId]);
    await adminAudit(request, admin, 'user-updated', { userMasterId: filter.userMasterId, filterRemoved: filter.filterId });
    return reply.status(204).send();
  });
}
