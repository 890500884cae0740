/**
 * The questions every analytics model answers (grouped, KPI, summary, sliding comparison, year
 * over year, a page of a list), shared by the route modules. Each takes an Answer: the database,
 * the user's context (scope, data version, FiscalYear) and "today".
 */
import type { AnalyticsSearchRequest, GroupedResult, KpiResult, RankResult, SlidingComparisonResult, SummaryResult, YearOverYearResult } from '@tradeboard/shared/contracts';
import {
  DateSlugError,
  parseFiscalYearSetting,
  resolveDateSlug,
  resolveYearToken,
  YEAR_TOKENS,
  type DateRange,
  type ResolvedDateChoice,
} from '@tradeboard/shared/dates';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../platform/session.ts';
import { comparisonQuery, groupedQuery, listQuery, periodTotalsQuery, yearOverYearQuery, type ExtraMeasure, type ListModel, type PeriodTotals } from './engine.ts';
import { bookingModel, invoiceModelFor, onCostBasis, onTimeModel, orderModel, quoteBookedModel, quoteModel, type Model } from './models.ts';
import type { AnalyticsContext } from './scope.ts';
import { badRequest, normalizeRequest, type NormalizedRequest } from './search-request.ts';

export function resolveDate(slug: string, context: AnalyticsContext, today: string): ResolvedDateChoice {
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

/** The booking date basis of a request (seed §9 bookingDateBasis, OrderLineDate by default). */
export function bookingBasis(basis: string | undefined): 'OrderLineDate' | 'BookingDate' {
  return basis === 'BookingDate' ? 'BookingDate' : 'OrderLineDate';
}

/** The models on the user's cost basis settings (InvoiceCostBasis, OrderCostBasis, BookingCostBasis, QuoteCostBasis). */
export function invoiceOf(a: Answer): Model {
  return invoiceModelFor(a.context.invoiceCostBasis);
}
export function bookingOf(a: Answer, dateBasis: string | undefined): Model {
  return onCostBasis(bookingModel(bookingBasis(dateBasis)), a.context.bookingCostBasis);
}
export function orderOf(a: Answer, openOnly: boolean): Model {
  return onCostBasis(orderModel(openOnly), a.context.orderCostBasis);
}
export function onTimeOf(a: Answer): Model {
  return onCostBasis(onTimeModel, a.context.orderCostBasis);
}
export function quoteOf(a: Answer, openOnly: boolean): Model {
  return onCostBasis(quoteModel(openOnly), a.context.quoteCostBasis);
}
export function quoteBookedOf(a: Answer): Model {
  return onCostBasis(quoteBookedModel, a.context.quoteCostBasis);
}

export type Answer = { db: Db; context: AnalyticsContext; today: string };
/** Answers a question from the result cache (keyed by `key`, the user's scope and the data version) or by computing it. */
export type AnswerFn = <T>(user: SessionUser, key: unknown[], compute: (a: Answer) => Promise<T>) => Promise<T>;

/** The questions every model answers, shared by the Invoice, Booking and Order calls. */
export const questions = {
  async grouped(a: Answer, model: Model, groupBy: string, dateSlug: string, body: AnalyticsSearchRequest | undefined, rank: boolean, extra?: readonly ExtraMeasure[]) {
    const request = normalizeRequest(body);
    const period = resolveDate(dateSlug, a.context, a.today);
    const result = await groupedQuery(a.db, { model, context: a.context, groupBy, range: period, request, rank, extra });
    const answer = {
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
    // Totals of the extra measures (t_<measure>), for the call to shape.
    return { ...answer, extraTotals: result.extraTotals };
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

/** A page of a list model, for a date choice (or, with none, not cut by date). */
export async function listAnswer(a: Answer, model: ListModel, dateSlug: string | null, request: NormalizedRequest) {
  const period = dateSlug === null ? undefined : resolveDate(dateSlug, a.context, a.today);
  const result = await listQuery(a.db, { model, context: a.context, range: period, request });
  return {
    dateSlug,
    from: period?.from ?? null,
    to: period?.to ?? null,
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    totalCount: result.totalCount,
    rows: result.rows as never[],
  };
}
