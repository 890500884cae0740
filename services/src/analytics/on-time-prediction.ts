/**
 * PurchaseOrder/OnTimePrediction: will a purchase order from this supplier arrive by its due
 * date? Learned from the supplier's received purchase order lines (method in docs/decisions.md):
 *
 * - Each received line of the last three years gives its lead time (received − ordered) and its
 *   lateness (received − due), weighted by recency (half-life 365 days).
 * - The chance that a new order arrives within the days it allows (due − ordered) is the weighted
 *   share of history that did, with a Beta(1, 1) prior for the supplier; for a product group, the
 *   group's own lines are shrunk toward the supplier's rate with the weight of 10 lines, so a
 *   group with little history leans on the supplier and one with much speaks for itself.
 * - The lead-time distribution (10th, 50th, 90th percentile), the on-time rate and the mean
 *   lateness are read from the same weighted lines (the group's when it has any).
 */
import type { FastifyInstance } from 'fastify';
import { purchaseOrderOnTimePrediction } from '@tradeboard/shared/contracts';
import { isIsoDate } from '@tradeboard/shared/dates';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { one } from './account-detail-routes.ts';
import { answerer, companyWide, erpCall, todaySql, type ErpCall } from './erp-common.ts';
import { findItem } from './item-routes.ts';

export type ReceivedLine = { leadDays: number; daysLate: number; ageDays: number; productGroup: string };
export type PredictionInput = { productGroup: string | null; allowedLeadDays: number; halfLifeDays?: number; priorLines?: number };

/** Days after the due date, in buckets (the first has no lower bound, the last no upper). */
export const LATENESS_BUCKETS = [
  { label: 'Early', fromDays: null, toDays: -1 },
  { label: 'On the due date', fromDays: 0, toDays: 0 },
  { label: '1–3 days late', fromDays: 1, toDays: 3 },
  { label: '4–7 days late', fromDays: 4, toDays: 7 },
  { label: '8+ days late', fromDays: 8, toDays: null },
] as const;

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The weighted `q` quantile of values (weights > 0). */
function quantile(pairs: ReadonlyArray<readonly [number, number]>, q: number): number {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, w]) => sum + w, 0);
  let seen = 0;
  for (const [value, weight] of sorted) {
    seen += weight;
    if (seen >= q * total) return value;
  }
  return sorted[sorted.length - 1]![0];
}

export function predictOnTime(lines: readonly ReceivedLine[], input: PredictionInput) {
  const halfLife = input.halfLifeDays ?? 365;
  const prior = input.priorLines ?? 10;
  const weight = (l: ReceivedLine) => 0.5 ** (Math.max(0, l.ageDays) / halfLife);
  const share = (rows: readonly ReceivedLine[], test: (l: ReceivedLine) => boolean) => {
    const total = rows.reduce((sum, l) => sum + weight(l), 0);
    return { hit: rows.reduce((sum, l) => sum + (test(l) ? weight(l) : 0), 0), total };
  };
  const group = input.productGroup === null ? [] : lines.filter((l) => l.productGroup === input.productGroup);
  const basisLines = group.length > 0 ? group : lines;
  const basis = lines.length === 0 ? 'NoHistory' : group.length > 0 ? 'SupplierProductGroup' : 'Supplier';
  const inTime = (l: ReceivedLine) => l.leadDays <= input.allowedLeadDays;

  let probability: number | null = null;
  if (lines.length > 0) {
    const s = share(lines, inTime);
    const supplierRate = (s.hit + 1) / (s.total + 2);
    const g = share(group, inTime);
    probability = group.length > 0 ? (g.hit + prior * supplierRate) / (g.total + prior) : supplierRate;
  }
  const onTime = share(basisLines, (l) => l.daysLate <= 0);
  const leads = basisLines.map((l) => [l.leadDays, weight(l)] as const);
  const late = basisLines.map((l) => [l.daysLate, weight(l)] as const);
  const lateSum = late.reduce((sum, [d, w]) => sum + d * w, 0);
  const lateWeight = late.reduce((sum, [, w]) => sum + w, 0);
  return {
    basis: basis as 'NoHistory' | 'SupplierProductGroup' | 'Supplier',
    sampleSize: basisLines.length,
    supplierSampleSize: lines.length,
    onTimeRate: basisLines.length ? round1((100 * onTime.hit) / onTime.total) : null,
    leadDaysP10: leads.length ? quantile(leads, 0.1) : null,
    leadDaysMedian: leads.length ? quantile(leads, 0.5) : null,
    leadDaysP90: leads.length ? quantile(leads, 0.9) : null,
    meanDaysLate: lateWeight > 0 ? round1(lateSum / lateWeight) : null,
    onTimeProbability: probability === null ? null : round1(100 * probability),
    lateness: LATENESS_BUCKETS.map((b) => {
      const count = basisLines.filter((l) => (b.fromDays === null || l.daysLate >= b.fromDays) && (b.toDays === null || l.daysLate <= b.toDays)).length;
      return { ...b, lineCount: count, percent: basisLines.length ? round1((100 * count) / basisLines.length) : 0 };
    }),
  };
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type Body = { supplier: string; company?: string; productGroup?: string; itemNumber?: string; orderDate?: string; dueDate?: string };

async function prediction(call: ErpCall, body: Body) {
  for (const [name, value] of [['orderDate', body.orderDate], ['dueDate', body.dueDate]] as const) {
    if (value !== undefined && !isIsoDate(value)) throw new HttpError(400, `${name} '${value}' is not a day of the calendar`);
  }
  const supplier = await one<{ company: string; supplier: string; supplierName: string; leadDays: number | null }>(
    call,
    `SELECT company, supplier, supplier_name AS "supplierName", lead_days AS "leadDays" FROM erp.supplier
      WHERE supplier = $1 AND ($2::text IS NULL OR company = $2) ORDER BY company LIMIT 1`,
    [body.supplier, body.company ?? null],
    `Supplier ${body.supplier}${body.company ? ` of company ${body.company}` : ''} was not found`,
  );
  let productGroup = body.productGroup ?? null;
  if (body.itemNumber && !productGroup) {
    const item = await findItem(call, body.itemNumber, supplier.company);
    productGroup = (await one<{ g: string }>(call, 'SELECT product_group AS g FROM erp.item WHERE company = $1 AND item_number = $2', [item.company, item.itemNumber], 'no item')).g;
  }
  if (productGroup) {
    await one(call, 'SELECT 1 FROM erp.product_group WHERE company = $1 AND product_group = $2', [supplier.company, productGroup], `Product group ${productGroup} of company ${supplier.company} was not found`);
  }
  const today = todaySql(call);
  const { rows } = await call.db.query<ReceivedLine>(
    `SELECT received_date - order_date AS "leadDays", received_date - due_date AS "daysLate", ${today} - received_date AS "ageDays", product_group AS "productGroup"
       FROM erp.purchase_order_line
      WHERE company = $1 AND supplier = $2 AND received_date IS NOT NULL AND received_date <= ${today} AND order_date >= ${today} - 1096`,
    [supplier.company, supplier.supplier],
  );
  const { rows: span } = await call.db.query<{ first: string | null; last: string | null }>(
    `SELECT to_char(min(order_date), 'YYYY-MM-DD') AS first, to_char(max(received_date), 'YYYY-MM-DD') AS last FROM erp.purchase_order_line
      WHERE company = $1 AND supplier = $2 AND received_date IS NOT NULL AND received_date <= ${today} AND order_date >= ${today} - 1096`,
    [supplier.company, supplier.supplier],
  );
  const orderDate = body.orderDate ?? call.today;
  const history = predictOnTime(rows, { productGroup, allowedLeadDays: 0 });
  const quoted = supplier.leadDays ?? history.leadDaysMedian;
  const dueDate = body.dueDate ?? addDays(orderDate, quoted ?? 0);
  const allowed = daysBetween(orderDate, dueDate);
  if (allowed < 0) throw new HttpError(400, `dueDate ${dueDate} is before orderDate ${orderDate}`);
  const result = predictOnTime(rows, { productGroup, allowedLeadDays: allowed });
  return {
    company: supplier.company,
    supplier: supplier.supplier,
    supplierName: supplier.supplierName,
    productGroup,
    historyFrom: span[0]?.first ?? null,
    historyTo: span[0]?.last ?? null,
    quotedLeadDays: supplier.leadDays,
    orderDate,
    dueDate,
    predictedReceiptDate: result.leadDaysMedian === null ? null : addDays(orderDate, result.leadDaysMedian),
    ...result,
  };
}

export async function onTimePredictionRoutes(app: FastifyInstance): Promise<void> {
  // Purchasing belongs to no sales rep: company-wide behind PurchaseAccessRight.
  const answer = answerer(async (user) => companyWide(await erpCall(app.db, user, [], 'PurchaseAccessRight')));
  serve(app, purchaseOrderOnTimePrediction, (request) => answer(request, (call) => prediction(call, request.body)));
}
