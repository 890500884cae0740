/**
 * The remaining sales data calls of seed 001 §7.11 on invoices, orders, quotes and bookings:
 * documents (headers with lines), lists, by-day series, quarterly and run-rate groupings,
 * freight, on-time delivery and QuoteBooked. Each answers through the result cache with the
 * user's scope, like the calls of analytics-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  bookingByDay,
  bookingDetails,
  bookingQuarterly,
  invoiceByDay,
  invoiceCommissionOnPaid,
  invoiceFirstTime,
  invoiceFreightGrouped,
  invoiceHeader,
  invoiceItemHistory,
  invoiceQuarterly,
  orderDetails,
  orderHeader,
  orderHeaderList,
  orderLineInvoice,
  orderLinesNotInStock,
  orderOnTimeGrouped,
  orderOnTimeKpi,
  quoteBookedGrouped,
  quoteBookedRank,
  quoteBookedSlidingComparison,
  quoteBookedSummary,
  quoteBookedYearOverYear,
  quoteByDay,
  quoteDetails,
  quoteHeader,
  quoteKpi,
  quoteSummary,
  runRateBookingsGrouped,
  runRateBookingsQuarterly,
  runRateSalesGrouped,
  runRateSalesQuarterly,
  type AnalyticsSearchRequest,
  type ByDayResult,
  type RunRateResult,
} from '@tradeboard/shared/contracts';
import { addDays, addMonths, DATE_WINDOW, daysIn, endOfMonth, isDateInWindow, startOfMonth, type DateRange } from '@tradeboard/shared/dates';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import { serve } from '../platform/route.ts';
import { aggregateQuery, analyticsQuery, listQuery, money, pct, seriesQuery, totalsOf, type ExtraMeasure, type ListModel } from './engine.ts';
import type { Model } from './models.ts';
import { bookingBasis, bookingOf, invoiceOf, listAnswer, onTimeOf, questions, quoteBookedOf, quoteOf, resolveDate, type Answer, type AnswerFn } from './questions.ts';
import {
  bookingList,
  commissionOnPaidList,
  firstTimeList,
  invoiceHeaderList,
  invoiceLineList,
  linesNotInStockList,
  orderHeaderList as orderHeaderModel,
  orderLineInvoiceList,
  orderLineList,
  quoteHeaderList,
  quoteLineList,
} from './sales-lists.ts';
import { rollupCounts } from './erp-common.ts';
import { badRequest, normalizeRequest, SqlParams, type FieldMap, type NormalizedRequest } from './search-request.ts';

/** The fields of erp.order_line_short (migration 028) a filter can name. */
const SHORT_LINE_FIELDS: FieldMap = { company: 'r.company', branch: 'r.branch', salesRep: 'r.sales_rep', location: 'r.location', status: 'r.status' };

const MAX_BY_DAY = 62;
const round2 = (x: number) => Math.round(x * 100) / 100;
const windowText = `from ${DATE_WINDOW.from} to ${DATE_WINDOW.to}`;

/** The request with `field = value` filters added for the ids a call takes outside its filters. */
function withEquals(request: NormalizedRequest, equals: Record<string, string | number | undefined>): NormalizedRequest {
  const added = Object.entries(equals)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, comparison: 'equals' as const, values: [String(value)] }));
  return { ...request, filters: [...request.filters, ...added] };
}

/**
 * One document (header and lines) by number, within the user's scope: 404 when no visible
 * document has the number, 400 when several companies' documents do and no company was given.
 */
async function documentAnswer(
  a: Answer,
  spec: { header: ListModel; lines: ListModel; numberField: string; number: string; company: string | undefined },
) {
  const ids = { [spec.numberField]: spec.number, company: spec.company };
  const headers = await listQuery(a.db, { model: spec.header, context: a.context, request: withEquals(normalizeRequest({ pageSize: 2 }), ids) });
  if (headers.totalCount === 0) throw new HttpError(404, `${spec.numberField} '${spec.number}' was not found`);
  if (headers.totalCount > 1) throw badRequest(`${spec.numberField} '${spec.number}' exists in several companies; give company`);
  const header = headers.rows[0]!;
  const lines = await listQuery(a.db, {
    model: spec.lines,
    context: a.context,
    request: withEquals(normalizeRequest({ pageSize: 500 }), { ...ids, company: String(header.company) }),
  });
  return { header: header as never, lines: lines.rows as never[] };
}

/** Sales per group for each day of a range (at most MAX_BY_DAY days). */
async function byDayAnswer(a: Answer, model: Model, groupBy: string, range: DateRange, body: AnalyticsSearchRequest | undefined): Promise<ByDayResult> {
  if (own(model.groupBys, groupBy)?.kind === 'time') throw badRequest(`groupBy '${groupBy}' is a period; ByDay groups days by a dimension such as salesRep or customer`);
  const count = daysIn(range);
  if (count > MAX_BY_DAY) throw badRequest(`ByDay covers at most ${MAX_BY_DAY} days; the dateSlug spans ${count}`);
  const days = Array.from({ length: count }, (_, i) => addDays(range.from, i));
  const request = normalizeRequest(body);
  const result = await seriesQuery(a.db, {
    model,
    context: a.context,
    groupBy,
    periods: days.map((d) => ({ from: d, to: d })),
    sortNames: days,
    request,
  });
  return { groupBy, from: range.from, to: range.to, days, pageNumber: request.pageNumber, pageSize: request.pageSize, ...result };
}

/**
 * How many months (or quarters) a range spans: whole ones count 1, a partial one its share of
 * days, so last year is exactly 12 months and the 20th of a 30-day month adds 2/3.
 */
export function intervalsIn(range: DateRange, interval: 'month' | 'quarter'): number {
  let months = 0;
  for (let start = startOfMonth(range.from); start <= range.to; start = addMonths(start, 1)) {
    const end = endOfMonth(start);
    const covered = daysIn({ from: range.from > start ? range.from : start, to: range.to < end ? range.to : end });
    months += covered / daysIn({ from: start, to: end });
  }
  return interval === 'month' ? months : months / 3;
}

/** Grouped totals with the run rate per month or quarter of the period, and annualized (run rate × 12 or × 4). */
async function runRateAnswer(a: Answer, model: Model, groupBy: string, interval: 'month' | 'quarter', body: AnalyticsSearchRequest & { dateSlug?: string }): Promise<RunRateResult> {
  const grouped = await questions.grouped(a, model, groupBy, body.dateSlug ?? 'rolling-12-months', body, false);
  const intervals = intervalsIn(grouped, interval);
  const perYear = interval === 'month' ? 12 : 4;
  return {
    ...grouped,
    interval,
    intervals: Math.round(intervals * 1000) / 1000,
    rows: grouped.rows.map((row) => ({ ...row, runRate: round2(row.sales / intervals), annualized: round2((row.sales / intervals) * perYear) })),
  };
}

const FREIGHT: ExtraMeasure = {
  measure: 'freight',
  column: `${money('g.c_freight')} AS freight, ${pct('g.c_freight', 'g.c_sales')} AS "freightPercent"`,
  sortable: { freight: 'coalesce(g.c_freight, 0)', freightPercent: '(g.c_freight / nullif(g.c_sales, 0))' },
  total: 'sum(g.c_freight) AS t_freight',
};

const ON_TIME: ExtraMeasure = {
  measure: 'onTime',
  column: `coalesce(g.c_lines, 0)::int AS "shippedLines", coalesce(g.c_onTime, 0)::int AS "onTimeLines", ${pct('g.c_onTime', 'g.c_lines')} AS "onTimePercent"`,
  sortable: {
    shippedLines: 'coalesce(g.c_lines, 0)',
    onTimeLines: 'coalesce(g.c_onTime, 0)',
    onTimePercent: '(g.c_onTime::numeric / nullif(g.c_lines, 0))',
  },
  total: 'sum(g.c_onTime)::bigint AS t_ontime',
};

function onTimeShare(shipped: number, onTime: number) {
  return { shippedLines: shipped, onTimeLines: onTime, onTimePercent: shipped === 0 ? null : round2((100 * onTime) / shipped) };
}

export async function salesRoutes(app: FastifyInstance, answer: AnswerFn): Promise<void> {
  // ---------------------------------------------------------------- Invoice
  serve(app, invoiceHeader, async (request) =>
    answer(request.user, ['IH', request.params, request.body], (a) =>
      documentAnswer(a, { header: invoiceHeaderList(a.context.invoiceCostBasis), lines: invoiceLineList(a.context.invoiceCostBasis), numberField: 'invoiceNumber', number: request.params.invoiceNumber, company: request.body?.company }),
    ),
  );
  serve(app, invoiceFreightGrouped, async (request) =>
    answer(request.user, ['IF', request.body], async (a) => {
      const grouped = await questions.grouped(a, invoiceOf(a), request.body.groupBy, request.body.dateSlug, request.body, false, [FREIGHT]);
      const freight = round2(Number(grouped.extraTotals?.t_freight ?? 0));
      return { ...grouped, rows: grouped.rows as never[], totals: { ...grouped.totals, freight, freightPercent: grouped.totals.sales === 0 ? null : round2((100 * freight) / grouped.totals.sales) } };
    }),
  );
  serve(app, invoiceItemHistory, async (request) =>
    answer(request.user, ['IIH', request.body], (a) =>
      listAnswer(a, invoiceLineList(a.context.invoiceCostBasis), request.body.dateSlug ?? null, withEquals(normalizeRequest(request.body), { itemNumber: request.body.itemNumber, customer: request.body.customer })),
    ),
  );
  serve(app, invoiceFirstTime, async (request) =>
    answer(request.user, ['IFT', request.body], (a) => listAnswer(a, firstTimeList(a.context.rollupsReady), request.body.dateSlug ?? 'last-90-days', normalizeRequest(request.body))),
  );
  serve(app, invoiceCommissionOnPaid, async (request) =>
    answer(request.user, ['ICP', request.params, request.query, request.body], async (a) => {
      const { reportDateFrom: from, reportDateTo: to } = request.params;
      if (!isDateInWindow(from)) throw badRequest(`reportDateFrom '${from}' must be a date, yyyy-mm-dd, ${windowText}`);
      if (!isDateInWindow(to) || to < from) throw badRequest(`reportDateTo '${to}' must be a date, yyyy-mm-dd, ${windowText}, on or after reportDateFrom`);
      const useCommissionCost = request.query?.useCommissionCost ?? false;
      const search = normalizeRequest(request.body);
      const result = await listQuery(a.db, { model: commissionOnPaidList(useCommissionCost), context: a.context, range: { from, to }, request: search });
      const { lineCount: _lines, ...totals } = totalsOf(result.totals.sales!, result.totals.cost!, 0);
      return {
        from,
        to,
        useCommissionCost,
        totals: { ...totals, invoiceCount: result.totals.invoiceCount! },
        pageNumber: search.pageNumber,
        pageSize: search.pageSize,
        totalCount: result.totalCount,
        rows: result.rows as never[],
      };
    }),
  );
  serve(app, invoiceByDay, async (request) =>
    answer(request.user, ['IBD', request.body], (a) =>
      byDayAnswer(a, invoiceOf(a), request.body.groupBy ?? 'company', resolveDate(request.body.dateSlug ?? 'this-month', a.context, a.today), request.body),
    ),
  );
  serve(app, invoiceQuarterly, async (request) =>
    answer(request.user, ['IQ', request.params, request.body], (a) => questions.grouped(a, invoiceOf(a), 'quarter', request.params.dateSlug, request.body, false)),
  );

  // ---------------------------------------------------------------- Booking
  serve(app, bookingByDay, async (request) =>
    answer(request.user, ['BBD', request.params, request.query, request.body], (a) => {
      const first = request.params.firstOfMonth;
      if (!isDateInWindow(first) || !first.endsWith('-01')) throw badRequest(`firstOfMonth '${first}' must be the first day of a month, yyyy-mm-01, ${windowText}`);
      return byDayAnswer(a, bookingOf(a, request.query.bookingDateBasis), request.params.groupBy, { from: first, to: endOfMonth(first) }, request.body);
    }),
  );
  serve(app, bookingDetails, async (request) =>
    answer(request.user, ['BD', request.query, request.body], (a) => {
      const { orderNumber, bookingDateBasis } = request.query;
      // One order's events: every date unless a dateSlug is given; otherwise the last 30 days.
      const dateSlug = request.body.dateSlug ?? (orderNumber ? null : 'last-30-days');
      return listAnswer(a, bookingList(bookingBasis(bookingDateBasis), a.context.bookingCostBasis), dateSlug, withEquals(normalizeRequest(request.body), { orderNumber }));
    }),
  );
  serve(app, bookingQuarterly, async (request) =>
    answer(request.user, ['BQ', request.params, request.query, request.body], (a) =>
      questions.grouped(a, bookingOf(a, request.query.bookingDateBasis), 'quarter', request.params.dateSlug, request.body, false),
    ),
  );

  // ---------------------------------------------------------------- QuoteBooked
  serve(app, quoteBookedGrouped, async (request) =>
    answer(request.user, ['QBG', request.params, request.body], (a) => questions.grouped(a, quoteBookedOf(a), request.params.groupBy, request.params.dateSlug, request.body, false)),
  );
  serve(app, quoteBookedRank, async (request) =>
    answer(request.user, ['QBR', request.params, request.body], (a) => questions.grouped(a, quoteBookedOf(a), request.params.groupBy, request.params.dateSlug, request.body, true)),
  );
  serve(app, quoteBookedSlidingComparison, async (request) =>
    answer(request.user, ['QBC', request.params, request.body], (a) => questions.sliding(a, quoteBookedOf(a), request.params.groupBy, request.body.dateSlug, request.body)),
  );
  serve(app, quoteBookedSummary, async (request) =>
    answer(request.user, ['QBS', request.body], (a) => questions.summary(a, quoteBookedOf(a), request.body?.filters)),
  );
  serve(app, quoteBookedYearOverYear, async (request) =>
    answer(request.user, ['QBY', request.params, request.body], (a) => questions.yearOverYear(a, quoteBookedOf(a), request.params.groupBy, request.body)),
  );

  // ---------------------------------------------------------------- RunRate
  for (const [contract, interval] of [
    [runRateSalesGrouped, 'month'],
    [runRateSalesQuarterly, 'quarter'],
  ] as const) {
    serve(app, contract, async (request) =>
      answer(request.user, ['RRS', interval, request.params, request.body], (a) => runRateAnswer(a, invoiceOf(a), request.params.groupBy, interval, request.body)),
    );
  }
  for (const [contract, interval] of [
    [runRateBookingsGrouped, 'month'],
    [runRateBookingsQuarterly, 'quarter'],
  ] as const) {
    serve(app, contract, async (request) =>
      answer(request.user, ['RRB', interval, request.params, request.query, request.body], (a) =>
        runRateAnswer(a, bookingOf(a, request.query?.bookingDateBasis), request.params.groupBy, interval, request.body),
      ),
    );
  }

  // ---------------------------------------------------------------- Order
  // Open lines and orders by default; with a dateSlug, those entered in it.
  serve(app, orderDetails, async (request) =>
    answer(request.user, ['OD', request.body], (a) => listAnswer(a, orderLineList(!request.body.dateSlug, a.context.orderCostBasis), request.body.dateSlug ?? null, normalizeRequest(request.body))),
  );
  serve(app, orderHeaderList, async (request) =>
    answer(request.user, ['OHL', request.body], (a) => listAnswer(a, orderHeaderModel(!request.body.dateSlug), request.body.dateSlug ?? null, normalizeRequest(request.body))),
  );
  serve(app, orderHeader, async (request) =>
    answer(request.user, ['OH', request.body], (a) =>
      documentAnswer(a, { header: orderHeaderModel(false), lines: orderLineList(false, a.context.orderCostBasis), numberField: 'orderNumber', number: request.body.orderNumber, company: request.body.company }),
    ),
  );
  serve(app, orderLinesNotInStock, async (request) =>
    answer(request.user, ['ONS', request.body], async (a) => {
      const search = normalizeRequest(request.body);
      // The count from erp.order_line_short when it keeps what the request names.
      const counts = rollupCounts(a, search, { table: 'erp.order_line_short', fields: SHORT_LINE_FIELDS, select: 'coalesce(sum(r.line_count), 0)::int AS total_count' });
      const page = await listQuery(a.db, { model: linesNotInStockList(a.context.orderCostBasis), context: a.context, request: search, counts });
      return { pageNumber: search.pageNumber, pageSize: search.pageSize, totalCount: page.totalCount, rows: page.rows as never[] };
    }),
  );
  serve(app, orderLineInvoice, async (request) =>
    answer(request.user, ['OLI', request.params, request.query], async (a) => {
      const ids = { orderNumber: request.params.orderNumber, orderLineNumber: request.params.orderLineNumber, company: request.query?.company };
      const page = await listAnswer(a, orderLineInvoiceList(a.context.invoiceCostBasis), null, withEquals(normalizeRequest({ pageSize: 500 }), ids));
      return { pageNumber: page.pageNumber, pageSize: page.pageSize, totalCount: page.totalCount, rows: page.rows };
    }),
  );
  serve(app, orderOnTimeGrouped, async (request) =>
    answer(request.user, ['OTG', request.params, request.body], async (a) => {
      const grouped = await questions.grouped(a, onTimeOf(a), request.params.groupBy, request.body.dateSlug, request.body, false, [ON_TIME]);
      return { ...grouped, rows: grouped.rows as never[], totals: { ...grouped.totals, ...onTimeShare(grouped.totals.lineCount, Number(grouped.extraTotals?.t_ontime ?? 0)) } };
    }),
  );
  serve(app, orderOnTimeKpi, async (request) =>
    answer(request.user, ['OTK', request.body], async (a) => {
      const period = resolveDate(request.body.dateSlug, a.context, a.today);
      const buckets = [{ id: 'c', range: period }, ...(period.comparison ? [{ id: 'p', range: period.comparison }] : [])];
      const params = new SqlParams();
      const { sql, source } = aggregateQuery(
        { model: onTimeOf(a), context: a.context, groupBy: null, buckets, filters: normalizeRequest({ filters: request.body.filters }).filters, measures: ['lines', 'onTime'] },
        params,
      );
      const row = (await analyticsQuery(a.db, sql, params.values)).rows[0] ?? {};
      const out = (id: string, range: DateRange) => ({ from: range.from, to: range.to, ...onTimeShare(Number(row[`${id}_lines`] ?? 0), Number(row[`${id}_ontime`] ?? 0)) });
      const current = out('c', period);
      const comparison = period.comparison ? out('p', period.comparison) : null;
      const change = comparison && current.onTimePercent !== null && comparison.onTimePercent !== null ? round2(current.onTimePercent - comparison.onTimePercent) : null;
      return { dateSlug: request.body.dateSlug, label: period.label, current, comparison, change, source: source.name };
    }),
  );

  // ---------------------------------------------------------------- Quote
  serve(app, quoteDetails, async (request) =>
    answer(request.user, ['QD', request.body], (a) => listAnswer(a, quoteLineList(!request.body.dateSlug, a.context.quoteCostBasis), request.body.dateSlug ?? null, normalizeRequest(request.body))),
  );
  serve(app, quoteHeader, async (request) =>
    answer(request.user, ['QH', request.body], (a) =>
      documentAnswer(a, { header: quoteHeaderList, lines: quoteLineList(false, a.context.quoteCostBasis), numberField: 'quoteNumber', number: request.body.quoteNumber, company: request.body.company }),
    ),
  );
  serve(app, quoteKpi, async (request) =>
    answer(request.user, ['QK', request.body], (a) => questions.kpi(a, quoteOf(a, false), request.body.dateSlug, request.body.filters)),
  );
  serve(app, quoteSummary, async (request) =>
    answer(request.user, ['QS', request.body], (a) => questions.summary(a, quoteOf(a, false), request.body?.filters)),
  );
  serve(app, quoteByDay, async (request) =>
    answer(request.user, ['QBD', request.body], (a) =>
      byDayAnswer(a, quoteOf(a, false), request.body.groupBy ?? 'company', resolveDate(request.body.dateSlug ?? 'this-month', a.context, a.today), request.body),
    ),
  );
}
