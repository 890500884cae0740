/**
 * What the CRM calls share (issue 27): the caller's call with his scope and the CRM settings
 * behind one access right, the account an activity or contact is logged on (found through the
 * ERP mirror's scoped reads: another rep's account is a 404), the audit of every write, and the
 * optimistic-concurrency conflict (409 with the current record).
 */
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../platform/session.ts';
import { errorBody } from '../platform/errors.ts';
import { findCustomer, findProspect, findShipTo } from '../analytics/account-detail-routes.ts';
import { DateSlugError, resolveDateSlug } from '@tradeboard/shared/dates';
import { countedPage } from '../analytics/engine.ts';
import { erpCall, pageOf, type ErpCall } from '../analytics/erp-common.ts';
import { badRequest, pageClause, searchPredicate, SqlParams, type NormalizedRequest } from '../analytics/search-request.ts';

/** The CRM settings a call reads (seed 000 §9 defaults in DEFAULT_SETTINGS). */
export const CRM_SETTINGS = ['FollowUpDays', 'GpsVerificationRadiusMiles', 'ContactCreationLockdown', 'OpportunityDefaultReportTotal'] as const;

export type CrmRight = 'ActivityAccessRight' | 'OpportunityAccessRight' | 'ContactAccessRight';

/** The caller's scope, today and CRM settings; 403 when his role has `right` off. */
export function crmCall(db: Db, user: SessionUser, right: CrmRight): Promise<ErpCall> {
  return erpCall(db, user, CRM_SETTINGS, right);
}

export type CrmAccountType = 'Customer' | 'ShipTo' | 'Prospect';
export type CrmAccount = {
  accountType: CrmAccountType;
  accountId: string;
  company: string;
  accountName: string;
  customer: string | null;
  salesRep: string;
  latitude: number | null;
  longitude: number | null;
};

/** An account of the caller's scope (404 otherwise), with its rep, customer and location. */
export async function findCrmAccount(call: ErpCall, accountType: CrmAccountType, accountId: string, company: string): Promise<CrmAccount> {
  if (accountType === 'Customer') {
    const c = await findCustomer(call, accountId, company);
    return { accountType, accountId, company, accountName: c.customerName, customer: c.customer, salesRep: c.salesRep, latitude: c.latitude ?? null, longitude: c.longitude ?? null };
  }
  if (accountType === 'ShipTo') {
    const s = await findShipTo(call, accountId, company);
    const { rows } = await call.db.query<{ latitude: number | null; longitude: number | null }>(
      'SELECT latitude, longitude FROM erp.ship_to WHERE company = $1 AND ship_to = $2',
      [company, accountId],
    );
    return { accountType, accountId, company, accountName: s.shipToName, customer: s.customer, salesRep: s.salesRep, latitude: rows[0]?.latitude ?? null, longitude: rows[0]?.longitude ?? null };
  }
  const p = await findProspect(call, accountId, company);
  return { accountType, accountId, company, accountName: p.customerName, customer: null, salesRep: p.salesRep, latitude: null, longitude: null };
}

/** Records a CRM write: who, when, which record, what (before/after as given). */
export async function crmAudit(
  client: Pick<pg.PoolClient, 'query'>,
  user: SessionUser,
  entity: string,
  entityId: string | number,
  action: 'create' | 'update' | 'delete' | 'link' | 'unlink' | 'verify',
  detail: Record<string, unknown>,
): Promise<void> {
  await client.query('INSERT INTO crm.audit (user_master_id, entity, entity_id, action, detail) VALUES ($1, $2, $3, $4, $5)', [
    user.userMasterId,
    entity,
    String(entityId),
    action,
    JSON.stringify(detail),
  ]);
}

/** An edit that started from an older version than the stored one: answered 409 with the current record. */
export class VersionConflict extends Error {
  constructor(
    readonly what: string,
    readonly current: unknown,
  ) {
    super(`${what} was changed by someone else since you opened it (now version ${(current as { version?: number }).version}); review the current values and save again`);
  }
}

/** Runs a write, answering a VersionConflict as the 409 with the current record. */
export async function answeringConflicts<T>(reply: FastifyReply, write: () => Promise<T>): Promise<T | void> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof VersionConflict) return reply.code(409).send({ ...errorBody(409, error.message), current: error.current });
    throw error;
  }
}

/** Trimmed text, null when empty. */
export const cleanText = (text: string | null | undefined): string | null => (text ?? '').trim() || null;

/** A required trimmed text (400 naming the field when empty). */
export function requiredText(text: string | null | undefined, field: string): string {
  const value = cleanText(text);
  if (!value) throw badRequest(`${field} is required`);
  return value;
}

/** The caller's organization (app.user_master.customer_master_id): what owns his opportunities and contacts. */
export async function organizationOf(call: ErpCall, user: SessionUser): Promise<number> {
  const { rows } = await call.db.query<{ organization: number }>('SELECT customer_master_id AS organization FROM app.user_master WHERE user_master_id = $1', [user.userMasterId]);
  return rows[0]!.organization;
}

/** A dateSlug's range for the caller's today and fiscal year (400 when unknown). */
export function periodOf(call: ErpCall, dateSlug: string) {
  try {
    return resolveDateSlug(dateSlug, { today: call.today, fiscalYear: call.context.fiscalYear });
  } catch (error) {
    if (error instanceof DateSlugError) throw badRequest(error.message);
    throw error;
  }
}

/** `expression AS "name", …` of a column map. */
export const selectOf = (columns: Record<string, string>): string =>
  Object.entries(columns)
    .map(([name, sql]) => `${sql} AS "${name}"`)
    .join(', ');

/**
 * One page of a CRM table's rows with the total: the page's keys are found on the table alone (its
 * indexes, nothing to look up), then the page's rows read their columns. `params` holds the
 * where's values, then the page's (pageClause adds two).
 */
export async function pagedRows<R>(
  call: ErpCall,
  spec: {
    from: string;
    alias: string;
    key: string;
    select: string;
    where: string[];
    order: string;
    request: NormalizedRequest;
    params: SqlParams;
    /** The rows' count from elsewhere (a rollup), as a statement answering n; by default a count of the rows. */
    count?: { text: string; values: unknown[] };
  },
) {
  const { from, alias, key, select, where, order, request, params } = spec;
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = spec.count ?? { text: `SELECT count(*)::int AS n FROM ${from} ${filter}`, values: [...params.values] };
  const page = `SELECT ${select} FROM (SELECT ${alias}.${key} AS k FROM ${from} ${filter} ${order} ${pageClause(request, params)}) p JOIN ${from} ON ${alias}.${key} = p.k ${order}`;
  const { rows, totalCount } = await countedPage(call.db, { text: page, values: params.values }, count, request);
  return { ...pageOf(request, totalCount), rows: rows as R[] };
}

/** A list cut to one account: company, accountType and accountId together (400 otherwise), of the caller's scope (404 otherwise). */
export type AccountCut = { company?: string; accountType?: CrmAccountType; accountId?: string };

/** The predicates on `alias` that cut a list to the account named (none when none is). */
export async function accountPredicates(call: ErpCall, alias: string, params: SqlParams, { company, accountType, accountId }: AccountCut): Promise<string[]> {
  if (!accountType && !accountId) return [];
  if (!(accountType && accountId && company)) throw badRequest('An account is named by company, accountType and accountId together');
  await findCrmAccount(call, accountType, accountId, company);
  return [`${alias}.company = ${params.add(company)}`, `${alias}.account_id = ${params.add(accountId)}`, `${alias}.account_type = ${params.add(accountType)}`];
}

/** Removes a deleted record's values (the record's own delete calls it, in its transaction). */
export async function dropUserDefinedValues(client: Pick<pg.PoolClient, 'query'>, table: 'Activity' | 'Contact' | 'Opportunity', key: string): Promise<void> {
  await client.query('DELETE FROM crm.udf_value WHERE record_key = $1 AND udf_id IN (SELECT udf_id FROM crm.udf_meta WHERE dynamic_table = $2)', [key, table]);
}

/**
 * A CRM list's search (subject, name, notes…, and the names of its accounts and, for activities,
 * of its types), as a predicate on `alias`. The accounts and types whose names match are found
 * first, in their own tables, and enter as lists of keys: every way of matching is then one arm
 * an index answers (the trigram index for the text columns, the account and type indexes for the
 * keys), and PostgreSQL combines the arms with the scope's index as bitmaps. A sub-select among
 * the arms would make it read every row of the scope instead (issue 27: 413 ms for a rep's 100,000
 * activities at scale 40). No match among the names drops that arm.
 */
export async function crmSearchPredicate(
  call: ErpCall,
  alias: string,
  request: Pick<NormalizedRequest, 'searchString' | 'searchOperator'>,
  params: SqlParams,
  { columns, typeColumn }: { columns: readonly string[]; typeColumn?: string },
): Promise<string | null> {
  const own = searchPredicate(request.searchString, request.searchOperator, columns.map((c) => `${alias}.${c}`), params);
  if (!own) return null;
  const names = new SqlParams();
  const match = (column: string) => searchPredicate(request.searchString, request.searchOperator, [column], names)!;
  const { rows } = await call.db.query<{ companies: string[]; ids: string[]; types: number[] }>(
    `WITH m AS (SELECT x.company, x.customer AS id FROM erp.customer x WHERE ${match('x.customer_name')}
                UNION SELECT x.company, x.ship_to FROM erp.ship_to x WHERE ${match('x.ship_to_name')}
                UNION SELECT x.company, x.prospect FROM erp.prospect x WHERE ${match('x.prospect_name')})
     SELECT coalesce(array_agg(m.company ORDER BY m.company, m.id), '{}') AS companies, coalesce(array_agg(m.id ORDER BY m.company, m.id), '{}') AS ids,
            ${typeColumn ? `ARRAY(SELECT x.data_item_id FROM crm.data_item x WHERE x.data_type = 'ActivityType' AND ${match('x.name')})` : "'{}'::int[]"} AS types
       FROM m`,
    names.values,
  );
  const arms = [own];
  const { companies = [], ids = [], types = [] } = rows[0] ?? {};
  if (ids.length) {
    const [c, i] = [params.add(companies), params.add(ids)];
    arms.push(`(${alias}.company = ANY(${c}::text[]) AND ${alias}.account_id = ANY(${i}::text[])
                AND (${alias}.company, ${alias}.account_id) IN (SELECT * FROM unnest(${c}::text[], ${i}::text[])))`);
  }
  if (typeColumn && types.length) arms.push(`${alias}.${typeColumn} = ANY(${params.add(types)}::int[])`);
  return `(${arms.join(' OR ')})`;
}
