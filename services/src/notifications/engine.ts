/**
 * The notification engine (issue 26): evaluates users' alerts on the ERP mirror and delivers what
 * they find to the inbox (app.notification with its rows) and by e-mail.
 *
 * - Who receives an alert: its creator, the users it is shared with, and the users of the roles
 *   it is shared with — active users of the alert's organization — less those who opted out of
 *   it (app.notification_opt_out) and, for shared alerts, those who opted out of everything its
 *   creator shares (app.notification_shared_creator_opt_out).
 * - What each receives: the type's findings within HIS data scope (analytics/scope.ts: a rep only
 *   his accounts), narrowed by the alert's filters, less the findings already delivered to him
 *   for this alert (app.notification_delivered_finding; ignorePrevious delivers them again), at
 *   most the type's result limit (500), the most important first.
 * - Delivery: one inbox notification per alert and user with its rows; when the alert sends
 *   e-mail, one digest per user and run through the mailer, with a link that opts him out.
 */
import { DEFAULT_SETTINGS } from '@tradeboard/shared/user-settings';
import { addDays, addMonths, resolveDateSlug, yearEarlier, type IsoDate } from '@tradeboard/shared/dates';
import {
  NOTIFICATION_RESULT_LIMIT,
  type NotificationColumnKey,
  type NotificationComparisonGroupBy,
  type NotificationOperatorKey,
  type NotificationParameters,
  type NotificationResultRow,
  type NotificationType,
} from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../boards/board-access.ts';
import { analyticsToday } from '../analytics/cache.ts';
import { loadAnalyticsContext, scopePredicate, scopeKey, type DataScope } from '../analytics/scope.ts';
import { badRequest, SqlParams } from '../analytics/search-request.ts';
import { own } from '../platform/own.ts';
import type { Mailer } from '../platform/mailer.ts';

export type EngineFilter = { columnKey: string; operatorKey: string; values: string[] };

/** A finding: a result row and the key that says it was delivered (a comparison's group also its key and sales). */
export type Finding = NotificationResultRow & { findingKey: string; groupKey?: string; sales?: number; comparisonSales?: number };

type TypeQuery = {
  /** The SQL of the type's findings, selecting the columns of FINDING_COLUMNS; {where} is replaced by the scope and filters. */
  sql: string;
  /** The expression of each filterable field in that WHERE clause. */
  columns: Partial<Record<NotificationColumnKey, string>>;
  /** The numeric expression of Amount (compared as a number). */
  orderBy: string;
};

type TypeContext = { today: IsoDate; settings: Record<string, string>; parameters: NotificationParameters; params: SqlParams; fiscalYear: string };

const FINDING_COLUMNS = `finding_key, kind, company, customer, ship_to, document_number, line_number, name, detail, amount, date`;

const setting = (context: TypeContext, name: string) => context.settings[name] ?? DEFAULT_SETTINGS[name] ?? '';
const positive = (value: string, fallback: number) => (Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : fallback);

/** CustomerInactivity: bought within the month basis, no invoice within the day basis, no recent activity. */
function customerInactivity(context: TypeContext): TypeQuery {
  const { params, today, parameters } = context;
  const monthBasis = parameters.monthBasis ?? positive(setting(context, 'CustomerInactivityMonthBasis'), 24);
  const dayBasis = parameters.dayBasis ?? positive(setting(context, 'CustomerInactivityDayBasis'), 180);
  const activityDays = parameters.activityExcludeDayBasis ?? Number(setting(context, 'ActivityExcludeDayBasis') || 180);
  const since = params.add(addMonths(today, -monthBasis));
  const cutoff = params.add(addDays(today, -dayBasis));
  const todayParam = params.add(today);
  const activity = activityDays > 0
    ? `AND NOT EXISTS (SELECT 1 FROM crm.activity a WHERE a.company = c.company AND a.account_type = 'Customer' AND a.account_id = c.customer
                        AND greatest(a.due_date, a.created_at::date) >= ${params.add(addDays(today, -activityDays))}::date)`
    : '';
  return {
    sql: `SELECT c.company || '|' || c.customer || '|' || last.d AS finding_key, 'Customer' AS kind, c.company, c.customer, NULL::text AS ship_to,
                 NULL::text AS document_number, NULL::int AS line_number, c.customer_name AS name,
                 'No invoice for ' || (${todayParam}::date - last.d) || ' days (last ' || last.d || ')' AS detail, last.sales::float8 AS amount, last.d::text AS date
            FROM erp.customer c
            CROSS JOIN LATERAL (SELECT max(h.invoice_date) AS d, sum(h.sales) AS sales FROM erp.invoice_header h
                                 WHERE h.customer = c.customer AND h.company = c.company AND h.invoice_type = 'IN' AND h.invoice_date >= ${since}::date) last
           WHERE c.is_active AND NOT c.is_prospect AND last.d < ${cutoff}::date ${activity} AND {where}`,
    columns: { Company: 'c.company', Branch: 'c.branch', SalesRep: 'c.sales_rep', Customer: 'c.customer', State: 'c.state', Amount: 'last.sales' },
    orderBy: 'amount DESC NULLS LAST, finding_key',
  };
}

/** ShipToInactivity: the same by ship-to (its invoice lines). */
function shipToInactivity(context: TypeContext): TypeQuery {
  const { params, today, parameters } = context;
  const monthBasis = parameters.monthBasis ?? positive(setting(context, 'CustomerInactivityMonthBasis'), 24);
  const dayBasis = parameters.dayBasis ?? positive(setting(context, 'CustomerInactivityDayBasis'), 180);
  const since = params.add(addMonths(today, -monthBasis));
  const cutoff = params.add(addDays(today, -dayBasis));
  const todayParam = params.add(today);
  return {
    sql: `SELECT s.company || '|' || s.ship_to || '|' || last.d AS finding_key, 'ShipTo' AS kind, s.company, s.customer, s.ship_to,
                 NULL::text AS document_number, NULL::int AS line_number, s.ship_to_name AS name,
                 'No invoice for ' || (${todayParam}::date - last.d) || ' days (last ' || last.d || ')' AS detail, last.sales::float8 AS amount, last.d::text AS date
            FROM erp.ship_to s
            CROSS JOIN LATERAL (SELECT max(l.invoice_date) AS d, sum(l.sales) AS sales FROM erp.invoice_line l
                                 WHERE l.ship_to = s.ship_to AND l.company = s.company AND l.invoice_date >= ${since}::date) last
           WHERE last.d < ${cutoff}::date AND {where}`,
    columns: { Company: 's.company', Branch: 's.branch', SalesRep: 's.sales_rep', Customer: 's.customer', State: 's.state', Amount: 'last.sales' },
    orderBy: 'amount DESC NULLS LAST, finding_key',
  };
}

/** The due date of an open order line by OrderPastDueBasis. */
const ORDER_DUE: Record<string, string> = {
  OrderHeaderPromiseDate: 'h.promise_date',
  OrderLinePromiseDate: 'l.promise_date',
  OrderHeaderRequestedDate: 'h.requested_date',
  OrderLineRequestedDate: 'l.requested_date',
};

/** OrderLinePastDue: open order lines whose due date (OrderPastDueBasis) has passed. */
function orderLinePastDue(context: TypeContext): TypeQuery {
  const basis = setting(context, 'OrderPastDueBasis');
  const due = own(ORDER_DUE, basis) ?? ORDER_DUE.OrderHeaderPromiseDate!;
  const today = context.params.add(context.today);
  return {
    sql: `SELECT l.company || '|' || l.order_number || '|' || l.order_line_number || '|' || ${due} AS finding_key, 'OrderLine' AS kind, l.company, l.customer, l.ship_to,
                 l.order_number AS document_number, l.order_line_number AS line_number, coalesce(c.customer_name, l.customer) AS name,
                 'Item ' || l.item_number || ', ' || l.qty_open || ' open, due ' || ${due} || ' (' || (${today}::date - ${due}) || ' days past)' AS detail,
                 l.open_sales::float8 AS amount, (${due})::text AS date
            FROM erp.order_line l
            JOIN erp.order_header h ON h.company = l.company AND h.order_number = l.order_number
            LEFT JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
           WHERE l.qty_open > 0 AND h.status <> 'Closed' AND ${due} < ${today}::date AND {where}`,
    columns: { Company: 'l.company', Branch: 'l.branch', SalesRep: 'l.sales_rep', Customer: 'l.customer', State: 'c.state', ProductGroup: 'l.product_group', Amount: 'l.open_sales' },
    orderBy: 'date, amount DESC, finding_key',
  };
}

/** QuoteLinePastDue: open quote lines past their expiration (QuotePastDueBasis QuoteExpirationDate, the only basis the mirror holds). */
function quoteLinePastDue(context: TypeContext): TypeQuery {
  const today = context.params.add(context.today);
  return {
    sql: `SELECT q.company || '|' || q.quote_number || '|' || q.quote_line_number || '|' || q.expiration_date AS finding_key, 'QuoteLine' AS kind, q.company, q.customer, NULL::text AS ship_to,
                 q.quote_number AS document_number, q.quote_line_number AS line_number, coalesce(c.customer_name, q.customer) AS name,
                 'Item ' || q.item_number || ', expired ' || q.expiration_date || ' (' || (${today}::date - q.expiration_date) || ' days past)' AS detail,
                 q.sales::float8 AS amount, q.expiration_date::text AS date
            FROM erp.quote_line q
            LEFT JOIN erp.customer c ON c.company = q.company AND c.customer = q.customer
           WHERE q.status = 'Open' AND q.expiration_date < ${today}::date AND {where}`,
    columns: { Company: 'q.company', Branch: 'c.branch', SalesRep: 'q.sales_rep', Customer: 'q.customer', State: 'c.state', ProductGroup: 'q.product_group', Amount: 'q.sales' },
    orderBy: 'date, amount DESC, finding_key',
  };
}

/** The comparison's group column and name in erp.invoice_day_customer. */
const COMPARISON_GROUPS: Record<NotificationComparisonGroupBy, { key: string; name: string }> = {
  Customer: { key: 'd.company || \'|\' || d.customer', name: "coalesce(max(c.customer_name), max(d.customer))" },
  Branch: { key: 'd.branch', name: 'max(d.branch)' },
  SalesRep: { key: 'd.sales_rep', name: 'max(d.sales_rep)' },
  Company: { key: 'd.company', name: 'max(d.company)' },
};

export type ComparisonPeriod = { from: string; to: string; comparisonFrom: string; comparisonTo: string };

/** The period of a dateSlug and the same period a year earlier (400 for an unknown slug). */
export function comparisonPeriod(dateSlug: string, today: IsoDate, fiscalYear: string): ComparisonPeriod {
  try {
    const resolved = resolveDateSlug(dateSlug, { today, fiscalYear });
    const comparison = resolved.comparison ?? yearEarlier(resolved);
    return { from: resolved.from, to: resolved.to, comparisonFrom: comparison.from, comparisonTo: comparison.to };
  } catch {
    throw badRequest(`dateSlug '${dateSlug}' is not a date choice`);
  }
}

/** Comparison: groups whose sales in the period are down more than percentDown against a year earlier. */
function comparison(context: TypeContext): TypeQuery {
  const { params, parameters } = context;
  const groupBy = parameters.groupBy ?? 'Customer';
  const group = COMPARISON_GROUPS[groupBy];
  const period = comparisonPeriod(parameters.dateSlug ?? 'year-to-date', context.today, context.fiscalYear);
  const from = params.add(period.from);
  const to = params.add(period.to);
  const compFrom = params.add(period.comparisonFrom);
  const compTo = params.add(period.comparisonTo);
  const percent = params.add(parameters.percentDown ?? 20);
  const customerKey = groupBy === 'Customer';
  return {
    sql: `SELECT * FROM (
            SELECT ${group.key} || '|' || ${from} || '|' || ${to} AS finding_key, 'Group' AS kind,
                   ${customerKey ? 'max(d.company)' : 'NULL::text'} AS company, ${customerKey ? 'max(d.customer)' : 'NULL::text'} AS customer, NULL::text AS ship_to,
                   NULL::text AS document_number, NULL::int AS line_number, ${group.name} AS name,
                   'Sales ' || round(coalesce(sum(d.sales) FILTER (WHERE d.invoice_date >= ${from}::date), 0)) || ' against ' ||
                     round(sum(d.sales) FILTER (WHERE d.invoice_date <= ${compTo}::date)) || ' a year earlier' AS detail,
                   round((coalesce(sum(d.sales) FILTER (WHERE d.invoice_date >= ${from}::date), 0) / sum(d.sales) FILTER (WHERE d.invoice_date <= ${compTo}::date) - 1) * 100, 1)::float8 AS amount,
                   NULL::text AS date, ${group.key} AS group_key,
                   coalesce(sum(d.sales) FILTER (WHERE d.invoice_date >= ${from}::date), 0)::float8 AS sales,
                   sum(d.sales) FILTER (WHERE d.invoice_date <= ${compTo}::date)::float8 AS comparison_sales
              FROM erp.invoice_day_customer d
              LEFT JOIN erp.customer c ON c.company = d.company AND c.customer = d.customer
             WHERE (d.invoice_date BETWEEN ${from}::date AND ${to}::date OR d.invoice_date BETWEEN ${compFrom}::date AND ${compTo}::date) AND {where}
             GROUP BY ${group.key}
            HAVING sum(d.sales) FILTER (WHERE d.invoice_date <= ${compTo}::date) > 0) g
           WHERE g.amount < -${percent}::float8`,
    columns: { Company: 'd.company', Branch: 'd.branch', SalesRep: 'd.sales_rep', Customer: 'd.customer' },
    orderBy: 'amount, finding_key',
  };
}

/**
 * ReorderRhythm (beyond the seed): a customer with a rhythm — at least minimumOrders order days
 * in the last year — that has gone longer since its last order than its own percentile gap
 * between order days (90th by default), so a weekly buyer that skipped three weeks is caught
 * long before any fixed number of days. The recipient's scope and the alert's filters cut the
 * invoices before the gaps are computed (a rep's year of order days, not the company's).
 */
function reorderRhythm(context: TypeContext): TypeQuery {
  const { params, today, parameters } = context;
  const todayParam = params.add(today);
  const yearAgo = params.add(addDays(today, -365));
  const percentile = params.add((parameters.percentile ?? 90) / 100);
  const minimumGaps = params.add((parameters.minimumOrders ?? 6) - 1);
  return {
    sql: `WITH order_days AS (
            SELECT h.company, h.customer, h.invoice_date AS d,
                   h.invoice_date - lag(h.invoice_date) OVER (PARTITION BY h.company, h.customer ORDER BY h.invoice_date) AS gap
              FROM (SELECT DISTINCT h.company, h.customer, h.invoice_date
                      FROM erp.invoice_header h JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer
                     WHERE h.invoice_type = 'IN' AND h.invoice_date > ${yearAgo}::date AND h.invoice_date <= ${todayParam}::date AND c.is_active AND {where}) h
          ), rhythm AS (
            SELECT company, customer, max(d) AS last, count(gap) AS gaps,
                   percentile_cont(${percentile}::float8) WITHIN GROUP (ORDER BY gap) AS usual_gap
              FROM order_days GROUP BY company, customer
          )
          SELECT c.company || '|' || c.customer || '|' || r.last AS finding_key, 'Customer' AS kind, c.company, c.customer, NULL::text AS ship_to,
                 NULL::text AS document_number, NULL::int AS line_number, c.customer_name AS name,
                 'Usually orders within ' || ceil(r.usual_gap) || ' days; none for ' || (${todayParam}::date - r.last) || ' days (last ' || r.last || ')' AS detail,
                 ((${todayParam}::date - r.last) / greatest(r.usual_gap, 1))::float8 AS amount, r.last::text AS date
            FROM rhythm r
            JOIN erp.customer c ON c.company = r.company AND c.customer = r.customer
           WHERE r.gaps >= ${minimumGaps}::int AND (${todayParam}::date - r.last) > ceil(r.usual_gap)`,
    columns: { Company: 'c.company', Branch: 'c.branch', SalesRep: 'c.sales_rep', Customer: 'c.customer', State: 'c.state' },
    orderBy: 'amount DESC, finding_key',
  };
}

const TYPE_QUERIES: Record<NotificationType, (context: TypeContext) => TypeQuery> = {
  CustomerInactivity: customerInactivity,
  ShipToInactivity: shipToInactivity,
  OrderLinePastDue: orderLinePastDue,
  QuoteLinePastDue: quoteLinePastDue,
  Comparison: comparison,
  ReorderRhythm: reorderRhythm,
};

/** A filter as SQL on the type's column expression (a column the type lacks narrows to nothing). */
function filterSql(query: TypeQuery, filter: EngineFilter, params: SqlParams): string {
  const column = own(query.columns, filter.columnKey);
  if (!column) return 'false';
  const operator = filter.operatorKey as NotificationOperatorKey;
  if (filter.columnKey === 'Amount') {
    const number = Number(filter.values[0]);
    if (!Number.isFinite(number)) return 'false';
    if (operator === 'GreaterThan') return `${column} > ${params.add(number)}::float8`;
    if (operator === 'LessThan') return `${column} < ${params.add(number)}::float8`;
    return 'false';
  }
  switch (operator) {
    case 'In':
      return `${column} = ANY(${params.add(filter.values)}::text[])`;
    case 'NotIn':
      return `NOT (coalesce(${column}, '') = ANY(${params.add(filter.values)}::text[]))`;
    case 'Contains':
      return `(${filter.values.map((value) => `${column} ILIKE ${params.add(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`).join(' OR ')})`;
    default:
      return 'false';
  }
}

export type EvaluateRequest = {
  type: NotificationType;
  scope: DataScope;
  parameters: NotificationParameters;
  filters: readonly EngineFilter[];
  settings: Record<string, string>;
  fiscalYear: string;
  today?: IsoDate;
  /** Findings not to return (already delivered). */
  exclude?: { userMasterId: number; notificationUserInstanceId: number };
  limit?: number;
};

type FindingRow = {
  finding_key: string;
  kind: NotificationResultRow['kind'];
  company: string | null;
  customer: string | null;
  ship_to: string | null;
  document_number: string | null;
  line_number: number | null;
  name: string;
  detail: string;
  amount: number | null;
  date: string | null;
  group_key?: string;
  sales?: number;
  comparison_sales?: number;
};

/** The findings of one alert for one data scope, the most important first. */
export async function evaluate(db: Pick<Db, 'query'>, request: EvaluateRequest): Promise<Finding[]> {
  const params = new SqlParams();
  const today = request.today ?? analyticsToday();
  const query = TYPE_QUERIES[request.type]({ today, settings: request.settings, parameters: request.parameters, params, fiscalYear: request.fiscalYear });
  const scope = scopePredicate(request.scope, query.columns.SalesRep!, params);
  const where = [scope ?? 'true', ...request.filters.map((filter) => filterSql(query, filter, params))].join(' AND ');
  const excluded = request.exclude
    ? `WHERE NOT EXISTS (SELECT 1 FROM app.notification_delivered_finding f WHERE f.user_master_id = ${params.add(request.exclude.userMasterId)}
                           AND f.notification_user_instance_id = ${params.add(request.exclude.notificationUserInstanceId)} AND f.finding_key = found.finding_key)`
    : '';
  const { rows } = await db.query<FindingRow>(
    `SELECT ${FINDING_COLUMNS}${request.type === 'Comparison' ? ', group_key, sales, comparison_sales' : ''} FROM (${query.sql.replace('{where}', where)}) found ${excluded}
      ORDER BY ${query.orderBy} LIMIT ${params.add(request.limit ?? NOTIFICATION_RESULT_LIMIT)}`,
    params.values,
  );
  return rows.map((row, index) => ({
    rowNumber: index + 1,
    findingKey: row.finding_key,
    kind: row.kind,
    company: row.company,
    customer: row.customer,
    shipTo: row.ship_to,
    documentNumber: row.document_number,
    lineNumber: row.line_number,
    name: row.name,
    detail: row.detail,
    amount: row.amount === null ? null : Number(row.amount),
    date: row.date,
    ...(row.group_key === undefined ? {} : { groupKey: row.group_key, sales: Number(row.sales), comparisonSales: Number(row.comparison_sales) }),
  }));
}

// ── Runs ───────────────────────────────────────────────────────────────────────────────

type Recipient = {
  instance_id: number;
  user_id: number;
  email: string;
  notification_name: string;
  notification_master_id: number;
  notification_type: NotificationType;
  type_name: string;
  result_limit: number | null;
  parameters: NotificationParameters;
  send_email: boolean;
  filters: EngineFilter[];
};

/** Every (alert, user) a run delivers to: reach less opt-outs, active users and alerts, optionally one organization or user. */
const RECIPIENTS = `
  WITH reach AS (
    SELECT i.notification_user_instance_id AS instance_id, i.created_by AS user_id FROM app.notification_user_instance i
    UNION SELECT s.notification_user_instance_id, s.user_master_id FROM app.notification_user_instance_x_user_master s
    UNION SELECT r.notification_user_instance_id, u.user_master_id
            FROM app.notification_user_instance_x_role_master r JOIN app.user_master u ON u.role_master_id = r.role_master_id
  )
  SELECT reach.instance_id, reach.user_id, u.email, i.notification_name, i.notification_master_id, m.notification_type,
         m.notification_name AS type_name, m.result_limit, i.parameters, i.send_email,
         coalesce((SELECT json_agg(json_build_object('columnKey', cm.column_key, 'operatorKey', o.operator_key, 'values', f.filter_values) ORDER BY f.notification_user_instance_filter_id)
                     FROM app.notification_user_instance_filter f
                     JOIN app.notification_column_master cm USING (notification_column_master_id)
                     JOIN app.notification_operator o USING (notification_operator_id)
                    WHERE f.notification_user_instance_id = i.notification_user_instance_id), '[]') AS filters
    FROM reach
    JOIN app.notification_user_instance i ON i.notification_user_instance_id = reach.instance_id AND i.is_active
    JOIN app.notification_master m ON m.notification_master_id = i.notification_master_id AND m.is_active
    JOIN app.user_master u ON u.user_master_id = reach.user_id AND u.is_active AND u.customer_master_id = i.customer_master_id
   WHERE NOT EXISTS (SELECT 1 FROM app.notification_opt_out o WHERE o.user_master_id = reach.user_id AND o.notification_user_instance_id = reach.instance_id)
     AND (reach.user_id = i.created_by OR NOT EXISTS (SELECT 1 FROM app.notification_shared_creator_opt_out co
                                                      WHERE co.user_master_id = reach.user_id AND co.creator_user_master_id = i.created_by))
     AND ($1::int IS NULL OR i.customer_master_id = $1) AND ($2::int IS NULL OR reach.user_id = $2)
   ORDER BY reach.user_id, reach.instance_id`;

export type RunOptions = { customerMasterId?: number; userMasterId?: number; ignorePrevious?: boolean; publicUrl: string };
export type Delivered = { notificationUserInstanceId: number; notificationName: string; userMasterId: number; notificationId: number | null; resultCount: number };

/** Settings the evaluation reads, per user (role over organization over default). */
const ENGINE_SETTINGS = ['CustomerInactivityMonthBasis', 'CustomerInactivityDayBasis', 'ActivityExcludeDayBasis', 'OrderPastDueBasis', 'QuotePastDueBasis'];

async function settingsOf(db: Pick<Db, 'query'>, userMasterId: number): Promise<Record<string, string>> {
  const { rows } = await db.query<{ setting_name: string; setting_value: string }>(
    'SELECT setting_name, setting_value FROM app.effective_setting WHERE user_master_id = $1 AND setting_name = ANY($2)',
    [userMasterId, ENGINE_SETTINGS],
  );
  return Object.fromEntries(rows.map((row) => [row.setting_name, row.setting_value]));
}

/** Stores one delivery: the inbox notification, its rows and the findings as delivered. */
async function deliver(db: Db, recipient: Recipient, findings: Finding[]): Promise<number> {
  return inTransaction(db, async (client) => {
    const subject = `${recipient.notification_name}: ${findings.length} ${findings.length === 1 ? 'result' : 'results'}`;
    const body = `${recipient.type_name} found ${findings.length} ${findings.length === 1 ? 'result' : 'results'}${findings.length >= (recipient.result_limit ?? Infinity) ? ` (the first ${recipient.result_limit})` : ''}.`;
    const { rows } = await client.query<{ notification_id: number }>(
      `INSERT INTO app.notification (user_master_id, notification_user_instance_id, notification_master_id, subject, body, result_count)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING notification_id`,
      [recipient.user_id, recipient.instance_id, recipient.notification_master_id, subject, body, findings.length],
    );
    const notificationId = rows[0]!.notification_id;
    await client.query(
      `INSERT INTO app.notification_result (notification_id, row_number, result)
       SELECT $1, r.n, r.result FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS r(result, n)`,
      [notificationId, JSON.stringify(findings.map(({ findingKey: _key, groupKey: _group, sales: _sales, comparisonSales: _comparison, ...row }) => row))],
    );
    await client.query(
      `INSERT INTO app.notification_delivered_finding (user_master_id, notification_user_instance_id, finding_key)
       SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`,
      [recipient.user_id, recipient.instance_id, findings.map((finding) => finding.findingKey)],
    );
    return notificationId;
  });
}

/** The e-mail digest of one user's deliveries of a run, each with its unsubscribe link. */
export function digestMail(publicUrl: string, userMasterId: number, items: Array<{ recipient: Recipient; notificationId: number; findings: Finding[] }>): { subject: string; body: string } {
  const total = items.reduce((sum, item) => sum + item.findings.length, 0);
  const sections = items.map(({ recipient, notificationId, findings }) => {
    const lines = findings.slice(0, 10).map((finding) => `  - ${finding.name}: ${finding.detail}`);
    const more = findings.length > 10 ? [`  … and ${findings.length - 10} more`] : [];
    return [
      `${recipient.notification_name} (${recipient.type_name}): ${findings.length} ${findings.length === 1 ? 'result' : 'results'}`,
      ...lines,
      ...more,
      `  Open: ${publicUrl}/notifications?notificationId=${notificationId}`,
      `  Unsubscribe from this notification: ${publicUrl}/notifications?unsubscribe=${recipient.instance_id}&userId=${userMasterId}`,
    ].join('\n');
  });
  return {
    subject: `Tradeboard notifications: ${total} new ${total === 1 ? 'result' : 'results'}`,
    body: `Your notifications found new results.\n\n${sections.join('\n\n')}\n`,
  };
}

/**
 * One run: evaluates every alert for each of its recipients (optionally one organization or one
 * user) and delivers what is new. Users with the same data scope and settings share one
 * evaluation of an alert.
 */
export async function runNotifications(db: Db, mailer: Mailer, options: RunOptions): Promise<Delivered[]> {
  const { rows: recipients } = await db.query<Recipient>(RECIPIENTS, [options.customerMasterId ?? null, options.userMasterId ?? null]);
  const delivered: Delivered[] = [];
  const evaluations = new Map<string, Promise<Finding[]>>();
  const byUser = new Map<number, Recipient[]>();
  for (const recipient of recipients) byUser.set(recipient.user_id, [...(byUser.get(recipient.user_id) ?? []), recipient]);
  for (const [userMasterId, list] of byUser) {
    const context = await loadAnalyticsContext(db, userMasterId);
    const settings = await settingsOf(db, userMasterId);
    const mailItems: Array<{ recipient: Recipient; notificationId: number; findings: Finding[] }> = [];
    for (const recipient of list) {
      const limit = recipient.result_limit ?? NOTIFICATION_RESULT_LIMIT;
      const request: EvaluateRequest = {
        type: recipient.notification_type,
        scope: context.scope,
        parameters: recipient.parameters,
        filters: recipient.filters,
        settings,
        fiscalYear: context.fiscalYear,
      };
      let findings: Finding[];
      if (options.ignorePrevious) {
        // Shared by every user with the same scope and settings in this run.
        const key = JSON.stringify([recipient.instance_id, scopeKey(context.scope), settings, context.fiscalYear]);
        let evaluation = evaluations.get(key);
        if (!evaluation) evaluations.set(key, (evaluation = evaluate(db, { ...request, limit })));
        findings = await evaluation;
      } else {
        findings = await evaluate(db, { ...request, limit, exclude: { userMasterId, notificationUserInstanceId: recipient.instance_id } });
      }
      const notificationId = findings.length ? await deliver(db, recipient, findings) : null;
      if (notificationId !== null && recipient.send_email) mailItems.push({ recipient, notificationId, findings });
      delivered.push({ notificationUserInstanceId: recipient.instance_id, notificationName: recipient.notification_name, userMasterId, notificationId, resultCount: findings.length });
    }
    if (mailItems.length) {
      await mailer.send({ to: [list[0]!.email], ...digestMail(options.publicUrl, userMasterId, mailItems) });
      await db.query('UPDATE app.notification SET emailed_at = now() WHERE notification_id = ANY($1::bigint[])', [mailItems.map((item) => item.notificationId)]);
    }
  }
  return delivered;
}
