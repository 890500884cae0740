/**
 * Customer/WhiteSpace (beyond the seed: docs/decisions.md "White space"): the product groups an
 * account's peers buy and it does not, with the size of the gap.
 *
 * Over the 12 months through the data's last day (the rollups of migration 070): the account's
 * peers are its company's other customers of the same account class (account_class1, the
 * customer type) whose sales fall in its size band (SIZE_BANDS). A product group is white space
 * when at least MIN_PEER_SHARE of the peers bought it and the account bought none of it (no
 * positive net sales). Its gap is the median share of a buying peer's sales that went to the
 * group, times the account's own sales: what the group would add to an account of its size.
 * Largest gap first.
 *
 * The account is scoped like the other account calls (another rep's customer answers 404); the
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

/** Size bands on trailing-12-month net sales, from (inclusive) to (exclusive). */
export const SIZE_BANDS: readonly SizeBand[] = [
  { label: 'Under $10K', from: 0, to: 10_000 },
  { label: '$10K to $50K', from: 10_000, to: 50_000 },
  { label: '$50K to $250K', from: 50_000, to: 250_000 },
  { label: '$250K to $1M', from: 250_000, to: 1_000_000 },
  { label: '$1M and over', from: 1_000_000, to: null },
];
/** A product group is white space when at least this percent of the peers bought it. */
export const MIN_PEER_SHARE = 50;
/** Fewer peers and there is no answer: too few to tell, and a single peer's figures would show through. */
export const MIN_PEERS = 5;

type Account = { company: string; customer: string; customerName: string; accountClass: string; sales: number; from: string | null; to: string | null };
type GroupRow = { productGroup: string; productGroupName: string | null; peersBuying: number; peerCount: number; wallet: number };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The account with its class and sales in the window; 404 when it does not exist or is another rep's. */
async function account(call: ErpCall, customer: string, company: string): Promise<Account> {
  const params = new SqlParams();
  const [c, id] = [params.add(company), params.add(customer)];
  const scope = scopePredicate(call.context.scope, 'a.sales_rep', params);
  const { rows } = await call.db.query<Account>(
    `SELECT a.company, a.customer, a.customer_name AS "customerName", coalesce(a.account_class1, '') AS "accountClass",
            coalesce(t.sales, 0)::float8 AS sales,
            to_char((d.data_through - interval '12 months')::date + 1, 'YYYY-MM-DD') AS "from", to_char(d.data_through, 'YYYY-MM-DD') AS "to"
       FROM erp.customer a
       LEFT JOIN erp.customer_trailing_year_sales t ON t.company = a.company AND t.customer = a.customer
       LEFT JOIN LATERAL (SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1) d ON true
      WHERE a.company = ${c} AND a.customer = ${id}${scope ? ` AND ${scope}` : ''}`,
    params.values,
  );
  if (!rows[0]) throw new HttpError(404, `Customer ${customer} of company ${company} not found`);
  return rows[0];
}

/** The product groups enough of the account's peers bought and it did not, each with the peers' median share of their sales. */
async function whiteSpaceGroups(call: ErpCall, me: Account, band: SizeBand): Promise<{ peerCount: number; groups: GroupRow[] }> {
  const params = new SqlParams();
  const [c, cls, self, from] = [params.add(me.company), params.add(me.accountClass), params.add(me.customer), params.add(band.from)];
  const to = band.to === null ? '' : ` AND p.sales < ${params.add(band.to)}`;
  const { rows } = await analyticsQuery(
    call.db,
    `WITH peers AS (SELECT p.customer, p.sales FROM erp.customer_trailing_year_sales p
                     WHERE p.company = ${c} AND p.account_class = ${cls} AND p.sales >= ${from}${to} AND p.sales > 0 AND p.customer <> ${self}),
          n AS (SELECT count(*)::int AS peers FROM peers),
          bought AS (SELECT g.product_group, g.sales / p.sales AS wallet
                       FROM peers p JOIN erp.customer_product_group_trailing_year g ON g.company = ${c} AND g.customer = p.customer
                      WHERE g.sales > 0),
          mine AS (SELECT m.product_group FROM erp.customer_product_group_trailing_year m
                    WHERE m.company = ${c} AND m.customer = ${self} AND m.sales > 0),
          gaps AS (SELECT b.product_group, count(*)::int AS buyers, percentile_cont(0.5) WITHIN GROUP (ORDER BY b.wallet) AS wallet
                     FROM bought b WHERE b.product_group NOT IN (SELECT product_group FROM mine) GROUP BY b.product_group)
     SELECT n.peers AS "peerCount", g.product_group AS "productGroup", pg.product_group_name AS "productGroupName",
            g.buyers AS "peersBuying", g.wallet::float8 AS wallet
       FROM n LEFT JOIN gaps g ON g.buyers * 100 >= ${params.add(MIN_PEER_SHARE)} * n.peers
       LEFT JOIN erp.product_group pg ON pg.company = ${c} AND pg.product_group = g.product_group`,
    params.values,
  );
  const peerCount = Number(rows[0]?.peerCount ?? 0);
  const groups = rows.filter((row) => row.productGroup !== null).map((row) => ({ ...(row as GroupRow), peersBuying: Number(row.peersBuying), wallet: Number(row.wallet) }));
  return { peerCount, groups };
}

async function whiteSpace(call: ErpCall, customer: string, company: string): Promise<WhiteSpaceResult> {
  const me = await account(call, customer, company);
  const band = me.sales > 0 ? SIZE_BANDS.find((b) => me.sales >= b.from && (b.to === null || me.sales < b.to))! : null;
  const { peerCount, groups } = band ? await whiteSpaceGroups(call, me, band) : { peerCount: 0, groups: [] };
  const rows =
    peerCount < MIN_PEERS
      ? []
      : groups
          .map((g) => ({
            productGroup: g.productGroup,
            productGroupName: g.productGroupName,
            peerShare: round((g.peersBuying / peerCount) * 100, 1),
            peersBuying: g.peersBuying,
            peerShareOfWallet: round(g.wallet * 100, 1),
            estimatedGap: round(g.wallet * me.sales, 2),
          }))
          .sort((a, b) => b.estimatedGap - a.estimatedGap || a.productGroup.localeCompare(b.productGroup));
  return { ...me, sales: round(me.sales, 2), sizeBand: band, peerCount, minPeers: MIN_PEERS, minPeerShare: MIN_PEER_SHARE, rows };
}

export async function whiteSpaceRoutes(app: FastifyInstance): Promise<void> {
  // Read from the ERP data alone: answered from the result cache.
  const scoped = answerer((user) => erpCall(app.db, user, []));
  serve(app, customerWhiteSpace, async (request) => scoped(request, (call) => whiteSpace(call, request.params.customer, request.params.company)));
}
