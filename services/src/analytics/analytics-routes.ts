import type { FastifyInstance } from 'fastify';
import {
  bookingGrouped,
  bookingKpi,
  bookingRank,
  bookingSlidingComparison,
  bookingSummary,
  bookingYearOverYear,
  invoiceDetails,
  invoiceGrouped,
  invoiceKpi,
  invoiceRank,
  invoiceSlidingComparison,
  invoiceSummary,
  invoiceYearOverYear,
  orderGrouped,
  orderKpi,
  orderSummary,
  quoteGrouped,
  type AnalyticsSearchRequest,
  type GroupedResult,
  type KpiResult,
  type RankResult,
  type SlidingComparisonResult,
  type SummaryResult,
  type YearOverYearResult,
} from '@tradeboard/shared/contracts';
import {
  DateSlugError,
  isIsoDate,
  parseFiscalYearSetting,
  resolveDateSlug,
  resolveYearToken,
  toIsoDate,
  YEAR_TOKENS,
  type DateRange,
  type ResolvedDateChoice,
} from '@tradeboard/shared/dates';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { ResultCache } from './cache.ts';
import { comparisonQuery, groupedQuery, listQuery, periodTotalsQuery, yearOverYearQuery, type PeriodTotals } from './engine.ts';
import { bookingModel, invoiceLineList, invoiceModel, orderModel, quoteModel, type Model } from './models.ts';
import { loadAnalyticsContext, scopeKey, type AnalyticsContext } from './scope.ts';
import { badRequest, normalizeRequest } from './search-request.ts';

/** "Today" for the date choices: the server's local date, or TRADEBOARD_TODAY (yyyy-mm-dd) when set. */
export function analyticsToday(env: NodeJS.ProcessEnv = process.env): string {
  const fixed = env.TRADEBOARD_TODAY;
  return fixed && isIsoDate(fixed) ? fixed : toIsoDate(new Date());
}

const caches = new Set<ResultCache>();
/** Empties every analytics result cache of this process (benchmarks measure cold calls with it). */
export function clearAnalyticsCaches(): void {
  for (const cache of caches) cache.clear();
}

function resolveDate(slug: string, context: AnalyticsContext, today: string): ResolvedDateChoice {
  try {
    return resolveDateSlug(slug, { today, fiscalYear: context.fiscalYear });
  } catch (error) {
    if (error instanceof DateSlugError) throw badRequest(`Unknown dateSlug '${slug}'`);
    throw error;
  }
}

const SUMMARY_PERIODS = ['this-month', 'last-month', 'year-to-date', 'last-year-to-date', 'last-year'] as const;

function periodOut(range: DateRange, totals: PeriodTotals) {
  const { invoiceCount, ...rest } = totals;
  return { from: range.from, to: range.to, ...rest, documentCount: invoiceCount };
}

type Answer = { db: Db; context: AnalyticsContext; today: string };

/** The questions every model answers, shared by the Invoice, Booking and Order calls. */
const questions = {
  async grouped(a: Answer, model: Model, groupBy: string, dateSlug: string, body: AnalyticsSearchRequest | undefined, rank: boolean) {
    const request = normalizeRequest(body);
    const period = resolveDate(dateSlug, a.context, a.today);
    const result = await groupedQuery(a.db, { model, context: a.context, groupBy, range: period, request, rank });
    return {
      groupBy,
      dateSlug,
      label: period.label,
      from: period.from,
      to: period.to,
      pageNumber: request.pageNumber,
      pageSize: request.pageSize,
      totalCount: result.totalCount,
      totals: result.totals,
      rows: result.rows,
      source: result.source,
    } satisfies GroupedResult | RankResult as GroupedResult & RankResult;
  },

  async kpi(a: Answer, model: Model, dateSlug: string, filters: AnalyticsSearchRequest['filters']): Promise<KpiResult> {
    const request = normalizeRequest({ filters });
    const period = resolveDate(dateSlug, a.context, a.today);
    const buckets = [{ id: 'c', range: period }, ...(period.comparison ? [{ id: 'p', range: period.comparison }] : [])];
    const { totals, source } = await periodTotalsQuery(a.db, { model, context: a.context, buckets, filters: request.filters, countDocuments: true });
    const current = totals.c!;
    const comparison = period.comparison ? totals.p! : null;
    const change = comparison ? Math.round((current.sales - comparison.sales) * 100) / 100 : null;
    return {
      dateSlug,
      label: period.label,
      current: periodOut(period, current),
      comparison: comparison && period.comparison ? periodOut(period.comparison, comparison) : null,
      change,
      changePercent: comparison && comparison.sales !== 0 ? Math.round((10_000 * (current.sales - comparison.sales)) / comparison.sales) / 100 : null,
      source,
    };
  },

  async summary(a: Answer, model: Model, filters: AnalyticsSearchRequest['filters']): Promise<SummaryResult> {
    const request = normalizeRequest({ filters });
    const periods = SUMMARY_PERIODS.map((slug) => resolveDate(slug, a.context, a.today));
    const buckets = periods.map((p, i) => ({ id: `s${i}`, range: p }));
    const { totals, source } = await periodTotalsQuery(a.db, { model, context: a.context, buckets, filters: request.filters, countDocuments: true });
    return { periods: periods.map((p, i) => ({ dateSlug: p.slug, label: p.label, ...periodOut(p, totals[`s${i}`]!) })), source };
  },

  async sliding(a: Answer, model: Model, groupBy: string, dateSlug: string, body: AnalyticsSearchRequest): Promise<SlidingComparisonResult> {
    const request = normalizeRequest(body);
    const period = resolveDate(dateSlug, a.context, a.today);
    const comparison = period.comparison!;
    const result = await comparisonQuery(a.db, { model, context: a.context, groupBy, current: period, comparison, request });
    return {
      groupBy,
      dateSlug,
      label: period.label,
      current: { from: period.from, to: period.to },
      comparison,
      pageNumber: request.pageNumber,
      pageSize: request.pageSize,
      totalCount: result.totalCount,
      rows: result.rows,
      source: result.source,
    };
  },

  async yearOverYear(a: Answer, model: Model, groupBy: string, body: AnalyticsSearchRequest & { fiscal?: boolean }): Promise<YearOverYearResult> {
    const request = normalizeRequest(body);
    const fiscal = body.fiscal ?? false;
    const years = YEAR_TOKENS.map((t) => resolveYearToken(t.token, { today: a.today, fiscalYear: a.context.fiscalYear, fiscal }));
    const fiscalStartMonth = fiscal ? parseFiscalYearSetting(a.context.fiscalYear).month : 1;
    const result = await yearOverYearQuery(a.db, {
      model,
      context: a.context,
      groupBy,
      years: years.map((y) => ({ year: y.year, range: y })),
      fiscalStartMonth,
      request,
    });
    return {
      groupBy,
      fiscal,
      years: years.map((y) => ({ token: y.token, year: y.year, from: y.from, to: y.to })),
      pageNumber: request.pageNumber,
      pageSize: request.pageSize,
      totalCount: result.totalCount,
      rows: result.rows,
      source: result.source,
    };
  },
};

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const cache = new ResultCache();
  caches.add(cache);
  app.addHook('onClose', async () => void caches.delete(cache));

  /** Loads the user's scope and the data version, then answers from the cache or by computing. */
  async function answer<T>(user: SessionUser, key: unknown[], compute: (a: Answer) => Promise<T>): Promise<T> {
    const context = await loadAnalyticsContext(app.db, user.userMasterId);
    const today = analyticsToday();
    const cacheKey = JSON.stringify([...key, scopeKey(context.scope), context.fiscalYear, today, context.rollupsReady]);
    return cache.get(context.loadId, cacheKey, () => compute({ db: app.db, context, today }));
  }

  // Invoice: groupBy and dateSlug in the body (the catalogue's paths have no parameters).
  serve(app, invoiceGrouped, async (request) =>
    answer(request.user, ['IG', request.body], (a) => questions.grouped(a, invoiceModel, request.body.groupBy, request.body.dateSlug, request.body, false)),
  );
  serve(app, invoiceRank, async (request) =>
    answer(request.user, ['IR', request.body], (a) => questions.grouped(a, invoiceModel, request.body.groupBy, request.body.dateSlug, request.body, true)),
  );
  serve(app, invoiceKpi, async (request) =>
    answer(request.user, ['IK', request.body], (a) => questions.kpi(a, invoiceModel, request.body.dateSlug, request.body.filters)),
  );
  serve(app, invoiceSummary, async (request) =>
    answer(request.user, ['IS', request.body], (a) => questions.summary(a, invoiceModel, request.body?.filters)),
  );
  serve(app, invoiceSlidingComparison, async (request) =>
    answer(request.user, ['IC', request.body], (a) => questions.sliding(a, invoiceModel, request.body.groupBy, request.body.dateSlug, request.body)),
  );
  serve(app, invoiceYearOverYear, async (request) =>
    answer(request.user, ['IY', request.body], (a) => questions.yearOverYear(a, invoiceModel, request.body.groupBy, request.body)),
  );

  // Booking: bookingDateBasis (seed §9 default OrderLineDate) picks the date column.
  const booking = (basis: string | undefined) => bookingModel(basis === 'BookingDate' ? 'BookingDate' : 'OrderLineDate');
  serve(app, bookingGrouped, async (request) =>
    answer(request.user, ['BG', request.params, request.query, request.body], (a) =>
      questions.grouped(a, booking(request.query.bookingDateBasis), request.params.groupBy, request.params.dateSlug, request.body, false),
    ),
  );
  serve(app, bookingRank, async (request) =>
    answer(request.user, ['BR', request.params, request.query, request.body], (a) =>
      questions.grouped(a, booking(request.query.bookingDateBasis), request.params.groupBy, request.params.dateSlug, request.body, true),
    ),
  );
  serve(app, bookingKpi, async (request) =>
    answer(request.user, ['BK', request.query, request.body], (a) =>
      questions.kpi(a, booking(request.query.bookingDateBasis), request.body.dateSlug, request.body.filters),
    ),
  );
  serve(app, bookingSummary, async (request) =>
    answer(request.user, ['BS', request.query, request.body], (a) => questions.summary(a, booking(request.query.bookingDateBasis), request.body?.filters)),
  );
  serve(app, bookingSlidingComparison, async (request) =>
    answer(request.user, ['BC', request.params, request.query, request.body], (a) =>
      questions.sliding(a, booking(request.query.bookingDateBasis), request.params.groupBy, request.body.dateSlug, request.body),
    ),
  );
  serve(app, bookingYearOverYear, async (request) =>
    answer(request.user, ['BY', request.params, request.query, request.body], (a) =>
      questions.yearOverYear(a, booking(request.query.bookingDateBasis), request.params.groupBy, request.body),
    ),
  );

  // Order and Quote: open lines by default; with a dateSlug, the lines entered in that period.
  const ALL_TIME = '1900-01-01_2999-12-31';
  serve(app, orderGrouped, async (request) =>
    answer(request.user, ['OG', request.params, request.body], (a) =>
      questions.grouped(a, orderModel(!request.body.dateSlug), request.params.groupBy, request.body.dateSlug ?? ALL_TIME, request.body, false),
    ),
  );
  serve(app, orderKpi, async (request) =>
    answer(request.user, ['OK', request.body], (a) => questions.kpi(a, orderModel(false), request.body.dateSlug, request.body.filters)),
  );
  serve(app, orderSummary, async (request) =>
    answer(request.user, ['OS', request.body], (a) => questions.summary(a, orderModel(false), request.body?.filters)),
  );
  serve(app, quoteGrouped, async (request) =>
    answer(request.user, ['QG', request.params, request.body], (a) =>
      questions.grouped(a, quoteModel(!request.body.dateSlug), request.params.groupBy, request.body.dateSlug ?? ALL_TIME, request.body, false),
    ),
  );

  // Invoice lines: a list with the search request (not cached: lists are paged through).
  serve(app, invoiceDetails, async (request) => {
    const context = await loadAnalyticsContext(app.db, request.user.userMasterId);
    const dateSlug = request.body.dateSlug ?? 'last-30-days';
    const period = resolveDate(dateSlug, context, analyticsToday());
    const search = normalizeRequest(request.body);
    const result = await listQuery(app.db, { model: invoiceLineList, context, range: period, request: search });
    return {
      dateSlug,
      from: period.from,
      to: period.to,
      pageNumber: search.pageNumber,
      pageSize: search.pageSize,
      totalCount: result.totalCount,
      rows: result.rows as never,
    };
  });
}
