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
} from '@tradeboard/shared/contracts';
import { customRangeSlug, DATE_WINDOW } from '@tradeboard/shared/dates';
import { serve } from '../platform/route.ts';
import { analyticsCache, analyticsToday, answerKey } from './cache.ts';
import { invoiceLineList } from './sales-lists.ts';
import { bookingOf, invoiceOf, listAnswer, orderOf, questions, quoteOf, type AnswerFn } from './questions.ts';
import { salesRoutes } from './sales-routes.ts';
import { loadAnalyticsContext } from './scope.ts';
import { normalizeRequest } from './search-request.ts';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const cache = analyticsCache(app);

  /** Loads the user's scope and the data version, then answers from the cache or by computing. */
  const answer: AnswerFn = async (user, key, compute) => {
    const context = await loadAnalyticsContext(app.db, user.userMasterId);
    const today = analyticsToday();
    return cache.get(context.dataVersion, answerKey(key, context, today), () => compute({ db: app.db, context, today }));
  };

  // Invoice: groupBy and dateSlug in the body (the catalogue's paths have no parameters).
  serve(app, invoiceGrouped, async (request) =>
    answer(request.user, ['IG', request.body], (a) => questions.grouped(a, invoiceOf(a), request.body.groupBy, request.body.dateSlug, request.body, false)),
  );
  serve(app, invoiceRank, async (request) =>
    answer(request.user, ['IR', request.body], (a) => questions.grouped(a, invoiceOf(a), request.body.groupBy, request.body.dateSlug, request.body, true)),
  );
  serve(app, invoiceKpi, async (request) =>
    answer(request.user, ['IK', request.body], (a) => questions.kpi(a, invoiceOf(a), request.body.dateSlug, request.body.filters)),
  );
  serve(app, invoiceSummary, async (request) =>
    answer(request.user, ['IS', request.body], (a) => questions.summary(a, invoiceOf(a), request.body?.filters)),
  );
  serve(app, invoiceSlidingComparison, async (request) =>
    answer(request.user, ['IC', request.body], (a) => questions.sliding(a, invoiceOf(a), request.body.groupBy, request.body.dateSlug, request.body)),
  );
  serve(app, invoiceYearOverYear, async (request) =>
    answer(request.user, ['IY', request.body], (a) => questions.yearOverYear(a, invoiceOf(a), request.body.groupBy, request.body)),
  );

  // Booking: bookingDateBasis (seed §9 default OrderLineDate) picks the date column.
  serve(app, bookingGrouped, async (request) =>
    answer(request.user, ['BG', request.params, request.query, request.body], (a) =>
      questions.grouped(a, bookingOf(a, request.query.bookingDateBasis), request.params.groupBy, request.params.dateSlug, request.body, false),
    ),
  );
  serve(app, bookingRank, async (request) =>
    answer(request.user, ['BR', request.params, request.query, request.body], (a) =>
      questions.grouped(a, bookingOf(a, request.query.bookingDateBasis), request.params.groupBy, request.params.dateSlug, request.body, true),
    ),
  );
  serve(app, bookingKpi, async (request) =>
    answer(request.user, ['BK', request.query, request.body], (a) =>
      questions.kpi(a, bookingOf(a, request.query.bookingDateBasis), request.body.dateSlug, request.body.filters),
    ),
  );
  serve(app, bookingSummary, async (request) =>
    answer(request.user, ['BS', request.query, request.body], (a) => questions.summary(a, bookingOf(a, request.query.bookingDateBasis), request.body?.filters)),
  );
  serve(app, bookingSlidingComparison, async (request) =>
    answer(request.user, ['BC', request.params, request.query, request.body], (a) =>
      questions.sliding(a, bookingOf(a, request.query.bookingDateBasis), request.params.groupBy, request.body.dateSlug, request.body),
    ),
  );
  serve(app, bookingYearOverYear, async (request) =>
    answer(request.user, ['BY', request.params, request.query, request.body], (a) =>
      questions.yearOverYear(a, bookingOf(a, request.query.bookingDateBasis), request.params.groupBy, request.body),
    ),
  );

  // Order and Quote: open lines by default; with a dateSlug, the lines entered in that period.
  const ALL_TIME = customRangeSlug(DATE_WINDOW.from, DATE_WINDOW.to);
  serve(app, orderGrouped, async (request) =>
    answer(request.user, ['OG', request.params, request.body], (a) =>
      questions.grouped(a, orderOf(a, !request.body.dateSlug), request.params.groupBy, request.body.dateSlug ?? ALL_TIME, request.body, false),
    ),
  );
  serve(app, orderKpi, async (request) =>
    answer(request.user, ['OK', request.body], (a) => questions.kpi(a, orderOf(a, false), request.body.dateSlug, request.body.filters)),
  );
  serve(app, orderSummary, async (request) =>
    answer(request.user, ['OS', request.body], (a) => questions.summary(a, orderOf(a, false), request.body?.filters)),
  );
  serve(app, quoteGrouped, async (request) =>
    answer(request.user, ['QG', request.params, request.body], (a) =>
      questions.grouped(a, quoteOf(a, !request.body.dateSlug), request.params.groupBy, request.body.dateSlug ?? ALL_TIME, request.body, false),
    ),
  );

  // Invoice lines: a list with the search request (each page cached like any answer).
  serve(app, invoiceDetails, async (request) =>
    answer(request.user, ['ID', request.body], (a) => listAnswer(a, invoiceLineList(a.context.invoiceCostBasis), request.body.dateSlug ?? 'last-30-days', normalizeRequest(request.body))),
  );

  await salesRoutes(app, answer);
}
