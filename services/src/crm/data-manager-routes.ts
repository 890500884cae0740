/**
 * Seed 001 §7.13 DataManager/Local: the CRM's local reference lists in crm.data_item, one
 * `data_type` per list (issue 27). Administrators only (403 for anyone else, whatever the list).
 * Writes are audited and versioned like every CRM record; an item an activity uses cannot be
 * deleted (400: deactivate it instead), and names are unique in their list (400).
 */
import type { FastifyInstance } from 'fastify';
import { DATA_MANAGER_CALLS, type DataItem, type DataManagerType } from '@tradeboard/shared/contracts';
import { isDateInWindow } from '@tradeboard/shared/dates';
import { inTransaction } from '../boards/board-access.ts';
import { HttpError } from '../platform/errors.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { notFound } from '../analytics/account-detail-routes.ts';
import { erpCall, type ErpCall } from '../analytics/erp-common.ts';
import { badRequest } from '../analytics/search-request.ts';
import { answeringConflicts, cleanText, crmAudit, requiredText, VersionConflict } from './crm-common.ts';

const SELECT = `SELECT data_item_id AS id, data_type AS "dataType", name, description, display_order AS "displayOrder", probability,
    to_char(item_date, 'YYYY-MM-DD') AS "itemDate", closes_as AS "closesAs", is_active AS "isActive", version FROM crm.data_item`;

/** The caller's call; 403 unless he is an administrator (his scope is everything). */
export async function adminCall(app: FastifyInstance, user: SessionUser): Promise<ErpCall> {
  const call = await erpCall(app.db, user, []);
  if (!call.context.scope.all) throw new HttpError(403, "Only administrators maintain the CRM's reference data");
  return call;
}

async function item(call: ErpCall, type: DataManagerType, id: number): Promise<DataItem> {
  const { rows } = await call.db.query<DataItem>(`${SELECT} WHERE data_type = $1 AND data_item_id = $2`, [type, id]);
  if (!rows[0]) throw notFound(`${type} ${id} not found`);
  return rows[0];
}

type Fields = { name: string; description?: string | null; displayOrder?: number; probability?: number | null; itemDate?: string | null; closesAs?: 'Won' | 'Lost' | null; isActive?: boolean };

function checked(type: DataManagerType, body: Fields) {
  if (body.itemDate && !isDateInWindow(body.itemDate)) throw badRequest(`itemDate '${body.itemDate}' is not a date`);
  if (type === 'Holiday' && !body.itemDate) throw badRequest('A Holiday needs its itemDate');
  return {
    name: requiredText(body.name, 'name'),
    description: cleanText(body.description),
    displayOrder: body.displayOrder ?? null,
    probability: type === 'Stage' ? (body.probability ?? null) : null,
    itemDate: body.itemDate ?? null,
    closesAs: type === 'Stage' ? (body.closesAs ?? null) : null,
    isActive: body.isActive ?? true,
  };
}

/** A name taken in the list is a 400 naming it. */
async function uniqueName(call: ErpCall, type: DataManagerType, name: string, except: number | null): Promise<void> {
  const { rows } = await call.db.query('SELECT 1 FROM crm.data_item WHERE data_type = $1 AND lower(name) = lower($2) AND data_item_id IS DISTINCT FROM $3', [type, name, except]);
  if (rows[0]) throw badRequest(`The ${type} list already has '${name}'`);
}

async function add(call: ErpCall, user: SessionUser, type: DataManagerType, body: Fields) {
  const fields = checked(type, body);
  await uniqueName(call, type, fields.name, null);
  const id = await inTransaction(call.db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO crm.data_item (data_type, name, description, display_order, probability, item_date, is_active, closes_as)
       VALUES ($1, $2, $3, coalesce($4, (SELECT coalesce(max(display_order), 0) + 1 FROM crm.data_item WHERE data_type = $1)), $5, $6, $7, $8)
       RETURNING data_item_id AS id`,
      [type, fields.name, fields.description, fields.displayOrder, fields.probability, fields.itemDate, fields.isActive, fields.closesAs],
    );
    await crmAudit(client, user, type, rows[0]!.id, 'create', fields);
    return rows[0]!.id;
  });
  return item(call, type, id);
}

async function update(call: ErpCall, user: SessionUser, type: DataManagerType, id: number, body: Fields & { version: number }) {
  const current = await item(call, type, id);
  if (current.version !== body.version) throw new VersionConflict(`${type} ${id}`, current);
  const fields = checked(type, body);
  await uniqueName(call, type, fields.name, id);
  await inTransaction(call.db, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE crm.data_item SET name = $3, description = $4, display_order = coalesce($5, display_order), probability = $6, item_date = $7, is_active = $8, closes_as = $9,
              version = version + 1
        WHERE data_item_id = $1 AND version = $2`,
      [id, body.version, fields.name, fields.description, fields.displayOrder, fields.probability, fields.itemDate, fields.isActive, fields.closesAs],
    );
    if (rowCount !== 1) throw new VersionConflict(`${type} ${id}`, await item(call, type, id));
    await crmAudit(client, user, type, id, 'update', { before: current, after: fields });
  });
  return item(call, type, id);
}

async function remove(call: ErpCall, user: SessionUser, type: DataManagerType, id: number) {
  const current = await item(call, type, id);
  const { rows } = await call.db.query(
    `SELECT 1 FROM crm.activity WHERE activity_type_id = $1
     UNION ALL SELECT 1 FROM crm.opportunity WHERE $1 IN (type_id, status_id, stage_id, step_id, territory_id, lead_source_id, lost_sales_id)
     UNION ALL SELECT 1 FROM crm.opportunity_link WHERE role_id = $1 LIMIT 1`,
    [id],
  );
  if (rows[0]) throw badRequest(`${type} '${current.name}' is in use: deactivate it instead`);
  await inTransaction(call.db, async (client) => {
    await client.query('DELETE FROM crm.data_item WHERE data_item_id = $1', [id]);
    await crmAudit(client, user, type, id, 'delete', { before: current });
  });
}

/** What a request of these calls carries (their contracts are built per list, so typed here once). */
type DataRequest = { user?: SessionUser; body?: unknown; params?: unknown };
const userOf = (request: DataRequest) => request.user as SessionUser;
const idOf = (request: DataRequest) => (request.params as { id: number }).id;

export async function dataManagerRoutes(app: FastifyInstance): Promise<void> {
  for (const calls of DATA_MANAGER_CALLS) {
    const { type } = calls;
    serve(app, calls.list, async (request: DataRequest) => {
      const call = await adminCall(app, userOf(request));
      const { rows } = await call.db.query<DataItem>(`${SELECT} WHERE data_type = $1 AND ($2 OR is_active) ORDER BY display_order, lower(name), data_item_id`, [
        type,
        (request.body as { includeInactive?: boolean } | undefined)?.includeInactive === true,
      ]);
      return { rows };
    });
    serve(app, calls.add, async (request: DataRequest) => add(await adminCall(app, userOf(request)), userOf(request), type, request.body as Fields));
    serve(app, calls.update, async (request: DataRequest, reply) =>
      answeringConflicts(reply, async () => update(await adminCall(app, userOf(request)), userOf(request), type, idOf(request), request.body as Fields & { version: number })),
    );
    if (calls.delete) {
      serve(app, calls.delete, async (request: DataRequest, reply) => {
        await remove(await adminCall(app, userOf(request)), userOf(request), type, idOf(request));
        return reply.code(204).send();
      });
    }
  }
}
