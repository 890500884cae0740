/**
 * Seed 001 §7.12 prospect writes and their helpers, behind ProspectAccessRight (403 without):
 * add a prospect, the add form's choices, the duplicate check the form runs before saving,
 * whether the caller may add prospects (WapAccess), and converting a prospect to a customer.
 *
 * The ERP mirror stands for the ERP here: an added prospect is written to erp.prospect, a
 * converted one moves to erp.customer (same rep, branch and place) and leaves erp.prospect. Each
 * write counts a revision of the latest data load, so no cached answer of the lists is served
 * again. A prospect is always one of the caller's reps' (his own by default).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { prospectAdd, prospectConvert, prospectDuplicateCheck, prospectOptions, prospectWapAccess, type ProspectAddRequest, type ProspectDuplicateRequest } from '@tradeboard/shared/contracts';
import { sectionIdOf } from '@tradeboard/shared/constants';
import { parseBoolean } from '@tradeboard/shared/user-settings';
import { cleanName, inTransaction } from '../boards/board-access.ts';
import { HttpError } from '../platform/errors.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { branchJoin } from './accounts-routes.ts';
import { address, andScope, findCustomer, findProspect, ownRep, requestedRep } from './account-detail-routes.ts';
import { erpCall, todaySql, type ErpCall } from './erp-common.ts';
import { revise } from './cache.ts';
import { scopePredicate } from './scope.ts';
import { badRequest, SqlParams } from './search-request.ts';

const trimmed = (text: string | null | undefined) => (text ?? '').trim() || null;

// ------------------------------------------------------------------------------ add
async function addProspect(call: ErpCall, user: SessionUser, body: Static<typeof ProspectAddRequest>) {
  const name = cleanName(body.prospectName, 'prospectName');
  const rep = await requestedRep(call, body.salesRep ?? (await ownRep(call.db, user)));
  const { rows: branch } = await call.db.query('SELECT 1 FROM erp.branch WHERE company = $1 AND branch = $2', [body.company, body.branch]);
  if (!branch[0]) throw badRequest(`Unknown branch ${body.branch} of company ${body.company}`);
  const id = await inTransaction(call.db, async (client) => {
    // The next number of the company's P-numbers; the table lock keeps two adds from taking the same one.
    await client.query('LOCK TABLE erp.prospect IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await client.query<{ prospect: string }>(
      `INSERT INTO erp.prospect (company, prospect, prospect_name, address1, city, state, postal_code, phone, branch, sales_rep, account_class1, source, created_date)
       SELECT $1, 'P' || lpad((coalesce(max(substr(prospect, 2)::int), 0) + 1)::text, 6, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ${todaySql(call)}
         FROM erp.prospect WHERE company = $1 AND prospect ~ '^P[0-9]{1,9}$'
       RETURNING prospect`,
      [body.company, name, trimmed(body.address), trimmed(body.city), trimmed(body.state), trimmed(body.postalCode), trimmed(body.phone), body.branch, rep, trimmed(body.accountClass1), trimmed(body.source)],
    );
    await revise(client);
    return rows[0]!.prospect;
  });
  return findProspect(call, id, body.company);
}

// ------------------------------------------------------------------------------ convert
/**
 * Prospect fromId becomes customer toId: a new customer number of the company (409 when taken),
 * with the prospect's name, place, branch and rep, placed at the middle of the company's
 * customers in its city (the ERP mirror geocodes nothing), created today.
 */
async function convert(call: ErpCall, fromId: string, toId: string, company: string) {
  await findProspect(call, fromId, company);
  await inTransaction(call.db, async (client) => {
    const { rows: taken } = await client.query('SELECT 1 FROM erp.customer WHERE company = $1 AND customer = $2', [company, toId]);
    if (taken[0]) throw new HttpError(409, `Customer ${toId} of company ${company} already exists`);
    await client.query(
      `INSERT INTO erp.customer (company, customer, customer_name, address1, city, state, postal_code, phone, branch, sales_rep,
                                 account_class1, territory, latitude, longitude, created_date, is_active)
       SELECT p.company, $3, p.prospect_name, p.address1, p.city, p.state, p.postal_code, p.phone, p.branch, p.sales_rep,
              p.account_class1, p.territory, round(g.latitude::numeric, 5)::float8, round(g.longitude::numeric, 5)::float8, ${todaySql(call)}, true
         FROM erp.prospect p
         LEFT JOIN LATERAL (SELECT avg(c.latitude) AS latitude, avg(c.longitude) AS longitude FROM erp.customer c
                             WHERE c.company = p.company AND c.city = p.city AND c.state = p.state) g ON true
        WHERE p.company = $1 AND p.prospect = $2`,
      [company, fromId, toId],
    );
    await client.query('DELETE FROM erp.prospect WHERE company = $1 AND prospect = $2', [company, fromId]);
    await revise(client);
  });
  return findCustomer(call, toId, company);
}

// ------------------------------------------------------------------------------ duplicate check
const NAME_NOISE = ['the', 'inc', 'incorporated', 'llc', 'co', 'company', 'corp', 'corporation', 'ltd', 'and'];

/** A name's words without punctuation, case or company-form words ("The Acme Co., Inc." → "acme"). */
export function nameKey(name: string): string {
  return name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w && !NAME_NOISE.includes(w)).join(' ');
}
/** nameKey in SQL, for a name expression. */
const nameKeySql = (sql: string, noise: string) =>
  `array_to_string(array(SELECT w FROM regexp_split_to_table(lower(${sql}), '[^a-z0-9]+') WITH ORDINALITY AS x(w, n) WHERE w <> '' AND w <> ALL(${noise}::text[]) ORDER BY n), ' ')`;
const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');

const DUPLICATE_SOURCES = [
  { type: 'Customer', from: 'erp.customer a', id: 'a.customer', name: 'a.customer_name' },
  { type: 'Prospect', from: 'erp.prospect a', id: 'a.prospect', name: 'a.prospect_name' },
] as const;

/** The company's customers and prospects of the same name key or phone number: the caller's shown, the others counted. */
async function duplicates(call: ErpCall, body: Static<typeof ProspectDuplicateRequest>) {
  const key = nameKey(body.prospectName);
  const phone = digits(body.phone);
  const params = new SqlParams();
  const [company, keyParam, noise] = [params.add(body.company), params.add(key), params.add(NAME_NOISE)];
  // The longest word of the key narrows the rows cheaply before the key itself is compared.
  const word = params.add(`%${key.split(' ').sort((a, b) => b.length - a.length)[0] ?? ''}%`);
  const phoneParam = phone.length >= 7 ? params.add(phone) : null;
  const mine = scopePredicate(call.context.scope, 'a.sales_rep', params) ?? 'true';
  const parts = DUPLICATE_SOURCES.map(({ type, from, id, name }) => {
    const byName = key ? `(lower(${name}) LIKE ${word} AND ${nameKeySql(name, noise)} = ${keyParam})` : 'false';
    const byPhone = phoneParam ? `regexp_replace(coalesce(a.phone, ''), '[^0-9]', '', 'g') = ${phoneParam}` : 'false';
    return `SELECT '${type}'::text AS "accountType", a.company, ${id} AS "accountId", ${name} AS "accountName", NULL::text AS customer, ${address('a')},
                   a.branch, b.branch_name AS "branchName", a.sales_rep AS "salesRep", ${mine} AS mine,
                   array_remove(ARRAY[CASE WHEN ${byName} THEN 'name' END, CASE WHEN ${byPhone} THEN 'phone' END], NULL) AS "matchedOn"
              FROM ${from} ${branchJoin('a')}
             WHERE a.company = ${company} AND (${byName} OR ${byPhone})`;
  });
  const { rows } = await call.db.query(`${parts.join(' UNION ALL ')} ORDER BY 4, 3 LIMIT 101`, params.values);
  const matches = rows.filter((r) => r.mine).map(({ mine: _mine, ...row }) => row);
  return { isDuplicate: rows.length > 0, matches: matches.slice(0, 50) as never, otherAccountCount: rows.length - matches.length };
}

// ------------------------------------------------------------------------------ options, access
async function options(call: ErpCall, sectionName: string) {
  if (!sectionIdOf(sectionName)) throw badRequest(`Unknown sectionName '${sectionName}'`);
  const params = new SqlParams();
  const repScope = andScope(call, 'r.sales_rep', params);
  const customerScope = andScope(call, 'c.sales_rep', params);
  const { rows } = await call.db.query<{ name: string; value: string; label: string }>(
    `SELECT 'company' AS name, company AS value, company_name AS label FROM erp.company
     UNION ALL SELECT 'branch', branch, branch_name || ' (' || company || ')' FROM erp.branch
     UNION ALL SELECT DISTINCT 'salesRep', r.sales_rep, r.name FROM erp.sales_rep r WHERE r.is_active${repScope}
     UNION ALL SELECT DISTINCT 'accountClass1', c.account_class1, c.account_class1 FROM erp.customer c WHERE c.account_class1 IS NOT NULL
     UNION ALL SELECT DISTINCT 'source', p.source, p.source FROM erp.prospect p WHERE p.source IS NOT NULL
     UNION ALL SELECT DISTINCT 'state', c.state, c.state FROM erp.customer c WHERE c.state IS NOT NULL${customerScope}
     ORDER BY 1, 3, 2`,
    params.values,
  );
  const names = ['company', 'branch', 'salesRep', 'accountClass1', 'source', 'state'];
  return { sectionName, options: names.map((name) => ({ name, values: rows.filter((r) => r.name === name).map(({ value, label }) => ({ value, label })) })) };
}

/** Whether the caller may add and convert prospects, and why not. */
async function wapAccess(call: ErpCall, user: SessionUser) {
  if (!parseBoolean(call.settings.ProspectAccessRight)) return { wapAccess: false, reason: 'Your role has no ProspectAccessRight' };
  if (!call.context.scope.all) {
    const { rows } = await call.db.query<{ sales_rep: string | null }>('SELECT sales_rep FROM app.user_master WHERE user_master_id = $1', [user.userMasterId]);
    if (!rows[0]?.sales_rep) return { wapAccess: false, reason: 'You have no sales rep code to add prospects for' };
  }
  return { wapAccess: true, reason: null };
}

export async function prospectRoutes(app: FastifyInstance): Promise<void> {
  // Writes, and checks that must see the latest writes: never answered from the result cache.
  const withRight = (user: SessionUser) => erpCall(app.db, user, [], 'ProspectAccessRight');

  serve(app, prospectAdd, async (request) => addProspect(await withRight(request.user), request.user, request.body));
  serve(app, prospectOptions, async (request) => options(await withRight(request.user), request.params.sectionName));
  serve(app, prospectDuplicateCheck, async (request) => duplicates(await withRight(request.user), request.body));
  serve(app, prospectWapAccess, async (request) => wapAccess(await erpCall(app.db, request.user, ['ProspectAccessRight']), request.user));
  serve(app, prospectConvert, async (request) => {
    const { fromId, toId, company } = request.query;
    return convert(await withRight(request.user), fromId, toId, company);
  });
}
