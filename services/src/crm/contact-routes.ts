/**
 * Seed 001 §7.12 contact writes (issue 27), behind ContactAccessRight (403 without): create, edit
 * and delete a contact of the ERP mirror (written back to erp.contact like an added prospect, each
 * write a revision of the latest load), and link it to more customers, ship-tos, sales reps and
 * suppliers (crm.contact_link, which an ERP load never touches).
 *
 * A contact is found through the contact reads' scope (findContact): one of the caller's
 * customers' (another rep's answers 404), or a supplier's with PurchaseAccessRight. Linking names
 * accounts of the caller's scope only, and never widens whose contact it is. ContactCreationLockdown
 * decides who may create (CONTACT_CREATION_LOCKDOWNS). Every write runs in one transaction with its
 * audit row; an edit or delete from an older version is a 409 carrying the current contact. A save
 * answers the caller's other contacts with the same e-mail or phone as possible duplicates.
 */
import type { FastifyInstance } from 'fastify';
import {
  CONTACT_LINK_CALLS,
  contactCreate,
  contactCustomersList,
  contactDelete,
  contactRemoveCustomer,
  contactSalesRepList,
  contactShipToList,
  contactUpdate,
  type ContactCreateRequest,
  type ContactDetail,
  type ContactLinkItem,
  type ContactLinkType,
  type ContactSaved,
  type ContactUpdateRequest,
} from '@tradeboard/shared/contracts';
import { parseBoolean } from '@tradeboard/shared/user-settings';
import type pg from 'pg';
import { inTransaction } from '../boards/board-access.ts';
import { HttpError } from '../platform/errors.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { findCustomer, findShipTo, findSupplier, notFound } from '../analytics/account-detail-routes.ts';
import { findContact } from '../analytics/contact-routes.ts';
import { erpCall, requireRight, type ErpCall } from '../analytics/erp-common.ts';
import { revise } from '../analytics/cache.ts';
import { scopePredicate } from '../analytics/scope.ts';
import { badRequest, SqlParams } from '../analytics/search-request.ts';
import { answeringConflicts, cleanText, CRM_SETTINGS, crmAudit, dropUserDefinedValues, VersionConflict } from './crm-common.ts';

/** The caller's call behind ContactAccessRight, with PurchaseAccessRight read (supplier contacts). */
const contactCall = (app: FastifyInstance, user: SessionUser) => erpCall(app.db, user, [...CRM_SETTINGS, 'PurchaseAccessRight'], 'ContactAccessRight');

// ------------------------------------------------------------------------------ lockdown
/** Whether the user's rep code is another rep's manager. */
async function isManager(call: ErpCall, user: SessionUser): Promise<boolean> {
  const { rows } = await call.db.query(
    'SELECT 1 FROM app.user_master u JOIN erp.sales_rep s ON s.manager_sales_rep = u.sales_rep WHERE u.user_master_id = $1 LIMIT 1',
    [user.userMasterId],
  );
  return rows.length > 0;
}

/** 403 unless ContactCreationLockdown lets the caller create contacts (an unknown mode locks like AdminOnly). */
export async function requireContactCreation(call: ErpCall, user: SessionUser): Promise<void> {
  const mode = call.settings.ContactCreationLockdown || 'NoLockdown';
  if (mode === 'NoLockdown' || call.context.scope.all) return;
  if (mode === 'ManagerAndAdmin' && (await isManager(call, user))) return;
  const who = mode === 'ManagerAndAdmin' ? 'managers and administrators' : 'administrators';
  throw new HttpError(403, `Only ${who} may create contacts (ContactCreationLockdown ${mode})`);
}

// ------------------------------------------------------------------------------ fields
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Fields = Omit<ContactUpdateRequest, 'version' | 'company'>;

/** The fields as written: trimmed, the name from first and last when not given (400 without any), a plausible e-mail. */
function checkedFields(body: Fields) {
  const firstName = cleanText(body.firstName);
  const lastName = cleanText(body.lastName);
  const contactName = cleanText(body.contactName) ?? cleanText([firstName, lastName].filter(Boolean).join(' '));
  if (!contactName) throw badRequest('A contact needs a name: contactName, firstName or lastName');
  const email = cleanText(body.email);
  if (email && !EMAIL.test(email)) throw badRequest(`email '${email}' is not an e-mail address`);
  return {
    contact_name: contactName,
    first_name: firstName,
    last_name: lastName,
    title: cleanText(body.title),
    email,
    phone: cleanText(body.phone),
    phys_address1: cleanText(body.physAddress1),
    phys_city: cleanText(body.physCity),
    phys_state: cleanText(body.physState),
    phys_postal_code: cleanText(body.physPostalCode),
  };
}
type Checked = ReturnType<typeof checkedFields>;

/** A phone's digits when there are enough of them to compare (7 or more). */
const phoneDigits = (phone: string | null) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
};

/** The caller's other contacts with the same e-mail (case aside) or phone digits. */
async function duplicatesOf(call: ErpCall, saved: ContactDetail): Promise<ContactSaved['duplicates']> {
  const email = saved.email?.toLowerCase() ?? null;
  const digits = phoneDigits(saved.phone);
  if (!email && !digits) return [];
  const params = new SqlParams();
  const [e, p, company, contact] = [params.add(email), params.add(digits), params.add(saved.company), params.add(saved.contact)];
  const scope = scopePredicate(call.context.scope, 'c.sales_rep', params) ?? 'true';
  const purchasing = parseBoolean(call.settings.PurchaseAccessRight);
  const { rows } = await call.db.query<ContactSaved['duplicates'][number]>(
    `SELECT t.company, t.contact, t.contact_name AS "contactName", coalesce(c.customer_name, v.supplier_name) AS "customerName", t.email, t.phone,
            CASE WHEN lower(t.email) = ${e} THEN 'email' ELSE 'phone' END AS "matchedOn"
       FROM erp.contact t
       LEFT JOIN erp.customer c ON c.company = t.company AND c.customer = t.customer
       LEFT JOIN erp.supplier v ON v.company = t.company AND v.supplier = t.supplier
      WHERE (lower(t.email) = ${e} OR regexp_replace(t.phone, '[^0-9]', '', 'g') = ${p})
        AND NOT (t.company = ${company} AND t.contact = ${contact})
        AND (${purchasing ? 't.supplier IS NOT NULL OR ' : ''}(t.supplier IS NULL AND ${scope}))
      ORDER BY t.contact_name, t.company, t.contact LIMIT 10`,
    params.values,
  );
  return rows;
}

async function saved(call: ErpCall, contact: string, company: string): Promise<ContactSaved> {
  const detail = await findContact(call, contact, company);
  return { contact: detail, duplicates: await duplicatesOf(call, detail) };
}

// ------------------------------------------------------------------------------ writes
async function createContact(call: ErpCall, user: SessionUser, body: ContactCreateRequest): Promise<ContactSaved> {
  await requireContactCreation(call, user);
  const customer = await findCustomer(call, body.customer, body.company);
  const shipTo = cleanText(body.shipTo);
  if (shipTo) {
    const site = await findShipTo(call, shipTo, body.company);
    if (site.customer !== customer.customer) throw badRequest(`Ship-to ${shipTo} is not a ship-to of customer ${customer.customer}`);
  }
  const fields = checkedFields(body);
  const columns = Object.keys(fields);
  const contact = await inTransaction(call.db, async (client) => {
    const { rows } = await client.query<{ contact: string }>(
      `INSERT INTO erp.contact (company, contact, customer, ship_to, created_by, updated_by, updated_at, ${columns.join(', ')})
       VALUES ($1, 'CRM' || lpad(nextval('crm.contact_number')::text, 6, '0'), $2, $3, $4, $4, now(), ${columns.map((_, i) => `$${i + 5}`).join(', ')})
       RETURNING contact`,
      [body.company, customer.customer, shipTo, user.userMasterId, ...Object.values(fields)],
    );
    const id = rows[0]!.contact;
    await crmAudit(client, user, 'Contact', `${body.company}/${id}`, 'create', { ...fields, customer: customer.customer, shipTo });
    await revise(client);
    return id;
  });
  return saved(call, contact, body.company);
}

async function updateContact(call: ErpCall, user: SessionUser, contact: string, body: ContactUpdateRequest): Promise<ContactSaved> {
  const current = await findContact(call, contact, body.company);
  if (current.version !== body.version) throw new VersionConflict(`Contact ${contact}`, current);
  const fields = checkedFields(body);
  const sets = Object.keys(fields).map((column, i) => `${column} = $${i + 5}`);
  await inTransaction(call.db, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE erp.contact SET ${sets.join(', ')}, version = version + 1, updated_at = now(), updated_by = $4
        WHERE company = $1 AND contact = $2 AND version = $3`,
      [current.company, contact, body.version, user.userMasterId, ...Object.values(fields)],
    );
    if (rowCount !== 1) throw new VersionConflict(`Contact ${contact}`, await findContact(call, contact, current.company));
    await crmAudit(client, user, 'Contact', `${current.company}/${contact}`, 'update', { before: current, after: fields satisfies Checked });
    await revise(client);
  });
  return saved(call, contact, current.company);
}

async function deleteContact(call: ErpCall, user: SessionUser, contact: string, company: string | undefined, version: number | undefined): Promise<void> {
  const current = await findContact(call, contact, company);
  if (version !== undefined && current.version !== version) throw new VersionConflict(`Contact ${contact}`, current);
  await inTransaction(call.db, async (client) => {
    const { rowCount } = await client.query('DELETE FROM erp.contact WHERE company = $1 AND contact = $2 AND version = $3', [current.company, contact, current.version]);
    if (rowCount !== 1) throw new VersionConflict(`Contact ${contact}`, await findContact(call, contact, current.company));
    await client.query('DELETE FROM crm.contact_link WHERE company = $1 AND contact = $2', [current.company, contact]);
    await dropUserDefinedValues(client, 'Contact', `${current.company}/${contact}`);
    await crmAudit(client, user, 'Contact', `${current.company}/${contact}`, 'delete', { before: current });
    await revise(client);
  });
}

// ------------------------------------------------------------------------------ links
/** Per link type: the contact's own one (not removable) and the name of a code. */
const LINKS: Record<ContactLinkType, { primary: (c: ContactDetail) => string | null; name: string; label: string }> = {
  Customer: { primary: (c) => c.customer, name: '(SELECT n.customer_name FROM erp.customer n WHERE n.company = $1 AND n.customer = x.code)', label: 'customer' },
  ShipTo: { primary: (c) => c.shipTo, name: '(SELECT n.ship_to_name FROM erp.ship_to n WHERE n.company = $1 AND n.ship_to = x.code)', label: 'ship-to' },
  SalesRep: { primary: (c) => c.salesRep, name: '(SELECT n.name FROM erp.sales_rep n WHERE n.company = $1 AND n.sales_rep = x.code)', label: 'sales rep' },
  Supplier: { primary: (c) => c.supplier, name: '(SELECT n.supplier_name FROM erp.supplier n WHERE n.company = $1 AND n.supplier = x.code)', label: 'supplier' },
};

/** A contact's links of one type: its own one first, then the linked ones by code. */
async function linksOf(call: ErpCall, contact: ContactDetail, linkType: ContactLinkType): Promise<{ rows: ContactLinkItem[] }> {
  const { primary, name } = LINKS[linkType];
  const { rows } = await call.db.query<ContactLinkItem>(
    `SELECT $3::text AS "linkType", x.code, ${name} AS name, x.is_primary AS "isPrimary", x.linked_at AS "linkedAt"
       FROM (SELECT $4::text AS code, true AS is_primary, NULL::text AS linked_at WHERE $4::text IS NOT NULL
             UNION ALL
             SELECT l.code, false, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
               FROM crm.contact_link l
              WHERE l.company = $1 AND l.contact = $2 AND l.link_type = $3 AND l.code IS DISTINCT FROM $4) x
      ORDER BY x.is_primary DESC, x.code`,
    [contact.company, contact.contact, linkType, primary(contact)],
  );
  return { rows };
}

/** The account or rep a new link names must be one the caller may name: 404 (or 403, 400) otherwise. */
async function checkLinkTarget(call: ErpCall, linkType: ContactLinkType, code: string, company: string): Promise<void> {
  if (linkType === 'Customer') await findCustomer(call, code, company);
  else if (linkType === 'ShipTo') await findShipTo(call, code, company);
  else if (linkType === 'Supplier') await findSupplier(call, code, company);
  else {
    const { rows } = await call.db.query('SELECT 1 FROM erp.sales_rep WHERE company = $1 AND sales_rep = $2', [company, code]);
    if (!rows[0]) throw badRequest(`Unknown sales rep ${code} of company ${company}`);
  }
}

/** Supplier links need PurchaseAccessRight (403 without). */
const requireLinkRight = (call: ErpCall, linkType: ContactLinkType) => linkType === 'Supplier' && requireRight(call.settings, 'PurchaseAccessRight');

async function addLink(call: ErpCall, user: SessionUser, linkType: ContactLinkType, code: string, contactId: string, company: string | undefined) {
  requireLinkRight(call, linkType);
  const contact = await findContact(call, contactId, company);
  await checkLinkTarget(call, linkType, code, contact.company);
  if (LINKS[linkType].primary(contact) !== code) {
    await inTransaction(call.db, async (client: pg.PoolClient) => {
      const { rowCount } = await client.query(
        'INSERT INTO crm.contact_link (company, contact, link_type, code, created_by) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [contact.company, contact.contact, linkType, code, user.userMasterId],
      );
      if (rowCount === 1) await crmAudit(client, user, 'Contact', `${contact.company}/${contact.contact}`, 'link', { linkType, code });
    });
  }
  return linksOf(call, contact, linkType);
}

async function removeLink(call: ErpCall, user: SessionUser, linkType: ContactLinkType, code: string, contactId: string, company: string | undefined): Promise<void> {
  requireLinkRight(call, linkType);
  const contact = await findContact(call, contactId, company);
  const { label } = LINKS[linkType];
  if (LINKS[linkType].primary(contact) === code) throw badRequest(`${code} is the contact's own ${label}: change it on the contact instead`);
  await inTransaction(call.db, async (client) => {
    const { rowCount } = await client.query('DELETE FROM crm.contact_link WHERE company = $1 AND contact = $2 AND link_type = $3 AND code = $4', [
      contact.company,
      contact.contact,
      linkType,
      code,
    ]);
    if (rowCount !== 1) throw notFound(`The ${label} ${code} is not linked to contact ${contact.contact}`);
    await crmAudit(client, user, 'Contact', `${contact.company}/${contact.contact}`, 'unlink', { linkType, code });
  });
}

// ------------------------------------------------------------------------------ routes
export async function contactWriteRoutes(app: FastifyInstance): Promise<void> {
  const call = (user: SessionUser) => contactCall(app, user);
  const links = async (user: SessionUser, linkType: ContactLinkType, contact: string, company: string | undefined) => {
    const c = await call(user);
    return linksOf(c, await findContact(c, contact, company), linkType);
  };

  serve(app, contactCreate, async (request) => createContact(await call(request.user), request.user, request.body));
  serve(app, contactUpdate, async (request, reply) =>
    answeringConflicts(reply, async () => updateContact(await call(request.user), request.user, request.params.contact, request.body)),
  );
  serve(app, contactDelete, async (request, reply) =>
    answeringConflicts(reply, async () => {
      await deleteContact(await call(request.user), request.user, request.params.contact, request.query?.company, request.query?.version);
      return reply.code(204).send();
    }),
  );
  serve(app, contactCustomersList, async (request) => links(request.user, 'Customer', request.body.contact, request.body.company));
  serve(app, contactShipToList, async (request) => links(request.user, 'ShipTo', request.body.contact, request.body.company));
  serve(app, contactSalesRepList, async (request) => links(request.user, 'SalesRep', request.params.contact, request.body?.company));
  for (const { linkType, key, add } of CONTACT_LINK_CALLS) {
    serve(app, add, async (request: { user?: SessionUser; body: Record<string, string> }) => {
      const { contact, company, [key]: code } = request.body;
      return addLink(await call(request.user as SessionUser), request.user as SessionUser, linkType, code!, contact!, company);
    });
  }
  serve(app, contactRemoveCustomer, async (request, reply) => {
    await removeLink(await call(request.user), request.user, 'Customer', request.params.customer, request.params.contact, request.query?.company);
    return reply.code(204).send();
  });
  for (const { linkType, key, remove } of CONTACT_LINK_CALLS.filter((c) => 'remove' in c)) {
    serve(app, remove!, async (request: { user?: SessionUser; query: Record<string, string> }, reply) => {
      const { contact, company, [key]: code } = request.query;
      await removeLink(await call(request.user as SessionUser), request.user as SessionUser, linkType, code!, contact!, company);
      return reply.code(204).send();
    });
  }
}
