/**
 * Pricing/GetCustomerPricing: what a customer pays for items today. The list price is
 * MasterPrice1 (erp.item.list_price). Against it: the lowest contract price of a contract in
 * force for him (his own, his ship-to's or his corporate account's job price lines whose least
 * quantity the quantity meets), and his first price library in force (by priority) as a discount
 * off list. He pays the lowest of the three; the cost is the PricingCostBasis StandardCost
 * (erp.item.unit_cost), the only cost the mirror keeps per item. His last price paid is beside.
 * The customer must be in the caller's rep scope (404 otherwise, like one that does not exist).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { CustomerPrice } from '@tradeboard/shared/contracts';
import { pricingGetCustomerPricing } from '@tradeboard/shared/contracts';
import { serve } from '../platform/route.ts';
import { notFound, one } from './account-detail-routes.ts';
import { answerer, erpCall, todaySql, type ErpCall } from './erp-common.ts';
import { scopedCustomer } from './item-search-routes.ts';

type Body = { customer: string; company?: string; shipTo?: string; itemNumbers: string[]; qty?: number };
type ItemRow = { itemNumber: string; description: string; unitOfMeasure: string; listPrice: number; cost: number };

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

async function customerPricing(call: ErpCall, body: Body) {
  const customer = await scopedCustomer(call, body.customer, body.company);
  const { company } = customer;
  const { corporate } = await one<{ corporate: string | null }>(call, 'SELECT corporate FROM erp.customer WHERE company = $1 AND customer = $2', [company, customer.customer], 'no customer');
  if (body.shipTo) {
    await one(call, 'SELECT 1 FROM erp.ship_to WHERE company = $1 AND ship_to = $2 AND customer = $3', [company, body.shipTo, customer.customer],
      `Ship-to ${body.shipTo} of customer ${customer.customer} was not found`);
  }
  const wanted = [...new Set(body.itemNumbers)];
  const qty = body.qty ?? 1;
  const today = todaySql(call);
  const { rows: items } = await call.db.query<ItemRow>(
    `SELECT item_number AS "itemNumber", description, unit_of_measure AS "unitOfMeasure", list_price::float8 AS "listPrice", unit_cost::float8 AS cost
       FROM erp.item WHERE company = $1 AND item_number = ANY($2::text[])`,
    [company, wanted],
  );
  const missing = wanted.filter((n) => !items.some((i) => i.itemNumber === n));
  if (missing.length) throw notFound(`Item ${missing.join(', ')} of company ${company} was not found`);

  const [contracts, library, last] = await Promise.all([
    call.db.query<{ itemNumber: string; price: number; jobNumber: string }>(
      `SELECT DISTINCT ON (l.item_number) l.item_number AS "itemNumber", l.contract_price::float8 AS price, j.job_number AS "jobNumber"
         FROM erp.contract_line l JOIN erp.contract j ON j.company = l.company AND j.job_number = l.job_number
        WHERE l.company = $1 AND l.item_number = ANY($2::text[]) AND l.min_qty <= $3
          AND j.start_date <= ${today} AND (j.end_date IS NULL OR j.end_date >= ${today})
          AND ((j.customer = $4 AND (j.ship_to IS NULL OR j.ship_to = $5)) OR (j.corporate IS NOT NULL AND j.corporate = $6))
        ORDER BY l.item_number, l.contract_price, j.job_number`,
      [company, wanted, qty, customer.customer, body.shipTo ?? null, corporate],
    ),
    call.db.query<{ priceLibrary: string; discount: number }>(
      `SELECT p.price_library AS "priceLibrary", l.discount_percent::float8 AS discount
         FROM erp.customer_price_library p JOIN erp.price_library l ON l.company = p.company AND l.price_library = p.price_library
        WHERE p.company = $1 AND p.customer = $2 AND p.effective_date <= ${today} AND (p.expiration_date IS NULL OR p.expiration_date >= ${today})
        ORDER BY p.priority, p.price_library LIMIT 1`,
      [company, customer.customer],
    ),
    call.db.query<{ itemNumber: string; price: number; day: string }>(
      `SELECT DISTINCT ON (item_number) item_number AS "itemNumber", unit_price::float8 AS price, to_char(invoice_date, 'YYYY-MM-DD') AS day
         FROM erp.invoice_line WHERE company = $1 AND customer = $2 AND item_number = ANY($3::text[]) AND qty > 0 AND invoice_date <= ${today}
        ORDER BY item_number, invoice_date DESC, invoice_number DESC`,
      [company, customer.customer, wanted],
    ),
  ]);
  const lib = library.rows[0];
  const rows: Array<Static<typeof CustomerPrice>> = wanted.map((number) => {
    const item = items.find((i) => i.itemNumber === number)!;
    const contract = contracts.rows.find((c) => c.itemNumber === number);
    const libraryPrice = lib ? round4(item.listPrice * (1 - lib.discount / 100)) : null;
    const candidates = [
      { source: 'List' as const, price: item.listPrice },
      ...(libraryPrice !== null ? [{ source: 'PriceLibrary' as const, price: libraryPrice }] : []),
      ...(contract ? [{ source: 'Contract' as const, price: contract.price }] : []),
    ];
    const best = candidates.reduce((a, b) => (b.price < a.price ? b : a));
    const paid = last.rows.find((l) => l.itemNumber === number);
    return {
      itemNumber: number,
      description: item.description,
      unitOfMeasure: item.unitOfMeasure,
      qty,
      listPrice: item.listPrice,
      price: best.price,
      priceSource: best.source,
      jobNumber: best.source === 'Contract' ? contract!.jobNumber : null,
      priceLibrary: best.source === 'PriceLibrary' ? lib!.priceLibrary : null,
      discountPercent: item.listPrice > 0 ? Math.round(10_000 * (1 - best.price / item.listPrice)) / 100 : null,
      cost: item.cost,
      grossProfitPercent: best.price > 0 ? Math.round(10_000 * ((best.price - item.cost) / best.price)) / 100 : null,
      lastPrice: paid?.price ?? null,
      lastInvoiceDate: paid?.day ?? null,
    };
  });
  return { company, customer: customer.customer, customerName: customer.customerName, asOf: call.today, rows };
}

export async function pricingRoutes(app: FastifyInstance): Promise<void> {
  // A customer's prices: in the caller's rep scope (no access right of its own).
  const answer = answerer((user) => erpCall(app.db, user, []));
  serve(app, pricingGetCustomerPricing, (request) => answer(request, (call) => customerPricing(call, request.body)));
}
