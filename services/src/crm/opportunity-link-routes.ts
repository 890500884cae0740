/**
 * An opportunity's sub-resources (seed 001 §7.12: Supplier, ProductGroup, ActivityTransaction,
 * Contact, Order, Quote and AdditionalCustomers, each with list, add, update, delete and count),
 * behind OpportunityAccessRight and the opportunity's own scope (another rep's or organization's
 * opportunity, or a link of one, is a 404). The ERP links live in crm.opportunity_link, keyed by
 * the linked record's ERP code and checked against the ERP mirror when added; an opportunity's
 * activities are the activities whose `opportunity` names it (one truth: linking sets it,
 * removing the link clears it). Writes are audited and versioned (409 with the current link).
 */
import type { FastifyInstance } from 'fastify';
import { OPPORTUNITY_LINK_CALLS, type OpportunityLink, type OpportunityLinkKind } from '@tradeboard/shared/contracts';
import type pg from 'pg';
import { inTransaction } from '../boards/board-access.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { findCustomer, notFound } from '../analytics/account-detail-routes.ts';
import { scopePredicate } from '../analytics/scope.ts';
import { badRequest, SqlParams } from '../analytics/search-request.ts';
import { answeringConflicts, cleanText, crmAudit, VersionConflict } from './crm-common.ts';
import { exactOpportunity, opportunityCall, type OpportunityCall } from './opportunity-routes.ts';

type ErpKind = Exclude<OpportunityLinkKind, 'ActivityTransaction'>;

/** Each ERP link's name, read from the mirror by the link's company and code. */
const NAME_OF: Record<ErpKind, string> = {
  Supplier: '(SELECT x.supplier_name FROM erp.supplier x WHERE x.company = l.company AND x.supplier = l.code)',
  ProductGroup: '(SELECT x.product_group_name FROM erp.product_group x WHERE x.company = l.company AND x.product_group = l.code)',
  Contact: '(SELECT x.contact_name FROM erp.contact x WHERE x.company = l.company AND x.contact = l.code)',
  Order: `(SELECT to_char(x.order_date, 'YYYY-MM-DD') || ' · ' || x.status || ' · ' || round(x.order_total, 2) FROM erp.order_header x WHERE x.company = l.company AND x.order_number = l.code)`,
  Quote: `(SELECT to_char(x.quote_date, 'YYYY-MM-DD') || ' · ' || x.status || ' · ' || round(x.quote_total, 2) FROM erp.quote_header x WHERE x.company = l.company AND x.quote_number = l.code)`,
  AdditionalCustomers: '(SELECT x.customer_name FROM erp.customer x WHERE x.company = l.company AND x.customer = l.code)',
};

const linkSelect = (kind: ErpKind) => `SELECT l.link_id AS id, l.opportunity, l.kind, l.company, l.code, ${NAME_OF[kind]} AS name, l.role_id AS "roleId",
    (SELECT x.name FROM crm.data_item x WHERE x.data_item_id = l.role_id) AS role, l.amount::float8 AS amount, l.notes, l.version,
    to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
  FROM crm.opportunity_link l`;

const ACTIVITY_SELECT = `SELECT a.activity_transaction_number AS id, a.opportunity, 'ActivityTransaction' AS kind, a.company,
    a.activity_transaction_number::text AS code, a.subject AS name, NULL::int AS "roleId",
    (SELECT x.name FROM crm.data_item x WHERE x.data_item_id = a.activity_type_id) AS role, NULL::float8 AS amount, a.notes, a.version,
    to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
  FROM crm.activity a`;

type LinkBody = { roleId?: number | null; amount?: number | null; notes?: string | null };

/** The ERP record a new link names must exist (and an order, quote or contact be the account's own): 400 otherwise. */
async function checkCode(call: OpportunityCall, kind: ErpKind, company: string, customer: string | null, code: string): Promise<void> {
  const ofAccount = (what: string) => {
    if (!customer) throw badRequest(`A prospect's opportunity has no ${what}s in the ERP yet`);
  };
  let sql: string;
  let params: unknown[] = [company, code];
  switch (kind) {
    case 'Supplier':
      sql = 'SELECT 1 FROM erp.supplier WHERE company = $1 AND supplier = $2';
      break;
    case 'ProductGroup':
      sql = 'SELECT 1 FROM erp.product_group WHERE company = $1 AND product_group = $2';
      break;
    case 'Contact':
      ofAccount('contact');
      sql = 'SELECT 1 FROM erp.contact WHERE company = $1 AND contact = $2 AND customer = $3';
      params = [company, code, customer];
      break;
    case 'Order':
      ofAccount('order');
      sql = 'SELECT 1 FROM erp.order_header WHERE company = $1 AND order_number = $2 AND customer = $3';
      params = [company, code, customer];
      break;
    case 'Quote':
      ofAccount('quote');
      sql = 'SELECT 1 FROM erp.quote_header WHERE company = $1 AND quote_number = $2 AND customer = $3';
      params = [company, code, customer];
      break;
    case 'AdditionalCustomers':
      // A customer of the caller's scope (another rep's is unknown to him: 404 like elsewhere).
      await findCustomer(call, code, company);
      if (code === customer) throw badRequest(`Customer ${code} is the opportunity's own account`);
      return;
  }
  const { rows } = await call.db.query(sql, params);
  if (!rows[0]) throw badRequest(`${kind} ${code} is not ${kind === 'Supplier' || kind === 'ProductGroup' ? 'known' : "one of the account's"} in company ${company}`);
}

/** A role only additional customers take (OpportunityAdditionalCustomerRole), an amount only product groups. */
async function checkFields(client: Pick<pg.PoolClient, 'query'>, kind: OpportunityLinkKind, body: LinkBody, storedRole: number | null) {
  if (body.roleId !== undefined && body.roleId !== null) {
    if (kind !== 'AdditionalCustomers') throw badRequest(`A ${kind} link has no role`);
    const { rows } = await client.query(
      "SELECT 1 FROM crm.data_item WHERE data_item_id = $1 AND data_type = 'OpportunityAdditionalCustomerRole' AND (is_active OR data_item_id = $2)",
      [body.roleId, storedRole],
    );
    if (!rows[0]) throw badRequest(`Unknown roleId ${body.roleId}: not an active OpportunityAdditionalCustomerRole`);
  }
  if (body.amount !== undefined && body.amount !== null && kind !== 'ProductGroup') throw badRequest(`A ${kind} link has no amount`);
  return { roleId: body.roleId ?? null, amount: body.amount ?? null, notes: cleanText(body.notes) };
}

/** The activity scope predicate on crm.activity a (the caller's reps). */
function activityScope(call: OpportunityCall, params: SqlParams): string {
  return scopePredicate(call.context.scope, 'a.sales_rep', params) ?? 'true';
}

// ------------------------------------------------------------------------------ reads
async function links(call: OpportunityCall, kind: OpportunityLinkKind, opportunity: number, db: Pick<pg.PoolClient, 'query'> = call.db): Promise<OpportunityLink[]> {
  if (kind === 'ActivityTransaction') {
    const params = new SqlParams();
    const where = `a.opportunity = ${params.add(opportunity)} AND ${activityScope(call, params)}`;
    const { rows } = await db.query<OpportunityLink>(`${ACTIVITY_SELECT} WHERE ${where} ORDER BY a.due_date, a.activity_transaction_number`, params.values);
    return rows;
  }
  const { rows } = await db.query<OpportunityLink>(`${linkSelect(kind)} WHERE l.opportunity = $1 AND l.kind = $2 ORDER BY l.link_id`, [opportunity, kind]);
  return rows;
}

/** One link of an opportunity the caller may see (404 otherwise). */
async function link(call: OpportunityCall, kind: OpportunityLinkKind, id: number, db: Pick<pg.PoolClient, 'query'> = call.db): Promise<OpportunityLink> {
  const { rows } =
    kind === 'ActivityTransaction'
      ? await db.query<OpportunityLink>(`${ACTIVITY_SELECT} WHERE a.activity_transaction_number = $1 AND a.opportunity IS NOT NULL`, [id])
      : await db.query<OpportunityLink>(`${linkSelect(kind)} WHERE l.link_id = $1 AND l.kind = $2`, [id, kind]);
  if (!rows[0]) throw notFound(`${kind} link ${id} not found`);
  await exactOpportunity(call, rows[0].opportunity).catch(() => {
    throw notFound(`${kind} link ${id} not found`);
  });
  return rows[0];
}

// ------------------------------------------------------------------------------ writes
async function addLink(call: OpportunityCall, user: SessionUser, kind: OpportunityLinkKind, body: LinkBody & { opportunity: number; code: string }) {
  const opportunity = await exactOpportunity(call, body.opportunity);
  const code = body.code.trim();
  if (kind === 'ActivityTransaction') return linkActivity(call, user, opportunity.opportunity, opportunity, code);
  await checkCode(call, kind, opportunity.company, opportunity.customer, code);
  const id = await inTransaction(call.db, async (client) => {
    const fields = await checkFields(client, kind, body, null);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO crm.opportunity_link (opportunity, kind, company, code, role_id, amount, notes, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (opportunity, kind, code) DO NOTHING RETURNING link_id AS id`,
      [opportunity.opportunity, kind, opportunity.company, code, fields.roleId, fields.amount, fields.notes, user.userMasterId],
    );
    if (!rows[0]) throw badRequest(`${kind} ${code} is already linked to opportunity ${opportunity.opportunity}`);
    await crmAudit(client, user, 'Opportunity', opportunity.opportunity, 'link', { kind, code, ...fields });
    return rows[0].id;
  });
  return link(call, kind, id);
}

/** Logs an activity of the caller's scope, on the opportunity's company and customer (or account), for the opportunity. */
async function linkActivity(call: OpportunityCall, user: SessionUser, id: number, opportunity: { company: string; customer: string | null; accountType: string; accountId: string }, code: string) {
  const number = Number(code);
  if (!Number.isInteger(number) || number < 1 || number > 2_147_483_647) throw badRequest(`code '${code}' is not an activity number`);
  const params = new SqlParams();
  const { rows } = await call.db.query<{ company: string; customer: string | null; account_type: string; account_id: string; opportunity: number | null }>(
    `SELECT a.company, a.customer, a.account_type, a.account_id, a.opportunity FROM crm.activity a
      WHERE a.activity_transaction_number = ${params.add(number)} AND ${activityScope(call, params)}`,
    params.values,
  );
  const activity = rows[0];
  if (!activity) throw notFound(`Activity ${number} not found`);
  const sameAccount = activity.company === opportunity.company && (opportunity.customer ? activity.customer === opportunity.customer : activity.account_type === opportunity.accountType && activity.account_id === opportunity.accountId);
  if (!sameAccount) throw badRequest(`Activity ${number} is logged on another account`);
  if (activity.opportunity === id) throw badRequest(`Activity ${number} is already linked to opportunity ${id}`);
  await inTransaction(call.db, async (client) => {
    await client.query('UPDATE crm.activity SET opportunity = $2, version = version + 1, updated_at = now(), updated_by = $3 WHERE activity_transaction_number = $1', [number, id, user.userMasterId]);
    await crmAudit(client, user, 'Opportunity', id, 'link', { kind: 'ActivityTransaction', code: number, before: activity.opportunity });
  });
  return link(call, 'ActivityTransaction', number);
}

async function updateLink(call: OpportunityCall, user: SessionUser, kind: OpportunityLinkKind, id: number, body: LinkBody & { version: number }) {
  const current = await link(call, kind, id);
  if (current.version !== body.version) throw new VersionConflict(`${kind} link ${id}`, current);
  await inTransaction(call.db, async (client) => {
    const fields = await checkFields(client, kind, body, current.roleId);
    const { rowCount } =
      kind === 'ActivityTransaction'
        ? await client.query('UPDATE crm.activity SET notes = $3, version = version + 1, updated_at = now(), updated_by = $4 WHERE activity_transaction_number = $1 AND version = $2', [
            id,
            body.version,
            fields.notes,
            user.userMasterId,
          ])
        : await client.query(
            'UPDATE crm.opportunity_link SET role_id = $3, amount = $4, notes = $5, version = version + 1, updated_at = now(), updated_by = $6 WHERE link_id = $1 AND version = $2',
            [id, body.version, fields.roleId, fields.amount, fields.notes, user.userMasterId],
          );
    if (rowCount !== 1) throw new VersionConflict(`${kind} link ${id}`, await link(call, kind, id, client));
    await crmAudit(client, user, 'Opportunity', current.opportunity, 'update', { kind, link: id, before: current, after: fields });
  });
  return link(call, kind, id);
}

async function removeLink(call: OpportunityCall, user: SessionUser, kind: OpportunityLinkKind, id: number) {
  const current = await link(call, kind, id);
  await inTransaction(call.db, async (client) => {
    if (kind === 'ActivityTransaction') {
      await client.query('UPDATE crm.activity SET opportunity = NULL, version = version + 1, updated_at = now(), updated_by = $2 WHERE activity_transaction_number = $1', [id, user.userMasterId]);
    } else {
      await client.query('DELETE FROM crm.opportunity_link WHERE link_id = $1', [id]);
    }
    await crmAudit(client, user, 'Opportunity', current.opportunity, 'unlink', { kind, before: current });
  });
}

// ------------------------------------------------------------------------------ routes
/** What a request of these calls carries (their contracts are built per kind, so typed here once). */
type LinkRequest = { user?: SessionUser; body?: unknown; params?: unknown };
const userOf = (request: LinkRequest) => request.user as SessionUser;
const idOf = (request: LinkRequest) => (request.params as { id: number }).id;

export async function opportunityLinkRoutes(app: FastifyInstance): Promise<void> {
  const call = (request: LinkRequest) => opportunityCall(app, userOf(request));
  for (const calls of OPPORTUNITY_LINK_CALLS) {
    const { kind } = calls;
    serve(app, calls.list, async (request: LinkRequest) => {
      const c = await call(request);
      const { opportunity } = await exactOpportunity(c, (request.body as { opportunity: number }).opportunity);
      return { rows: await links(c, kind, opportunity) };
    });
    serve(app, calls.count, async (request: LinkRequest) => {
      const c = await call(request);
      const { opportunity } = await exactOpportunity(c, (request.body as { opportunity: number }).opportunity);
      return { opportunity, count: (await links(c, kind, opportunity)).length };
    });
    serve(app, calls.add, async (request: LinkRequest) => addLink(await call(request), userOf(request), kind, request.body as LinkBody & { opportunity: number; code: string }));
    serve(app, calls.update, async (request: LinkRequest, reply) =>
      answeringConflicts(reply, async () => updateLink(await call(request), userOf(request), kind, idOf(request), request.body as LinkBody & { version: number })),
    );
    serve(app, calls.delete, async (request: LinkRequest, reply) => {
      await removeLink(await call(request), userOf(request), kind, idOf(request));
      return reply.code(204).send();
    });
  }
}
