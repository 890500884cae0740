/**
 * "Same board, my data": which ERP rows the signed-in user may read. An administrator
 * (ADMIN_ROLE_NAMES, or a role flagged is_admin) reads everything; anyone else reads the rows
 * whose sales rep is his own code (app.user_master.sales_rep) or, for a manager, the code of a
 * rep he manages (erp.sales_rep_manager, the view the rollups kept per user scope read too, so
 * a scope and its totals have one definition). A user with no rep code reads nothing.
 * Every analytics query takes its predicate from here, so a filter or an id in the request can
 * only narrow what the scope allows, never widen it.
 *
 * One round trip also brings what each call needs besides: the data version (latest load), the
 * day the data runs through, whether the rollups match it, and the FiscalYear and cost basis
 * settings.
 */
import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';
import { DEFAULT_FISCAL_YEAR_SETTING } from '@tradeboard/shared/dates';
import { DEFAULT_SETTINGS } from '@tradeboard/shared/user-settings';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import type { SqlParams } from './search-request.ts';

/**
 * Everything, or the rows of these reps; `rep` is the user's own code, whose reps they are (the
 * key of the rollups kept per user scope, migration 330; null with no code: he reads nothing).
 */
export type DataScope = { all: true } | { all: false; salesReps: string[]; rep: string | null };

export type AnalyticsContext = {
  scope: DataScope;
  /** erp.data_load's latest load id and its revision (writebacks since the load; '0.0' when nothing is loaded): the cache's data version. */
  dataVersion: string;
  dataThrough: string | null;
  rollupsReady: boolean;
  fiscalYear: string;
  /** The cost basis settings (seed §9 default Commission each): the cost gross profit is on. */
  invoiceCostBasis: string;
  orderCostBasis: string;
  bookingCostBasis: string;
  quoteCostBasis: string;
};

const COST_BASIS_SETTINGS = ['InvoiceCostBasis', 'OrderCostBasis', 'BookingCostBasis', 'QuoteCostBasis'];

type ContextRow = {
  role_name: string;
  is_admin: boolean;
  sales_rep: string | null;
  team: string[] | null;
  settings: Record<string, string | null> | null;
  load_id: number | null;
  revision: number | null;
  data_through: string | null;
  rollup_load_id: number | null;
};

export async function loadAnalyticsContext(db: Db, userMasterId: number): Promise<AnalyticsContext> {
  const { rows } = await db.query<ContextRow>({
    name: 'analytics-context',
    text: `SELECT r.role_name, r.is_admin, u.sales_rep,
            (SELECT array_agg(m.sales_rep ORDER BY m.sales_rep) FROM erp.sales_rep_manager m
              WHERE m.manager_sales_rep = u.sales_rep) AS team,
            (SELECT json_object_agg(m.setting_name, coalesce(sr.setting_value, sg.setting_value, m.default_value))
               FROM app.setting_master m
               LEFT JOIN app.setting_global sg ON sg.setting_master_id = m.setting_master_id AND sg.customer_master_id = u.customer_master_id
               LEFT JOIN app.setting_role sr ON sr.setting_master_id = m.setting_master_id AND sr.role_master_id = u.role_master_id
              WHERE m.setting_name = ANY($2)) AS settings,
            dl.load_id, dl.revision, dl.data_through::text AS data_through,
            (SELECT load_id FROM erp.rollup_state) AS rollup_load_id
       FROM app.user_master u
       JOIN app.role_master r USING (role_master_id)
       LEFT JOIN LATERAL (SELECT load_id, revision, data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1) dl ON true
      WHERE u.user_master_id = $1 AND u.is_active`,
    values: [userMasterId, ['FiscalYear', ...COST_BASIS_SETTINGS]],
  });
  const row = rows[0];
  if (!row) throw new HttpError(401, 'Unauthorized');
  const setting = (name: string) => row.settings?.[name] ?? DEFAULT_SETTINGS[name]!;
  const admin = row.is_admin || (ADMIN_ROLE_NAMES as readonly string[]).includes(row.role_name);
  const scope: DataScope = admin
    ? { all: true }
    : { all: false, salesReps: row.sales_rep ? [...new Set([row.sales_rep, ...(row.team ?? [])])].sort() : [], rep: row.sales_rep };
  return {
    scope,
    dataVersion: `${row.load_id ?? 0}.${row.revision ?? 0}`,
    dataThrough: row.data_through,
    rollupsReady: row.load_id !== null && row.rollup_load_id === row.load_id,
    fiscalYear: row.settings?.FiscalYear ?? DEFAULT_FISCAL_YEAR_SETTING,
    invoiceCostBasis: setting('InvoiceCostBasis'),
    orderCostBasis: setting('OrderCostBasis'),
    bookingCostBasis: setting('BookingCostBasis'),
    quoteCostBasis: setting('QuoteCostBasis'),
  };
}

/** The scope as a SQL predicate on a rows' sales-rep column, or null when it allows everything. */
export function scopePredicate(scope: DataScope, salesRepColumn: string, params: SqlParams): string | null {
  if (scope.all) return null;
  if (scope.salesReps.length === 0) return 'false';
  return `${salesRepColumn} = ANY(${params.add(scope.salesReps)}::text[])`;
}

/** The scope as a SQL predicate on the scope column of a rollup kept per user scope (migration 330), or null when it allows everything. */
export function scopeRepPredicate(scope: DataScope, scopeColumn: string, params: SqlParams): string | null {
  if (scope.all) return null;
  return scope.rep === null ? 'false' : `${scopeColumn} = ${params.add(scope.rep)}`;
}

/** A stable text for cache keys. */
export function scopeKey(scope: DataScope): string {
  return scope.all ? '*' : scope.salesReps.join(',');
}
