/**
 * Seed 001 §7.5 NotificationMaster administration: the Type, Type/Column, Column, Column/Operator
 * and Operator lists (list, get, put, post, delete each) and the ControlType and FilterName lists.
 * The catalogue is shared by every organization and drives the engine, so reading needs the
 * settings.read right and changing it settings.global (administrators; docs/decisions.md
 * "Notifications"). A name already used is 409; removing a row alerts or filters still use is 409.
 */
import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATION_CONTROL_TYPES,
  NOTIFICATION_FILTER_NAMES,
  notificationMasterColumnCalls,
  notificationMasterColumnOperatorCalls,
  notificationMasterControlTypeList,
  notificationMasterFilterNameList,
  notificationMasterOperatorCalls,
  notificationMasterTypeCalls,
  notificationMasterTypeColumnCalls,
} from '@tradeboard/shared/contracts';
import { requireRight } from '../admin/rights.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';

type MasterList = {
  calls: typeof notificationMasterTypeCalls | typeof notificationMasterTypeColumnCalls | typeof notificationMasterColumnCalls | typeof notificationMasterColumnOperatorCalls | typeof notificationMasterOperatorCalls;
  noun: string;
  table: string;
  id: [field: string, column: string];
  /** Each body field and its column (with its default when the body leaves it out). */
  fields: Array<[field: string, column: string, fallback?: unknown]>;
  order: string;
};

const LISTS: MasterList[] = [
  {
    calls: notificationMasterTypeCalls,
    noun: 'Notification type',
    table: 'app.notification_master',
    id: ['notificationMasterId', 'notification_master_id'],
    fields: [
      ['notificationType', 'notification_type'],
      ['notificationName', 'notification_name'],
      ['description', 'description', ''],
      ['resultLimit', 'result_limit', null],
      ['isActive', 'is_active', true],
    ],
    order: 'notification_master_id',
  },
  {
    calls: notificationMasterTypeColumnCalls,
    noun: 'Type column',
    table: 'app.notification_master_x_column',
    id: ['notificationMasterXColumnId', 'notification_master_x_column_id'],
    fields: [
      ['notificationMasterId', 'notification_master_id'],
      ['notificationColumnMasterId', 'notification_column_master_id'],
    ],
    order: 'notification_master_id, notification_column_master_id',
  },
  {
    calls: notificationMasterColumnCalls,
    noun: 'Notification column',
    table: 'app.notification_column_master',
    id: ['notificationColumnMasterId', 'notification_column_master_id'],
    fields: [
      ['columnKey', 'column_key'],
      ['displayName', 'display_name'],
      ['controlType', 'control_type'],
      ['filterName', 'filter_name', null],
    ],
    order: 'notification_column_master_id',
  },
  {
    calls: notificationMasterColumnOperatorCalls,
    noun: 'Column operator',
    table: 'app.notification_column_x_operator',
    id: ['notificationColumnXOperatorId', 'notification_column_x_operator_id'],
    fields: [
      ['notificationColumnMasterId', 'notification_column_master_id'],
      ['notificationOperatorId', 'notification_operator_id'],
    ],
    order: 'notification_column_master_id, notification_operator_id',
  },
  {
    calls: notificationMasterOperatorCalls,
    noun: 'Notification operator',
    table: 'app.notification_operator',
    id: ['notificationOperatorId', 'notification_operator_id'],
    fields: [
      ['operatorKey', 'operator_key'],
      ['displayName', 'display_name'],
    ],
    order: 'notification_operator_id',
  },
];

/** A unique or foreign-key refusal as the 409 or 404 it means. */
function refusal(error: unknown, noun: string): never {
  const code = (error as { code?: string }).code;
  if (code === '23505') throw new HttpError(409, `${noun}: that value is already used`);
  if (code === '23503') {
    const detail = (error as { detail?: string }).detail ?? '';
    if (/is not present in table/.test(detail)) throw new HttpError(404, `${noun}: ${detail.replace(/^Key \(|\)=/g, '').replace(/\(/, ' ')}`);
    throw new HttpError(409, `${noun} is in use and cannot be removed`);
  }
  throw error;
}

function listRoutes(app: FastifyInstance, list: MasterList): void {
  const db = app.db;
  const [idField, idColumn] = list.id;
  const select = `SELECT ${idColumn} AS "${idField}", ${list.fields.map(([field, column]) => `${column} AS "${field}"`).join(', ')} FROM ${list.table}`;
  const find = async (id: number) => {
    const { rows } = await db.query(`${select} WHERE ${idColumn} = $1`, [id]);
    if (!rows[0]) throw new HttpError(404, `${list.noun} ${id} was not found`);
    return rows[0] as never;
  };
  const values = (body: Record<string, unknown>) => list.fields.map(([field, , fallback]) => (body[field] === undefined ? fallback : body[field]));

  serve(app, list.calls.list, async (request) => {
    await requireRight(request, 'settings.read');
    const { rows } = await db.query(`${select} ORDER BY ${list.order}`);
    return rows as never;
  });
  serve(app, list.calls.get, async (request) => {
    await requireRight(request, 'settings.read');
    return find(request.params.id);
  });
  serve(app, list.calls.post, async (request) => {
    await requireRight(request, 'settings.global');
    const body = request.body as Record<string, unknown>;
    const columns = list.fields.map(([, column]) => column);
    const { rows } = await db
      .query<{ id: number }>(`INSERT INTO ${list.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${idColumn} AS id`, values(body))
      .catch((error: unknown) => refusal(error, list.noun));
    return find(rows[0]!.id);
  });
  serve(app, list.calls.put, async (request) => {
    await requireRight(request, 'settings.global');
    await find(request.params.id);
    const body = request.body as Record<string, unknown>;
    await db
      .query(`UPDATE ${list.table} SET ${list.fields.map(([, column], i) => `${column} = $${i + 2}`).join(', ')} WHERE ${idColumn} = $1`, [request.params.id, ...values(body)])
      .catch((error: unknown) => refusal(error, list.noun));
    return find(request.params.id);
  });
  serve(app, list.calls.delete, async (request, reply) => {
    await requireRight(request, 'settings.global');
    await find(request.params.id);
    await db.query(`DELETE FROM ${list.table} WHERE ${idColumn} = $1`, [request.params.id]).catch((error: unknown) => refusal(error, list.noun));
    reply.status(204);
  });
}

export async function masterRoutes(app: FastifyInstance): Promise<void> {
  for (const list of LISTS) listRoutes(app, list);
  serve(app, notificationMasterControlTypeList, async (request) => {
    await requireRight(request, 'settings.read');
    return NOTIFICATION_CONTROL_TYPES.map((controlType) => ({ controlType }));
  });
  serve(app, notificationMasterFilterNameList, async (request) => {
    await requireRight(request, 'settings.read');
    return NOTIFICATION_FILTER_NAMES.map((filterName) => ({ filterName }));
  });
}
