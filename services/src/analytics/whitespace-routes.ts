/**
 * Customer/WhiteSpace (beyond the seed: docs/decisions.md "White space"): the product groups an
 * account's peers buy and it does not, with the size of the gap.
 *
 * Over the 12 months through the data's last day (the rollups of migration 070): the account's
 * peers are its company's other customers of the same account class (account_class1, the
 * customer type) whose sales fall in its size band (erp.sales_size_band). A product group is white space
 * when at least MIN_PEER_SHARE of the peers bought it and the account bought none of it (no
 * positive net sales). Its gap is the median share of a buying peer's sales that went to the
 * group, times the account's own sales: what the group would add to an account of its size.
 * Largest gap first.
 *
 * A prospect answers too, with no sales to compare. The account is scoped like the other account calls (another rep's customer answers 404); the
 * peers are every customer of the company, shown only as shares and medians, and only when there
 * are at least MIN_PEERS of them.
 */
import type { FastifyInstance } from 'fastify';
import { customerWhiteSpace, type SizeBand, type WhiteSpaceResult } from '@tradeboard/shared/contracts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { analyticsQuery } from './engine.ts';
import { answerer, erpCall, type ErpCall } from './erp-common.ts';
import { scopePredicate } from './scope.ts';
import { SqlParams } from './search-request.ts';

/** A product group is white space when at least this percent of the peers bought it. */
export const MIN_PEER_SHARE = 50;
/** Fewer peers and there is no answer: too few to tell, and a single peer's figures would show through. */
export const MIN_PEERS = 5;

type Account = {
  company: string;
  customer: string;
  customerName: string;
  accountClass: string;
  sales: number;
  band: number | null;
  sizeBand: SizeBand | null;
  from: string | null;
  to: string | null;
};
type GroupRow = { productGroup: string | null; productGroupName: string | null; buyers: number; wallet: number; peerCount: number };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The account (a customer, or a prospect: no sales, so no size band and no peers) with its class,
 * sales and size band in the window; 404 when it does not exist or is another rep's.
 */
async function account(call: ErpCall, customer: string, company: string): Promise<Account> {
  const params = new SqlParams();
  const [c, id] = [params.add(company), params.add(customer)];
  const scope = scopePredicate(call.context.scope, 'a.sales_rep', params);
  const { rows } = await call.db.query<Account>(
    `SELECT a.company, a.customer, a.customer_name AS "customerName", coalesce(a.account_class1, '') AS "accountClass",
            coalesce(t.sales, 0)::float8 AS sales, b.band,
            CASE WHEN b.band IS NULL THEN NULL ELSE json_build_object('label', b.label, 'from', b.from_sales::float8, 'to', b.to_sales::float8) END AS "sizeBand",
            to_char((d.data_through - interval '12 months')::date + 1, 'YYYY-MM-DD') AS "from", to_char(d.data_through, 'YYYY-MM-DD') AS "to"
       FROM (SELECT company, customer, customer_name, account_class1, sales_rep FROM erp.customer
             UNION ALL
             SELECT company, prospect, prospect_name, account_class1, sales_rep FROM erp.prospect) a
       LEFT JOIN erp.customer_trailing_year_sales t ON t.company = a.company AND t.customer = a.customer
       LEFT JOIN erp.sales_size_band b ON b.band = t.band
       LEFT JOIN LATERAL (SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1) d ON true
      WHERE a.company = ${c} AND a.customer = ${id}${scope ? ` AND ${scope}` : ''}`,
    params.values,
  );
  if (!rows[0]) throw new HttpError(404, `Customer ${customer} of company ${company} not found`);
  return rows[0];
}

/**
 * The account's peers (its band's other customers) and the product groups enough of them bought
 * and the account did not, each with its buyers and their median share of sales in it.
 */
async function whiteSpaceGroups(call: ErpCall, me: Omit<Account, 'band'>, band: number): Promise<{ peerCount: number; groups: GroupRow[] }> {
  const params = new SqlParams();
  const [c, cls, b, self] = [params.add(me.company), params.add(me.accountClass), params.add(band), params.add(me.customer)];
  const { rows } = await analyticsQuery(
    call.db,
    `SELECT p.customers - 1 AS "peerCount", w.product_group AS "productGroup", pg.product_group_name AS "productGroupName",
            w.buyers, w.median_wallet AS wallet
       FROM erp.white_space_peer_group p
       LEFT JOIN erp.white_space_product_group w
         ON w.company = p.company AND w.account_class = p.account_class AND w.band = p.band
        AND w.buyers * 100 >= ${params.add(MIN_PEER_SHARE)} * (p.customers - 1)
        AND NOT EXISTS (SELECT 1 FROM erp.customer_product_group_trailing_year m
                         WHERE m.company = p.company AND m.customer = ${self} AND m.product_group = w.product_group AND m.sales > 0)
       LEFT JOIN erp.product_group pg ON pg.company = p.company AND pg.product_group = w.product_group
      WHERE p.company = ${c} AND p.account_class = ${cls} AND p.band = ${b}`,
    params.values,
  );
  const peerCount = Number(rows[0]?.peerCount ?? 0);
  const groups = (rows as GroupRow[]).filter((row) => row.productGroup !== null);
  return { peerCount, groups };
}

async function whiteSpace(call: ErpCall, customer: string, company: string): Promise<WhiteSpaceResult> {
  const { band, ...me } = await account(call, customer, company);
  const { peerCount, groups } = band === null ? { peerCount: 0, groups: [] } : await whiteSpaceGroups(call, me, band);
  const rows =
    peerCount < MIN_PEERS
      ? []
      : groups
          .map((g) => ({
            productGroup: g.productGroup!,
            productGroupName: g.productGroupName,
            peerShare: round((Number(g.buyers) / peerCount) * 100, 1),
            peersBuying: Number(g.buyers),
            peerShareOfWallet: round(Number(g.wallet) * 100, 1),
            estimatedGap: round(Number(g.wallet) * me.sales, 2),
          }))
          .sort((a, b) => b.estimatedGap - a.estimatedGap || a.productGroup.localeCompare(b.productGroup));
  return { ...me, sales: round(me.sales, 2), peerCount, minPeers: MIN_PEERS, minPeerShare: MIN_PEER_SHARE, rows };
}

export async function whiteSpaceRoutes(app: FastifyInstance): Promise<void> {
  // Read from the ERP data alone: answered from the result cache.
  const scoped = answerer((user) => erpCall(app.db, user, []));
  serve(app, customerWhiteSpace, async (request) => scoped(request, (call) => whiteSpace(call, request.params.customer, request.params.company)));
}
