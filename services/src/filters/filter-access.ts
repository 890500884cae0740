import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';
import type { Filter, FilterMaster, GlobalFilter } from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import type { Queryable, Viewer } from '../boards/board-access.ts';

/**
 * The one place that decides which global filters a user sees and what he may do with them
 * (the rule of the boards: within his organization, his own and those shared with him or his
 * role), and which filter masters his role may use.
 */

/** $1 user, $2 role, $3 organization. */
const VISIBLE_FILTERS = `
  SELECT g.global_filter_id AS id, g.global_filter_name AS "globalFilterName", g.filters,
         EXISTS (SELECT 1 FROM app.global_filter_user_default d
                  WHERE d.user_master_id = $1 AND d.global_filter_id = g.global_filter_id) AS "isDefault",
         g.created_by AS "createdBy", o.full_name AS "createdByName",
         g.created_by = $1 AS "isOwner",
         (g.created_by = $1 OR coalesce(us.can_edit, false) OR coalesce(rs.can_edit, false)) AS "canEdit",
         g.created_by <> $1 AS "isShared",
         (EXISTS (SELECT 1 FROM app.global_filter_x_user_master x WHERE x.global_filter_id = g.global_filter_id)
          OR EXISTS (SELECT 1 FROM app.global_filter_x_role_master x WHERE x.global_filter_id = g.global_filter_id)) AS "hasShares"
    FROM app.global_filter g
    JOIN app.user_master o ON o.user_master_id = g.created_by
    LEFT JOIN app.global_filter_x_user_master us ON us.global_filter_id = g.global_filter_id AND us.user_master_id = $1
    LEFT JOIN app.global_filter_x_role_master rs ON rs.global_filter_id = g.global_filter_id AND rs.role_master_id = $2
   WHERE o.customer_master_id = $3
     AND (g.created_by = $1 OR us.global_filter_x_user_master_id IS NOT NULL OR rs.global_filter_x_role_master_id IS NOT NULL)`;

const viewerParams = (viewer: Viewer) => [viewer.userMasterId, viewer.roleMasterId, viewer.customerMasterId];

/** The viewer's global filters: his own first, then the shared ones, each by name. */
export async function visibleFilters(db: Queryable, viewer: Viewer, sharedOnly = false): Promise<GlobalFilter[]> {
  const { rows } = await db.query<GlobalFilter>(
    `${VISIBLE_FILTERS} ${sharedOnly ? 'AND g.created_by <> $1' : ''}
     ORDER BY g.created_by <> $1, lower(g.global_filter_name), g.global_filter_id`,
    viewerParams(viewer),
  );
  return rows;
}

export type FilterNeed = 'see' | 'edit' | 'own';

/** The global filter when the viewer may do what he asks: 404 when he cannot see it, 403 when he may not change it. */
export async function requireGlobalFilter(db: Queryable, viewer: Viewer, globalFilterId: number, need: FilterNeed): Promise<GlobalFilter> {
  const { rows } = await db.query<GlobalFilter>(`${VISIBLE_FILTERS} AND g.global_filter_id = $4`, [...viewerParams(viewer), globalFilterId]);
  const filter = rows[0];
  if (!filter) throw new HttpError(404, `Global filter ${globalFilterId} was not found`);
  if (need === 'edit' && !filter.canEdit) throw new HttpError(403, 'You do not have permission to change this global filter.');
  if (need === 'own' && !filter.isOwner) throw new HttpError(403, 'Only the owner of this global filter can delete it.');
  return filter;
}

export async function isAdministrator(db: Queryable, viewer: Viewer): Promise<boolean> {
  const { rows } = await db.query<{ roleName: string; isAdmin: boolean }>(
    'SELECT role_name AS "roleName", is_admin AS "isAdmin" FROM app.role_master WHERE role_master_id = $1',
    [viewer.roleMasterId],
  );
  return Boolean(rows[0] && (rows[0].isAdmin || (ADMIN_ROLE_NAMES as readonly string[]).includes(rows[0].roleName)));
}

export async function requireAdministrator(db: Queryable, viewer: Viewer): Promise<void> {
  if (!(await isAdministrator(db, viewer))) {
    throw new HttpError(403, 'You do not have permission to manage filters. Contact your system administrator if you feel this is in error.');
  }
}

/** Another organization's id is answered like an unknown one. */
export function requireOwnOrganization(viewer: Viewer, customerMasterId: number): void {
  if (customerMasterId !== viewer.customerMasterId) throw new HttpError(404, `Organization ${customerMasterId} was not found`);
}

export async function requireRole(db: Queryable, roleMasterId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM app.role_master WHERE role_master_id = $1', [roleMasterId]);
  if (!rows[0]) throw new HttpError(404, `Role ${roleMasterId} was not found`);
}

// ── Filter masters ────────────────────────────────────────────────────────────

/** The built-in catalogue every organization starts with (and ResetDefault restores). */
export const DEFAULT_FILTER_MASTERS: ReadonlyArray<Pick<FilterMaster, 'filterName' | 'displayName' | 'filterType'>> = [
  { filterName: 'company', displayName: 'Company', filterType: 'company' },
  { filterName: 'branch', displayName: 'Branch', filterType: 'branch' },
  { filterName: 'salesRep', displayName: 'Sales Rep', filterType: 'salesRep' },
  { filterName: 'customer', displayName: 'Customer', filterType: 'customer' },
  { filterName: 'shipTo', displayName: 'Ship To', filterType: 'shipTo' },
  { filterName: 'productGroup', displayName: 'Product Group', filterType: 'productGroup' },
  { filterName: 'itemNumber', displayName: 'Item', filterType: 'itemNumber' },
  { filterName: 'supplier', displayName: 'Supplier', filterType: 'supplier' },
  { filterName: 'location', displayName: 'Location', filterType: 'location' },
];

export const FILTER_MASTER_COLUMNS = `
  f.filter_master_id AS "filterMasterId", f.filter_name AS "filterName", f.display_name AS "displayName",
  f.filter_type AS "filterType", f.dynamic_data_column AS "dynamicDataColumn", f.display_order AS "displayOrder",
  f.is_custom AS "isCustom"`;

export const FILTER_MASTER_ORDER = 'ORDER BY f.display_order, lower(f.display_name), f.filter_master_id';

/** Writes the built-in fields for an organization, putting back any that were changed or removed. */
export async function writeDefaultFilterMasters(db: Queryable, customerMasterId: number): Promise<void> {
  await db.query(
    `INSERT INTO app.filter_master (customer_master_id, filter_name, display_name, filter_type, display_order)
     SELECT $1, d.name, d.display, d.type, d.ord * 10
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS d(name, display, type, ord)
     ON CONFLICT (customer_master_id, filter_name) DO UPDATE
        SET display_name = EXCLUDED.display_name, filter_type = EXCLUDED.filter_type,
            dynamic_data_column = NULL, display_order = EXCLUDED.display_order, is_custom = false`,
    [
      customerMasterId,
      DEFAULT_FILTER_MASTERS.map((d) => d.filterName),
      DEFAULT_FILTER_MASTERS.map((d) => d.displayName),
      DEFAULT_FILTER_MASTERS.map((d) => d.filterType),
    ],
  );
}

/** Fills an organization's catalogue with the built-in fields the first time it is used. */
export async function ensureCatalogue(db: Queryable, customerMasterId: number): Promise<void> {
  const { rows } = await db.query(
    'INSERT INTO app.filter_master_catalogue (customer_master_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING customer_master_id',
    [customerMasterId],
  );
  if (rows[0]) await writeDefaultFilterMasters(db, customerMasterId);
}

/** The organization's filter masters; with a role, less that role's exclusions. */
export async function filterMasters(db: Queryable, customerMasterId: number, roleMasterId?: number): Promise<FilterMaster[]> {
  await ensureCatalogue(db, customerMasterId);
  const { rows } = await db.query<FilterMaster>(
    `SELECT ${FILTER_MASTER_COLUMNS} FROM app.filter_master f
      WHERE f.customer_master_id = $1
        AND ($2::int IS NULL OR NOT EXISTS (SELECT 1 FROM app.filter_master_role_exclusion e
                                             WHERE e.filter_master_id = f.filter_master_id AND e.role_master_id = $2))
      ${FILTER_MASTER_ORDER}`,
    [customerMasterId, roleMasterId ?? null],
  );
  return rows;
}

/**
 * Filters as saved: each field one the viewer's role may use, at most once, equals with one
 * value; a filter with no values is dropped (seed 000 §4). Bad input is a 400 naming the field.
 */
export async function cleanFilters(db: Queryable, viewer: Viewer, filters: Filter[]): Promise<Filter[]> {
  const allowed = new Map((await filterMasters(db, viewer.customerMasterId, viewer.roleMasterId)).map((m) => [m.filterName.toLowerCase(), m]));
  const seen = new Set<string>();
  return filters.flatMap((filter, index) => {
    const master = allowed.get(filter.field.toLowerCase());
    if (!master) throw new HttpError(400, `body.filters/${index}/field '${filter.field}' is not a field you can filter on`);
    if (seen.has(master.filterName)) throw new HttpError(400, `body.filters/${index}/field '${filter.field}' appears more than once`);
    seen.add(master.filterName);
    if (filter.comparison === 'equals' && filter.values.length > 1) {
      throw new HttpError(400, `body.filters/${index}/values must hold one value when comparison is equals`);
    }
    return filter.values.length === 0 ? [] : [{ ...filter, field: master.filterName }];
  });
}
