/**
 * The PurchaseOrder calls on erp.purchase_order_header/line. Purchasing belongs to no sales
 * rep: every user whose PurchaseAccessRight is on reads all of it (docs/decisions.md).
 */
import type { FastifyInstance } from 'fastify';
import {
  type AnalyticsSearchRequest,
  PURCHASE_ORDER_GROUP_BYS,
  purchaseOrderDetails,
  purchaseOrderGrouped,
  purchaseOrderHeader,
  purchaseOrderItemHistory,
  purchaseOrderKpi,
  purchaseOrderOnTime,
  purchaseOrderOpenGrouped,
  purchaseOrderSummary,
} from '@tradeboard/shared/contracts';
import type { DateRange } from '@tradeboard/shared/dates';
import type { SessionUser } from '../platform/session.ts';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import { serve } from '../platform/route.ts';
import { resolveDate } from './questions.ts';
import { analyticsQuery, listQuery, type ListModel } from './engine.ts';
import { moneySum } from './models.ts';
import { monthParts } from './month-parts.ts';
import {
  agingBuckets,
  agingGrouped,
  agingPeriods,
  ALL_TIME,
  answerer,
  companyWide,
  dimension,
  erpCall,
  groupedMeasures,
  groupKeyOf,
  pageOf,
  periodGroupedAnswer,
  rollupKeeps,
  type ErpCall,
  type GroupKey,
  type GroupKeys,
} from './erp-common.ts';
import { checkFilterFields, dateBetween, filterPredicates, normalizeRequest, SqlParams, type FieldMap, type NormalizedRequest } from './search-request.ts';

const PO_SETTINGS = ['PoAgingBasis', 'ApAgingPeriod1', 'ApAgingPeriod2', 'ApAgingPeriod3', 'ApAgingPeriod4'];
const LINES = `erp.purchase_order_line l
  JOIN erp.purchase_order_header h ON h.company = l.company AND h.po_number = l.po_number`;
const HEADER_FIELDS = ['branch', 'buyer', 'status'];

/** The lines, joined to their header only when a group-by or filter needs a header field. */
function linesFor(groupBy: string | null, filters: NormalizedRequest['filters']): string {
  const fields = [...(groupBy ? [groupBy] : []), ...filters.map((f) => f.field)];
  return fields.some((f) => HEADER_FIELDS.includes(f)) ? LINES : 'erp.purchase_order_line l';
}

export const LINE_COLUMNS = {
  company: 'l.company',
  poNumber: 'l.po_number',
  poLineNumber: 'l.po_line_number',
  supplier: 'l.supplier',
  supplierName: 's.supplier_name',
  location: 'l.location',
  orderDate: "to_char(l.order_date, 'YYYY-MM-DD')",
  dueDate: "to_char(l.due_date, 'YYYY-MM-DD')",
  receivedDate: "to_char(l.received_date, 'YYYY-MM-DD')",
  itemNumber: 'l.item_number',
  itemDescription: 'i.description',
  productGroup: 'l.product_group',
  qtyOrdered: 'l.qty_ordered',
  qtyReceived: 'l.qty_received',
  qtyOpen: 'l.qty_open',
  unitCost: 'l.unit_cost::float8',
  cost: 'l.cost::float8',
  openCost: 'l.open_cost::float8',
};
export const LINE_FROM = `erp.purchase_order_line l
    LEFT JOIN erp.supplier s ON s.company = l.company AND s.supplier = l.supplier
    LEFT JOIN erp.item i ON i.company = l.company AND i.item_number = l.item_number`;

const lineList: ListModel = {
  name: 'PurchaseOrder/Details',
  from: LINE_FROM,
  dateColumn: 'l.order_date',
  salesRepColumn: 'l.supplier',
  columns: LINE_COLUMNS,
  searchColumns: ['poNumber', 'supplier', 'supplierName', 'itemNumber', 'itemDescription'],
  filterFields: ['company', 'poNumber', 'supplier', 'location', 'itemNumber', 'productGroup'],
  defaultSort: { field: 'orderDate', dir: 'desc' },
  tieBreak: 'l.po_number DESC, l.po_line_number ASC',
};

const HEADER_COLUMNS = {
  company: 'h.company',
  poNumber: 'h.po_number',
  supplier: 'h.supplier',
  supplierName: 's.supplier_name',
  location: 'h.location',
  branch: 'h.branch',
  orderDate: "to_char(h.order_date, 'YYYY-MM-DD')",
  dueDate: "to_char(h.due_date, 'YYYY-MM-DD')",
  receivedDate: "to_char(h.received_date, 'YYYY-MM-DD')",
  status: 'h.status',
  buyer: 'h.buyer',
  lineCount: 'h.line_count',
  poTotal: 'h.po_total::float8',
  openTotal: 'h.open_total::float8',
};

const select = (columns: Record<string, string>) => Object.entries(columns).map(([name, sql]) => `${sql} AS "${name}"`).join(', ');

/** Filter fields of the lines joined to their header. */
const FILTER_FIELDS: FieldMap = {
  company: 'l.company',
  branch: 'h.branch',
  location: 'l.location',
  supplier: 'l.supplier',
  productGroup: 'l.product_group',
  itemNumber: 'l.item_number',
  poNumber: 'l.po_number',
  buyer: 'h.buyer',
  status: 'h.status',
};

const GROUP_BYS: GroupKeys<typeof PURCHASE_ORDER_GROUP_BYS> = {
  company: dimension('company', 'l.company'),
  branch: dimension('branch', 'h.branch'),
  location: dimension('location', 'l.location'),
  supplier: dimension('supplier', 'l.supplier'),
  productGroup: dimension('productGroup', 'l.product_group'),
  itemNumber: dimension('itemNumber', 'l.item_number'),
  buyer: { key: 'h.buyer' },
  month: { key: "to_char(l.order_date, 'YYYY-MM')" },
  quarter: { key: `to_char(l.order_date, 'YYYY-"Q"Q')` },
  year: { key: "to_char(l.order_date, 'YYYY')" },
};

/** The rollups' rows as lines (alias l): an order's company, supplier and header fields, to filter and group by. */
const ROLLUP_FILTER_FIELDS: FieldMap = { company: 'l.company', supplier: 'l.supplier', branch: 'l.branch', buyer: 'l.buyer', status: 'l.status' };
const ROLLUP_GROUP_BYS: Record<string, GroupKey> = {
  company: dimension('company', 'l.company'),
  branch: dimension('branch', 'l.branch'),
  supplier: dimension('supplier', 'l.supplier'),
  buyer: { key: 'l.buyer' },
  month: GROUP_BYS.month,
  quarter: GROUP_BYS.quarter,
  year: GROUP_BYS.year,
};

/** PoAgingBasis (seed §9 default LineDueDate): the date an open line's age counts from. */
const PO_AGING_BASES: Record<string, { ageFrom: string; dueDate: string; pastDue: boolean }> = {
  LineDueDate: { ageFrom: 'l.due_date', dueDate: 'l.due_date', pastDue: true },
  HeaderDueDate: { ageFrom: 'h.due_date', dueDate: 'h.due_date', pastDue: true },
  OrderDate: { ageFrom: 'l.order_date', dueDate: 'l.due_date', pastDue: false },
};

async function purchasing(app: FastifyInstance, user: SessionUser, settings: readonly string[] = []): Promise<ErpCall> {
  return companyWide(await erpCall(app.db, user, settings, 'PurchaseAccessRight'));
}

async function lines(call: ErpCall, request: NormalizedRequest, dateSlug: string | undefined) {
  const period = dateSlug ? resolveDate(dateSlug, call.context, call.today) : null;
  const result = await listQuery(call.db, { model: lineList, context: call.context, range: period ?? ALL_TIME, request });
  return {
    dateSlug: dateSlug ?? null,
    from: period?.from ?? null,
    to: period?.to ?? null,
    ...pageOf(request, result.totalCount),
    rows: result.rows as never,
  };
}

/** Per purchase order and period (alias p_i): amount, received amount and lines; a PO counts in a period with a line in it. */
const PER_PO = { amount: 'sum(l.cost)', receivedAmount: 'sum(l.cost - l.open_cost)', lineCount: 'count(*)' };

type PeriodAmounts = { from: string; to: string; amount: number; receivedAmount: number; lineCount: number; poCount: number };

/** What the rollups keep of an order's lines, in both tables. */
const ROLLUP_COLUMNS = 'company, supplier, branch, buyer, status, amount, received, line_count';

/**
 * The rollups' rows (migration 015) for one period, as UNION ALL parts: its whole months from
 * erp.purchase_order_month, its partial edge months from erp.purchase_order_day. `columns` names
 * what each part selects, given the part's date column.
 */
function rollupParts(call: ErpCall, period: DateRange, columns: (dateColumn: string) => string, params: SqlParams): string[] {
  const { months, edges } = monthParts(period, call.context.dataThrough);
  const parts: string[] = [];
  if (months) parts.push(`SELECT ${columns('month')} FROM erp.purchase_order_month WHERE ${dateBetween('month', months, params)}`);
  if (edges.length) {
    parts.push(`SELECT ${columns('order_date')} FROM erp.purchase_order_day WHERE (${edges.map((edge) => dateBetween('order_date', edge, params)).join(' OR ')})`);
  }
  return parts;
}

/**
 * periodAmounts from the rollups. Null when the rollups are behind the data or a filter names a
 * line field they do not keep (location, product group, item, PO number): the lines answer then.
 */
async function periodAmountsFromRollups(call: ErpCall, periods: readonly DateRange[], request: NormalizedRequest): Promise<PeriodAmounts[] | null> {
  if (!rollupKeeps(call, checkFilterFields(request.filters, Object.keys(FILTER_FIELDS)), ROLLUP_FILTER_FIELDS)) return null;
  const params = new SqlParams();
  const parts = periods.flatMap((period, i) => rollupParts(call, period, () => `${i} AS r, ${ROLLUP_COLUMNS}, po_count`, params));
  const where = filterPredicates(request.filters, ROLLUP_FILTER_FIELDS, params);
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT r, ${moneySum('l.amount')} AS amount, ${moneySum('l.received')} AS received, sum(l.line_count) AS lines, sum(l.po_count) AS orders
       FROM (${parts.join(' UNION ALL ')}) l ${where.length ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY r`,
    params.values,
  );
  return periods.map((p, i) => {
    const row = rows.find((r) => Number(r.r) === i);
    return { from: p.from, to: p.to, amount: Number(row?.amount ?? 0), receivedAmount: Number(row?.received ?? 0), lineCount: Number(row?.lines ?? 0), poCount: Number(row?.orders ?? 0) };
  });
}

/**
 * Purchase totals for several periods (by order date): from the rollups when they keep the
 * filters, else from the lines in one pass, summed per purchase order first, so counting the
 * orders of each period needs no DISTINCT.
 */
export async function periodAmounts(call: ErpCall, periods: readonly DateRange[], filters: AnalyticsSearchRequest['filters']): Promise<PeriodAmounts[]> {
  const request = normalizeRequest({ filters });
  const fromRollups = await periodAmountsFromRollups(call, periods, request);
  if (fromRollups) return fromRollups;
  const params = new SqlParams();
  const ranges = periods.map((p) => dateBetween('l.order_date', p, params));
  const where = [`(${ranges.join(' OR ')})`, ...filterPredicates(request.filters, FILTER_FIELDS, params)];
  const perPo = ranges.flatMap((range, i) => Object.entries(PER_PO).map(([name, sql]) => `${sql} FILTER (WHERE ${range}) AS "p${i}_${name}"`));
  const totals = periods.flatMap((_, i) => [
    ...Object.keys(PER_PO).map((name) => `sum("p${i}_${name}") AS "p${i}_${name}"`),
    `count(*) FILTER (WHERE "p${i}_lineCount" > 0) AS "p${i}_poCount"`,
  ]);
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT ${totals.join(', ')}
       FROM (SELECT ${perPo.join(', ')} FROM ${linesFor(null, request.filters)} WHERE ${where.join(' AND ')} GROUP BY l.company, l.po_number) po`,
    params.values,
  );
  const value = (i: number, name: string) => Number(rows[0]![`p${i}_${name}`] ?? 0);
  return periods.map((p, i) => ({
    from: p.from,
    to: p.to,
    amount: value(i, 'amount'),
    receivedAmount: value(i, 'receivedAmount'),
    lineCount: value(i, 'lineCount'),
    poCount: value(i, 'poCount'),
  }));
}

const SUMMARY_PERIODS = ['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year'] as const;

export async function purchasingRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data alone: answered from the result cache.
  const answer = answerer((user) => purchasing(app, user));
  const agingAnswer = answerer((user) => purchasing(app, user, PO_SETTINGS));

  // Like Invoice/Details: the last 30 days unless the request names a date choice.
  serve(app, purchaseOrderDetails, async (request) =>
    answer(request, (call) => lines(call, normalizeRequest(request.body), request.body.dateSlug ?? 'last-30-days')),
  );

  serve(app, purchaseOrderItemHistory, async (request) => answer(request, async (call) => {
    const { itemNumber, company, dateSlug, ...body } = request.body;
    const search = normalizeRequest(body);
    search.filters.push({ field: 'itemNumber', comparison: 'equals', values: [itemNumber] });
    if (company) search.filters.push({ field: 'company', comparison: 'equals', values: [company] });
    return lines(call, search, dateSlug);
  }));

  serve(app, purchaseOrderHeader, async (request) => answer(request, async (call) => {
    const { poNumber, company } = request.body;
    const params = new SqlParams();
    const where = [`h.po_number = ${params.add(poNumber)}`, ...(company ? [`h.company = ${params.add(company)}`] : [])];
    const { rows: headers } = await call.db.query<{ company: string }>(
      `SELECT ${select(HEADER_COLUMNS)} FROM erp.purchase_order_header h
         LEFT JOIN erp.supplier s ON s.company = h.company AND s.supplier = h.supplier
        WHERE ${where.join(' AND ')} ORDER BY h.company`,
      params.values,
    );
    const header = headers[0];
    if (!header) throw new HttpError(404, `Purchase order ${poNumber} not found`);
    if (headers.length > 1 && !company) throw new HttpError(400, `company is required: purchase order ${poNumber} exists in several companies`);
    const { rows } = await call.db.query(
      `SELECT ${select(LINE_COLUMNS)} FROM ${LINE_FROM} WHERE l.company = $1 AND l.po_number = $2 ORDER BY l.po_line_number`,
      [header.company, poNumber],
    );
    return { header: header as never, lines: rows as never };
  }));

  serve(app, purchaseOrderGrouped, async (request) => answer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const dateSlug = request.body.dateSlug ?? 'year-to-date';
    const period = resolveDate(dateSlug, call.context, call.today);
    const params = new SqlParams();
    const group = groupKeyOf(GROUP_BYS, request.params.groupBy, 'PurchaseOrder');
    const common = { salesRepColumn: null, request: search, defaultSort: { field: 'amount', dir: 'desc' as const }, params };
    // The rollups keep an order's company, supplier, branch, buyer, status and date: groups by
    // those, with filters on them, add up their rows (whole months and the edges' days).
    const rollupGroup = own(ROLLUP_GROUP_BYS, request.params.groupBy);
    const result = rollupGroup && rollupKeeps(call, checkFilterFields(search.filters, Object.keys(FILTER_FIELDS)), ROLLUP_FILTER_FIELDS)
      ? await groupedMeasures(call, {
          from: `(${rollupParts(call, period, (date) => `${date} AS order_date, ${ROLLUP_COLUMNS}`, params).join(' UNION ALL ')}) l`,
          where: [],
          group: rollupGroup,
          measures: { amount: moneySum('l.amount'), receivedAmount: moneySum('l.received'), openAmount: moneySum('l.amount - l.received'), lineCount: 'sum(l.line_count)' },
          filterFields: ROLLUP_FILTER_FIELDS,
          ...common,
        })
      : await groupedMeasures(call, {
          from: linesFor(request.params.groupBy, search.filters),
          where: [dateBetween('l.order_date', period, params)],
          group,
          measures: { amount: 'sum(l.cost)', receivedAmount: 'sum(l.cost - l.open_cost)', openAmount: 'sum(l.open_cost)', lineCount: 'count(*)' },
          filterFields: FILTER_FIELDS,
          ...common,
        });
    return periodGroupedAnswer(request.params.groupBy, dateSlug, period, search, result);
  }));

  serve(app, purchaseOrderOpenGrouped, async (request) => agingAnswer(request, async (call) => {
    const basisName = call.settings.PoAgingBasis!;
    const basis = own(PO_AGING_BASES, basisName);
    if (!basis) throw new HttpError(400, `Unknown PoAgingBasis setting '${basisName}'; expected one of ${Object.keys(PO_AGING_BASES).join(', ')}`);
    return agingGrouped(
      call,
      {
        what: 'PurchaseOrder/Open',
        from: basisName === 'HeaderDueDate' ? LINES : linesFor(request.params.groupBy, normalizeRequest(request.body).filters),
        where: ['l.qty_open > 0'],
        groupBys: GROUP_BYS,
        filterFields: FILTER_FIELDS,
        salesRepColumn: null,
        amount: 'l.open_cost',
        dueDate: basis.dueDate,
        ageFrom: basis.ageFrom,
        basis: basisName,
        buckets: agingBuckets(agingPeriods(call.settings, 'ApAgingPeriod'), basis.pastDue),
      },
      request.params.groupBy,
      request.body,
    );
  }));

  serve(app, purchaseOrderKpi, async (request) => answer(request, async (call) => {
    const period = resolveDate(request.body.dateSlug, call.context, call.today);
    const [current, comparison] = await periodAmounts(call, period.comparison ? [period, period.comparison] : [period], request.body.filters);
    return {
      dateSlug: request.body.dateSlug,
      label: period.label,
      current: current!,
      comparison: comparison ?? null,
      change: comparison ? Math.round((current!.amount - comparison.amount) * 100) / 100 : null,
      changePercent: comparison && comparison.amount !== 0 ? Math.round((10_000 * (current!.amount - comparison.amount)) / comparison.amount) / 100 : null,
    };
  }));

  serve(app, purchaseOrderSummary, async (request) => answer(request, async (call) => {
    const periods = SUMMARY_PERIODS.map((slug) => resolveDate(slug, call.context, call.today));
    const amounts = await periodAmounts(call, periods, request.body?.filters);
    return { periods: periods.map((p, i) => ({ dateSlug: p.slug, label: p.label, ...amounts[i]! })) };
  }));

  serve(app, purchaseOrderOnTime, async (request) => answer(request, async (call) => {
    const search = normalizeRequest(request.body);
    const groupBy = request.body.groupBy ?? 'supplier';
    const period = resolveDate(request.body.dateSlug, call.context, call.today);
    const params = new SqlParams();
    const result = await groupedMeasures(call, {
      from: linesFor(groupBy, search.filters),
      where: [dateBetween('l.received_date', period, params)],
      group: groupKeyOf(GROUP_BYS, groupBy, 'PurchaseOrder/OnTime'),
      measures: {
        receivedLines: 'count(*)',
        onTimeLines: 'count(*) FILTER (WHERE l.received_date <= l.due_date)',
        lateLines: 'count(*) FILTER (WHERE l.received_date > l.due_date)',
        daysLate: 'sum(greatest(l.received_date - l.due_date, 0))',
      },
      filterFields: FILTER_FIELDS,
      salesRepColumn: null,
      request: search,
      defaultSort: { field: 'receivedLines', dir: 'desc' },
      params,
    });
    const withPercent = (r: Record<string, unknown>) => ({
      ...r,
      onTimePercent: Number(r.receivedLines) === 0 ? null : Math.round((10_000 * Number(r.onTimeLines)) / Number(r.receivedLines)) / 100,
    });
    return periodGroupedAnswer(groupBy, request.body.dateSlug, period, search, result, withPercent);
  }));
}
