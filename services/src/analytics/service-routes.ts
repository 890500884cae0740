/**
 * The ServiceOrder and Shipment calls (seed 001 §7.11) on erp.service_order_header/line/note
 * and erp.shipment. Both belong to an account and its sales rep, so every call reads the user's
 * data scope exactly as the Order calls do (scope.ts: a rep his accounts, a manager his team, an
 * administrator all); ids and filters only narrow it. Lists use the whitelisted list models of
 * engine.ts, groupings groupedMeasures of erp-common.ts, dates the shared date choices.
 */
import type { FastifyInstance } from 'fastify';
import {
  SERVICE_ORDER_GROUP_BYS,
  serviceOrderDetails,
  serviceOrderGrouped,
  serviceOrderHistory,
  serviceOrderNotes,
  serviceOrderSummary,
  SHIPMENT_GROUP_BYS,
  shipmentList,
} from '@tradeboard/shared/contracts';
import type { ResolvedDateChoice } from '@tradeboard/shared/dates';
import type { SessionUser } from '../platform/session.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { analyticsQuery, listQuery, type ListModel } from './engine.ts';
import { ALL_TIME, answerer, dimension, erpCall, groupedMeasures, groupKeyOf, pageOf, rollupKeeps, todaySql, type ErpCall, type GroupKeys } from './erp-common.ts';
import { resolveDate } from './questions.ts';
import { scopePredicate } from './scope.ts';
import { badRequest, checkFilterFields, dateBetween, filterPredicates, normalizeRequest, SqlParams, type FieldMap, type NormalizedRequest } from './search-request.ts';

const day = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;
const round2 = (x: number) => Math.round(x * 100) / 100;
const ratio = (num: number, den: number, scale = 1) => (den === 0 ? null : round2((scale * num) / den));

/** The caller's scope and today (service orders and shipments need no access right besides the scope). */
function scoped(app: FastifyInstance, user: SessionUser): Promise<ErpCall> {
  return erpCall(app.db, user, []);
}

/** The request with `field = value` filters for the ids a call takes outside its filters. */
export function withEquals(request: NormalizedRequest, equals: Record<string, string | undefined>): NormalizedRequest {
  const added = Object.entries(equals)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, comparison: 'equals' as const, values: [value!] }));
  return { ...request, filters: [...request.filters, ...added] };
}

/** A page of a list model for a period (or, with none, not cut by date). */
export async function listPage(call: ErpCall, model: ListModel, period: ResolvedDateChoice | null, request: NormalizedRequest, dateSlug: string | null) {
  const result = await listQuery(call.db, { model, context: call.context, range: period ?? ALL_TIME, request });
  return { dateSlug, from: period?.from ?? null, to: period?.to ?? null, ...pageOf(request, result.totalCount), rows: result.rows as never[], totals: result.totals };
}

// ------------------------------------------------------------------------------ ServiceOrder lists
const NAMED = (a: string) => `
    LEFT JOIN erp.customer c ON c.company = ${a}.company AND c.customer = ${a}.customer
    LEFT JOIN erp.technician t ON t.company = ${a}.company AND t.technician = ${a}.technician`;

/** Service orders (History), with days open and lateness as of today. */
function serviceOrderList(today: string, openOnly: boolean): ListModel {
  const until = `coalesce(h.completed_date, ${today})`;
  return {
    name: 'ServiceOrder/History',
    from: `erp.service_order_header h ${NAMED('h')}`,
    dateColumn: 'h.opened_date',
    salesRepColumn: 'h.sales_rep',
    columns: {
      company: 'h.company',
      serviceOrderNumber: 'h.service_order_number',
      serviceType: 'h.service_type',
      status: 'h.status',
      description: 'h.description',
      equipment: 'h.equipment',
      serialNumber: 'h.serial_number',
      customer: 'h.customer',
      customerName: 'c.customer_name',
      shipTo: 'h.ship_to',
      salesRep: 'h.sales_rep',
      branch: 'h.branch',
      technician: 'h.technician',
      technicianName: 't.technician_name',
      customerPo: 'h.customer_po',
      openedDate: day('h.opened_date'),
      promisedDate: day('h.promised_date'),
      completedDate: day('h.completed_date'),
      invoicedDate: day('h.invoiced_date'),
      daysOpen: `(${until} - h.opened_date)`,
      isLate: `(${until} > h.promised_date)`,
      lineCount: 'h.line_count',
      labourHours: 'h.labour_hours::float8',
      labourAmount: 'h.labour_amount::float8',
      partsAmount: 'h.parts_amount::float8',
      sales: 'h.total_amount::float8',
      cost: 'h.cost::float8',
      grossProfit: '(h.total_amount - h.cost)::float8',
    },
    searchColumns: ['serviceOrderNumber', 'customer', 'customerName', 'description', 'customerPo', 'serialNumber'],
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'technician', 'status', 'serviceType', 'serviceOrderNumber'],
    defaultSort: { field: 'openedDate', dir: 'desc' },
    tieBreak: 'h.service_order_number DESC, h.company ASC',
    where: openOnly ? "h.status <> 'Invoiced'" : undefined,
    totals: { serviceOrderCount: '1', sales: 'h.total_amount', cost: 'h.cost', labourHours: 'h.labour_hours' },
  };
}

/** Service order lines (Details); with openOnly, the lines of orders not invoiced yet. */
function serviceLineList(openOnly: boolean): ListModel {
  return {
    name: 'ServiceOrder/Details',
    from: `erp.service_order_line l ${NAMED('l')}`,
    dateColumn: 'l.opened_date',
    salesRepColumn: 'l.sales_rep',
    columns: {
      company: 'l.company',
      serviceOrderNumber: 'l.service_order_number',
      lineNumber: 'l.line_number',
      lineType: 'l.line_type',
      status: 'l.status',
      openedDate: day('l.opened_date'),
      customer: 'l.customer',
      customerName: 'c.customer_name',
      shipTo: 'l.ship_to',
      salesRep: 'l.sales_rep',
      branch: 'l.branch',
      technician: 'l.technician',
      technicianName: 't.technician_name',
      itemNumber: 'l.item_number',
      productGroup: 'l.product_group',
      description: 'l.description',
      qty: 'l.qty::float8',
      unitPrice: 'l.unit_price::float8',
      sales: 'l.amount::float8',
      cost: 'l.cost::float8',
      grossProfit: '(l.amount - l.cost)::float8',
    },
    searchColumns: ['serviceOrderNumber', 'customer', 'customerName', 'itemNumber', 'description'],
    filterFields: ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'status', 'lineType', 'technician', 'itemNumber', 'productGroup', 'serviceOrderNumber'],
    defaultSort: { field: 'openedDate', dir: 'desc' },
    tieBreak: 'l.service_order_number DESC, l.line_number ASC',
    where: openOnly ? "l.status <> 'Invoiced'" : undefined,
  };
}

/** Service order notes, scoped by their order's sales rep. */
const noteList: ListModel = {
  name: 'ServiceOrder/Notes',
  from: `erp.service_order_note n
    JOIN erp.service_order_header h ON h.company = n.company AND h.service_order_number = n.service_order_number
    LEFT JOIN erp.customer c ON c.company = h.company AND c.customer = h.customer`,
  dateColumn: 'n.note_date',
  salesRepColumn: 'h.sales_rep',
  columns: {
    company: 'n.company',
    serviceOrderNumber: 'n.service_order_number',
    noteNumber: 'n.note_number',
    noteDate: day('n.note_date'),
    noteType: 'n.note_type',
    enteredBy: 'n.entered_by',
    noteText: 'n.note_text',
    status: 'h.status',
    customer: 'h.customer',
    customerName: 'c.customer_name',
  },
  searchColumns: ['serviceOrderNumber', 'noteText', 'enteredBy', 'customer', 'customerName'],
  filterFields: ['company', 'serviceOrderNumber', 'noteType', 'status', 'customer'],
  defaultSort: { field: 'noteDate', dir: 'desc' },
  tieBreak: 'n.service_order_number DESC, n.note_number DESC',
};

// ------------------------------------------------------------------------------ ServiceOrder groupings
/** Filter fields of the service order headers (alias h). */
const SERVICE_FILTERS: FieldMap = {
  company: 'h.company',
  branch: 'h.branch',
  salesRep: 'h.sales_rep',
  customer: 'h.customer',
  shipTo: 'h.ship_to',
  technician: 'h.technician',
  status: 'h.status',
  serviceType: 'h.service_type',
  serviceOrderNumber: 'h.service_order_number',
};

/** The header fields erp.service_order_day (migration 026) keeps, under the headers' names. */
const SERVICE_DAY_FIELDS: FieldMap = { company: 'h.company', branch: 'h.branch', salesRep: 'h.sales_rep' };

/** ServiceOrder/Summary's figures per period. */
const SUMMARY_FIGURES = ['serviceOrderCount', 'completedCount', 'sales', 'cost', 'labourAmount', 'partsAmount', 'labourHours', 'lineCount'];

const SERVICE_GROUPS: GroupKeys<typeof SERVICE_ORDER_GROUP_BYS> = {
  company: dimension('company', 'h.company'),
  branch: dimension('branch', 'h.branch'),
  salesRep: dimension('salesRep', 'h.sales_rep'),
  customer: dimension('customer', 'h.customer'),
  shipTo: dimension('shipTo', 'h.ship_to'),
  technician: { key: 'h.technician', names: { table: 'erp.technician', key: 'technician', name: 'technician_name' } },
  status: { key: 'h.status' },
  serviceType: { key: 'h.service_type' },
  month: { key: "to_char(h.opened_date, 'YYYY-MM')" },
  quarter: { key: `to_char(h.opened_date, 'YYYY-"Q"Q')` },
  year: { key: "to_char(h.opened_date, 'YYYY')" },
};
const TIME_KEYS = ['month', 'quarter', 'year', 'week'];

/**
 * The measures of a set of service orders: with `only`, of the rows it holds for (the period
 * when the rows span a comparison period too). Ratios are measures so they sort; they are
 * recomputed from the sums for the totals.
 */
function serviceMeasures(only: string | null): Record<string, string> {
  const when = (extra?: string) => {
    const conditions = [only, extra].filter(Boolean);
    return conditions.length ? ` FILTER (WHERE ${conditions.join(' AND ')})` : '';
  };
  const sum = (sql: string, extra?: string) => `sum(${sql})${when(extra)}`;
  return {
    serviceOrderCount: `count(*)${when()}`,
    openCount: `count(*)${when("h.status <> 'Invoiced'")}`,
    completedCount: `count(*)${when('h.completed_date IS NOT NULL')}`,
    sales: sum('h.total_amount'),
    labourAmount: sum('h.labour_amount'),
    partsAmount: sum('h.parts_amount'),
    cost: sum('h.cost'),
    grossProfit: sum('h.total_amount - h.cost'),
    grossProfitPercent: `100 * ${sum('h.total_amount - h.cost')} / nullif(${sum('h.total_amount')}, 0)`,
    labourHours: sum('h.labour_hours'),
    lineCount: sum('h.line_count'),
    daysToComplete: sum('h.completed_date - h.opened_date', 'h.completed_date IS NOT NULL'),
    averageDaysToComplete: `avg(h.completed_date - h.opened_date)${when('h.completed_date IS NOT NULL')}`,
    currentSales: sum('h.total_amount'),
    currentGrossProfit: sum('h.total_amount - h.cost'),
  };
}

/**
 * The service measures over erp.service_order_day (as alias h), which keeps the headers' amount
 * columns under their names and counts the orders of each day (only ServiceOrder/Summary's
 * figures: it keeps no completion dates).
 */
function serviceDayMeasures(only: string): Record<string, string> {
  return { ...serviceMeasures(only), serviceOrderCount: `sum(h.order_count) FILTER (WHERE ${only})`, completedCount: `sum(h.completed_count) FILTER (WHERE ${only})` };
}

function comparisonMeasures(current: string, comparison: string): Record<string, string> {
  const cur = `coalesce(sum(h.total_amount) FILTER (WHERE ${current}), 0)`;
  const prev = `sum(h.total_amount) FILTER (WHERE ${comparison})`;
  return {
    comparisonSales: prev,
    comparisonGrossProfit: `sum(h.total_amount - h.cost) FILTER (WHERE ${comparison})`,
    comparisonServiceOrderCount: `count(*) FILTER (WHERE ${comparison})`,
    change: `${cur} - coalesce(${prev}, 0)`,
    changePercent: `100 * (${cur} - ${prev}) / nullif(${prev}, 0)`,
  };
}

/** A grouped row or the totals with its ratios from its sums, and the comparison figures (null without compare). */
function serviceFigures(row: Record<string, unknown>, compare: boolean): Record<string, unknown> {
  const n = (name: string) => Number(row[name] ?? 0);
  const { daysToComplete: _days, ...rest } = row;
  return {
    ...rest,
    grossProfitPercent: ratio(n('grossProfit'), n('sales'), 100),
    averageDaysToComplete: ratio(n('daysToComplete'), n('completedCount')),
    currentSales: n('sales'),
    currentGrossProfit: n('grossProfit'),
    comparisonSales: compare ? n('comparisonSales') : null,
    comparisonGrossProfit: compare ? n('comparisonGrossProfit') : null,
    comparisonServiceOrderCount: compare ? n('comparisonServiceOrderCount') : null,
    change: compare ? round2(n('sales') - n('comparisonSales')) : null,
    changePercent: compare ? ratio(n('sales') - n('comparisonSales'), n('comparisonSales'), 100) : null,
  };
}

const SUMMARY_PERIODS = ['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year'] as const;

// ------------------------------------------------------------------------------ Shipment
const SHIPMENT_COLUMNS = {
  company: 's.company',
  shipmentNumber: 's.shipment_number',
  orderNumber: 's.order_number',
  shipDate: day('s.ship_date'),
  carrier: 's.carrier',
  shipVia: 's.ship_via',
  trackingNumber: 's.tracking_number',
  status: 's.status',
  estimatedDeliveryDate: day('s.estimated_delivery_date'),
  deliveredDate: day('s.delivered_date'),
  transitDays: '(s.delivered_date - s.ship_date)',
  onTime: '(s.delivered_date <= s.estimated_delivery_date)',
  customer: 's.customer',
  customerName: 'c.customer_name',
  shipTo: 's.ship_to',
  shipToName: 'st.ship_to_name',
  salesRep: 's.sales_rep',
  branch: 's.branch',
  location: 's.location',
  packageCount: 's.package_count',
  weight: 's.weight::float8',
  freight: 's.freight::float8',
};
const SHIPMENT_FILTER_NAMES = ['company', 'branch', 'location', 'salesRep', 'customer', 'shipTo', 'carrier', 'shipVia', 'status', 'orderNumber', 'trackingNumber', 'shipmentNumber'] as const;

const shipmentRows: ListModel = {
  name: 'Shipment/List',
  from: `erp.shipment s
    LEFT JOIN erp.customer c ON c.company = s.company AND c.customer = s.customer
    LEFT JOIN erp.ship_to st ON st.company = s.company AND st.ship_to = s.ship_to`,
  dateColumn: 's.ship_date',
  salesRepColumn: 's.sales_rep',
  columns: SHIPMENT_COLUMNS,
  searchColumns: ['shipmentNumber', 'orderNumber', 'trackingNumber', 'customer', 'customerName', 'carrier'],
  filterFields: SHIPMENT_FILTER_NAMES,
  defaultSort: { field: 'shipDate', dir: 'desc' },
  tieBreak: 's.shipment_number DESC, s.company ASC',
  notNull: ['shipDate'],
  totals: {
    shipmentCount: '1',
    packageCount: 's.package_count',
    weight: 's.weight',
    freight: 's.freight',
    deliveredCount: '(s.delivered_date IS NOT NULL)::int',
    onTimeCount: '(s.delivered_date <= s.estimated_delivery_date)::int',
  },
};
const SHIPMENT_FILTERS: FieldMap = Object.fromEntries(SHIPMENT_FILTER_NAMES.map((f) => [f, SHIPMENT_COLUMNS[f]]));

const SHIPMENT_GROUPS: GroupKeys<typeof SHIPMENT_GROUP_BYS> = {
  carrier: { key: 's.carrier' },
  shipVia: { key: 's.ship_via' },
  status: { key: 's.status' },
  company: dimension('company', 's.company'),
  branch: dimension('branch', 's.branch'),
  location: dimension('location', 's.location'),
  salesRep: dimension('salesRep', 's.sales_rep'),
  customer: dimension('customer', 's.customer'),
  shipTo: dimension('shipTo', 's.ship_to'),
  week: { key: "to_char(s.ship_date - extract(dow FROM s.ship_date)::int, 'YYYY-MM-DD')" },
  month: { key: "to_char(s.ship_date, 'YYYY-MM')" },
};

const SHIPMENT_MEASURES = {
  shipmentCount: 'count(*)',
  packageCount: 'sum(s.package_count)',
  weight: 'sum(s.weight)',
  freight: 'sum(s.freight)',
  freightPerShipment: 'avg(s.freight)',
  deliveredCount: 'count(s.delivered_date)',
  onTimeCount: 'count(*) FILTER (WHERE s.delivered_date <= s.estimated_delivery_date)',
  onTimePercent: '100.0 * count(*) FILTER (WHERE s.delivered_date <= s.estimated_delivery_date) / nullif(count(s.delivered_date), 0)',
  transitDays: 'sum(s.delivered_date - s.ship_date)',
  averageTransitDays: 'avg(s.delivered_date - s.ship_date)',
};

/** A shipment group or the totals with its ratios from its sums. */
function shipmentFigures(row: Record<string, unknown>): Record<string, unknown> {
  const n = (name: string) => Number(row[name] ?? 0);
  const { transitDays: _transit, ...rest } = row;
  return {
    ...rest,
    freightPerShipment: ratio(n('freight'), n('shipmentCount')),
    onTimePercent: ratio(n('onTimeCount'), n('deliveredCount'), 100),
    averageTransitDays: ratio(n('transitDays'), n('deliveredCount')),
  };
}

// ------------------------------------------------------------------------------ routes
export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  // Every call here is read from the ERP data in the caller's scope: answered from the result cache.
  const answer = answerer((user) => scoped(app, user));

  // Open lines by default; with a dateSlug, the lines of orders opened in it; one order's lines by number.
  serve(app, serviceOrderDetails, async (request) => answer(request, async (call) => {
    const { dateSlug, serviceOrderNumber, company, ...body } = request.body;
    let search = normalizeRequest(body);
    if (serviceOrderNumber) {
      search = withEquals(search, { serviceOrderNumber, company });
      if (!search.sortBy) search = { ...search, sortBy: 'lineNumber', sortDir: 'asc' };
    } else if (company) {
      search = withEquals(search, { company });
    }
    const period = dateSlug ? resolveDate(dateSlug, call.context, call.today) : null;
    const { totals: _none, ...page } = await listPage(call, serviceLineList(!dateSlug && !serviceOrderNumber), period, search, dateSlug ?? null);
    return page;
  }));

  serve(app, serviceOrderNotes, async (request) => answer(request, async (call) => {
    const { dateSlug, serviceOrderNumber, company, ...body } = request.body;
    let search = normalizeRequest(body);
    if (serviceOrderNumber) {
      // The order must be one the user sees; a number several companies use needs the company.
      const orders = await listQuery(call.db, {
        model: serviceOrderList(todaySql(call), false),
        context: call.context,
        request: withEquals(normalizeRequest({ pageSize: 2 }), { serviceOrderNumber, company }),
      });
      if (orders.totalCount === 0) throw new HttpError(404, `serviceOrderNumber '${serviceOrderNumber}' was not found`);
      if (orders.totalCount > 1) throw badRequest(`serviceOrderNumber '${serviceOrderNumber}' exists in several companies; give company`);
      search = withEquals(search, { serviceOrderNumber, company: String(orders.rows[0]!.company) });
      if (!search.sortBy) search = { ...search, sortBy: 'noteNumber', sortDir: 'asc' };
    } else if (company) {
      search = withEquals(search, { company });
    }
    const slug = dateSlug ?? (serviceOrderNumber ? null : 'last-30-days');
    const period = slug ? resolveDate(slug, call.context, call.today) : null;
    const { totals: _none, ...page } = await listPage(call, noteList, period, search, slug);
    return page;
  }));

  serve(app, serviceOrderHistory, async (request) => answer(request, async (call) => {
    const { dateSlug, customer, shipTo, company, openOnly, ...body } = request.body;
    const search = withEquals(normalizeRequest(body), { customer, shipTo, company });
    const period = dateSlug ? resolveDate(dateSlug, call.context, call.today) : null;
    const page = await listPage(call, serviceOrderList(todaySql(call), openOnly ?? false), period, search, dateSlug ?? null);
    const t = page.totals;
    return {
      ...page,
      totals: {
        serviceOrderCount: page.totalCount,
        sales: round2(t.sales ?? 0),
        cost: round2(t.cost ?? 0),
        grossProfit: round2((t.sales ?? 0) - (t.cost ?? 0)),
        labourHours: round2(t.labourHours ?? 0),
      },
    };
  }));

  serve(app, serviceOrderGrouped, async (request) => answer(request, async (call) => {
    const { groupBy } = request.params;
    const { dateSlug, compare, ...body } = request.body;
    const search = normalizeRequest(body);
    const group = groupKeyOf(SERVICE_GROUPS, groupBy, 'ServiceOrder');
    if (compare && !dateSlug) throw badRequest('compare needs a dateSlug: the open service orders have no comparison period');
    const period = dateSlug ? resolveDate(dateSlug, call.context, call.today) : null;
    const comparison = compare && period?.comparison ? period.comparison : null;
    const params = new SqlParams();
    let where: string[];
    let measures: Record<string, string>;
    if (!period) {
      where = ["h.status <> 'Invoiced'"];
      measures = serviceMeasures(null);
    } else if (!comparison) {
      where = [dateBetween('h.opened_date', period, params)];
      measures = serviceMeasures(null);
    } else {
      const current = dateBetween('h.opened_date', period, params);
      const previous = dateBetween('h.opened_date', comparison, params);
      where = [`(${current} OR ${previous})`];
      measures = { ...serviceMeasures(current), ...comparisonMeasures(current, previous) };
    }
    const time = TIME_KEYS.includes(groupBy);
    const result = await groupedMeasures(call, {
      from: 'erp.service_order_header h',
      where,
      group,
      measures,
      filterFields: SERVICE_FILTERS,
      salesRepColumn: 'h.sales_rep',
      request: search,
      defaultSort: time ? { field: 'key', dir: 'asc' } : { field: 'sales', dir: 'desc' },
      params,
    });
    const withComparison = comparison !== null;
    return {
      groupBy,
      dateSlug: dateSlug ?? null,
      label: period?.label ?? 'Open',
      from: period?.from ?? null,
      to: period?.to ?? null,
      current: period ? { from: period.from, to: period.to } : null,
      comparison: comparison ? { from: comparison.from, to: comparison.to } : null,
      ...pageOf(search, result.totalCount),
      totals: serviceFigures(result.totals, withComparison) as never,
      rows: result.rows.map((row) => serviceFigures(row, withComparison)) as never,
    };
  }));

  serve(app, serviceOrderSummary, async (request) => answer(request, async (call) => {
    const search = normalizeRequest({ filters: request.body?.filters });
    const periods = SUMMARY_PERIODS.map((slug) => resolveDate(slug, call.context, call.today));
    const params = new SqlParams();
    const ranges = periods.map((p) => dateBetween('h.opened_date', p, params));
    const where = [`(${ranges.join(' OR ')})`];
    const scope = scopePredicate(call.context.scope, 'h.sales_rep', params);
    if (scope) where.push(scope);
    where.push(...filterPredicates(search.filters, SERVICE_FILTERS, params));
    const byDay = rollupKeeps(call, checkFilterFields(search.filters, Object.keys(SERVICE_FILTERS)), SERVICE_DAY_FIELDS);
    const columns = ranges.flatMap((range, i) => {
      const measures = byDay ? serviceDayMeasures(range) : serviceMeasures(range);
      return SUMMARY_FIGURES.map((name) => `${measures[name]} AS "p${i}_${name}"`);
    });
    const table = byDay ? 'erp.service_order_day' : 'erp.service_order_header';
    const { rows } = await analyticsQuery(call.db, `SELECT ${columns.join(', ')} FROM ${table} h WHERE ${where.join(' AND ')}`, params.values);
    const row = rows[0] ?? {};
    return {
      periods: periods.map((p, i) => {
        const n = (name: string) => Number(row[`p${i}_${name}`] ?? 0);
        const sales = round2(n('sales'));
        const cost = round2(n('cost'));
        return {
          dateSlug: p.slug,
          label: p.label,
          from: p.from,
          to: p.to,
          sales,
          cost,
          grossProfit: round2(sales - cost),
          grossProfitPercent: ratio(sales - cost, sales, 100),
          lineCount: n('lineCount'),
          documentCount: n('serviceOrderCount'),
          completedCount: n('completedCount'),
          labourAmount: round2(n('labourAmount')),
          partsAmount: round2(n('partsAmount')),
          labourHours: round2(n('labourHours')),
        };
      }),
    };
  }));

  // Shipments of a period (default the last 30 days; every date for one order), or their groups.
  serve(app, shipmentList, async (request) => answer(request, async (call) => {
    const { dateSlug, orderNumber, company, groupBy, ...body } = request.body;
    const search = withEquals(normalizeRequest(body), { orderNumber, company });
    const slug = dateSlug ?? (orderNumber ? null : 'last-30-days');
    const period = slug ? resolveDate(slug, call.context, call.today) : null;
    if (!groupBy) {
      const page = await listPage(call, shipmentRows, period, search, slug);
      const t = page.totals;
      const delivered = t.deliveredCount ?? 0;
      return {
        ...page,
        groupBy: null,
        totals: {
          shipmentCount: page.totalCount,
          packageCount: t.packageCount ?? 0,
          weight: round2(t.weight ?? 0),
          freight: round2(t.freight ?? 0),
          deliveredCount: delivered,
          onTimeCount: t.onTimeCount ?? 0,
          onTimePercent: ratio(t.onTimeCount ?? 0, delivered, 100),
        },
      };
    }
    const group = groupKeyOf(SHIPMENT_GROUPS, groupBy, 'Shipment');
    const params = new SqlParams();
    const time = groupBy === 'week' || groupBy === 'month';
    const result = await groupedMeasures(call, {
      from: 'erp.shipment s',
      where: period ? [dateBetween('s.ship_date', period, params)] : [],
      group,
      measures: SHIPMENT_MEASURES,
      filterFields: SHIPMENT_FILTERS,
      salesRepColumn: 's.sales_rep',
      request: search,
      defaultSort: time ? { field: 'key', dir: 'asc' } : { field: 'shipmentCount', dir: 'desc' },
      params,
    });
    const { freightPerShipment: _f, averageTransitDays: _a, ...totals } = shipmentFigures(result.totals);
    return {
      dateSlug: slug,
      from: period?.from ?? null,
      to: period?.to ?? null,
      groupBy,
      ...pageOf(search, result.totalCount),
      totals: totals as never,
      rows: result.rows.map(shipmentFigures) as never,
    };
  }));
}
