/**
 * Seed 001 §7.8 notifications: the inbox, the alerts users define with their filters, the
 * comparison and ProcessNotificationsForTesting (this file); shares and opt-outs
 * (share-routes.ts); the NotificationMaster administration (master-routes.ts). Each call checks
 * who may touch what through access.ts; evaluations run in engine.ts, on demand here and on the
 * jobs schedule (jobs.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  addNotificationUserInstance,
  addNotificationUserInstanceFilter,
  copyNotificationUserInstance,
  markAsAcknowledged,
  notificationColumnMasterResult,
  notificationComparison,
  notificationList,
  notificationMasterResultList,
  notificationResults,
  notificationUserInstanceFilters,
  notificationUserInstanceGet,
  notificationUserInstanceList,
  processNotificationsForTesting,
  removeNotificationUserInstance,
  removeNotificationUserInstanceFilter,
  unreadCount,
  updateNotificationUserInstance,
  updateNotificationUserInstanceFilter,
  type NotificationColumnResult,
  type NotificationItem,
  type NotificationMasterResult,
  type NotificationParameters,
  type NotificationResultRow,
} from '@tradeboard/shared/contracts';
import { inTransaction, type Queryable } from '../boards/board-access.ts';
import { analyticsToday } from '../analytics/cache.ts';
import { loadAnalyticsContext } from '../analytics/scope.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { findFilter, notificationCaller, requireAdministrator, requireInstance, requireUserInScope, visibleInstances, type NotificationCaller } from './access.ts';
import { comparisonPeriod, evaluate, runNotifications, type EngineFilter } from './engine.ts';
import { startNotificationJobs } from './jobs.ts';
import { masterRoutes } from './master-routes.ts';
import { shareRoutes } from './share-routes.ts';

const ITEM = `
  SELECT n.notification_id AS "notificationId", n.notification_user_instance_id AS "notificationUserInstanceId",
         n.notification_master_id AS "notificationMasterId", m.notification_type AS "notificationType", n.subject, n.body,
         n.result_count AS "resultCount", to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
         n.acknowledged_at IS NOT NULL AS "isAcknowledged"
    FROM app.notification n LEFT JOIN app.notification_master m USING (notification_master_id)`;

async function unread(db: Queryable, userMasterId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM app.notification WHERE user_master_id = $1 AND acknowledged_at IS NULL', [userMasterId]);
  return rows[0]?.count ?? 0;
}

/** The active types with their columns and each column's operators (or one column). */
async function masterResults(db: Queryable): Promise<NotificationMasterResult[]> {
  const { rows } = await db.query<Omit<NotificationMasterResult, 'columns'> & { columnIds: number[] }>(
    `SELECT m.notification_master_id AS "notificationMasterId", m.notification_type AS "notificationType", m.notification_name AS "notificationName",
            m.description, m.result_limit AS "resultLimit",
            coalesce(array_agg(x.notification_column_master_id ORDER BY x.notification_column_master_id) FILTER (WHERE x.notification_column_master_id IS NOT NULL), '{}') AS "columnIds"
       FROM app.notification_master m LEFT JOIN app.notification_master_x_column x USING (notification_master_id)
      WHERE m.is_active GROUP BY m.notification_master_id ORDER BY m.notification_master_id`,
  );
  const columns = await columnResults(db);
  return rows.map(({ columnIds, ...type }) => ({ ...type, columns: columns.filter((column) => columnIds.includes(column.notificationColumnMasterId)) }));
}

async function columnResults(db: Queryable, id?: number): Promise<NotificationColumnResult[]> {
  const { rows } = await db.query<NotificationColumnResult>(
    `SELECT c.notification_column_master_id AS "notificationColumnMasterId", c.column_key AS "columnKey", c.display_name AS "displayName",
            c.control_type AS "controlType", c.filter_name AS "filterName",
            coalesce(json_agg(json_build_object('notificationOperatorId', o.notification_operator_id, 'operatorKey', o.operator_key, 'displayName', o.display_name)
                              ORDER BY o.notification_operator_id) FILTER (WHERE o.notification_operator_id IS NOT NULL), '[]') AS operators
       FROM app.notification_column_master c
       LEFT JOIN app.notification_column_x_operator x USING (notification_column_master_id)
       LEFT JOIN app.notification_operator o USING (notification_operator_id)
      WHERE ($1::int IS NULL OR c.notification_column_master_id = $1)
      GROUP BY c.notification_column_master_id ORDER BY c.notification_column_master_id`,
    [id ?? null],
  );
  return rows;
}

type FilterInput = { notificationColumnMasterId: number; notificationOperatorId: number; filterValues: string[] };

/** 400 unless the column is one of the type's and the operator one of the column's (and Amount's value a number). */
async function checkFilter(db: Queryable, notificationMasterId: number, filter: FilterInput): Promise<void> {
  const { rows } = await db.query<{ column_key: string; has_column: boolean; has_operator: boolean }>(
    `SELECT c.column_key,
            EXISTS (SELECT 1 FROM app.notification_master_x_column x WHERE x.notification_master_id = $1 AND x.notification_column_master_id = c.notification_column_master_id) AS has_column,
            EXISTS (SELECT 1 FROM app.notification_column_x_operator x WHERE x.notification_column_master_id = c.notification_column_master_id AND x.notification_operator_id = $3) AS has_operator
       FROM app.notification_column_master c WHERE c.notification_column_master_id = $2`,
    [notificationMasterId, filter.notificationColumnMasterId, filter.notificationOperatorId],
  );
  const row = rows[0];
  if (!row?.has_column) throw new HttpError(400, `body.notificationColumnMasterId ${filter.notificationColumnMasterId} is not a column of this notification type`);
  if (!row.has_operator) throw new HttpError(400, `body.notificationOperatorId ${filter.notificationOperatorId} is not an operator of column ${row.column_key}`);
  if (row.column_key === 'Amount' && !filter.filterValues.every((value) => Number.isFinite(Number(value)))) {
    throw new HttpError(400, 'body.filterValues must be numbers for the Amount column');
  }
}

async function insertFilter(db: Queryable, instanceId: number, filter: FilterInput): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.notification_user_instance_filter (notification_user_instance_id, notification_column_master_id, notification_operator_id, filter_values)
     VALUES ($1, $2, $3, $4) RETURNING notification_user_instance_filter_id AS id`,
    [instanceId, filter.notificationColumnMasterId, filter.notificationOperatorId, filter.filterValues],
  );
  return rows[0]!.id;
}

/** 400 for a comparison alert whose dateSlug is not a date choice. */
function checkParameters(type: string, parameters: NotificationParameters | undefined): void {
  if (type === 'Comparison' && parameters?.dateSlug) comparisonPeriod(parameters.dateSlug, analyticsToday(), '1990');
}

async function activeType(db: Queryable, notificationMasterId: number): Promise<{ notification_type: string }> {
  const { rows } = await db.query<{ notification_type: string }>('SELECT notification_type FROM app.notification_master WHERE notification_master_id = $1 AND is_active', [notificationMasterId]);
  if (!rows[0]) throw new HttpError(404, `Notification type ${notificationMasterId} was not found`);
  return rows[0];
}

/** Filters given by column and operator ids, as the engine takes them (by key). */
async function engineFiltersOf(db: Queryable, filters: readonly FilterInput[]): Promise<EngineFilter[]> {
  const { rows } = await db.query<{ column_key: string; operator_key: string; n: number }>(
    `SELECT c.column_key, o.operator_key, x.n FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS x(column_id, operator_id, n)
       JOIN app.notification_column_master c ON c.notification_column_master_id = x.column_id
       JOIN app.notification_operator o ON o.notification_operator_id = x.operator_id ORDER BY x.n`,
    [filters.map((f) => f.notificationColumnMasterId), filters.map((f) => f.notificationOperatorId)],
  );
  return rows.map((row) => ({ columnKey: row.column_key, operatorKey: row.operator_key, values: filters[row.n - 1]!.filterValues }));
}

async function instanceOf(db: Queryable, caller: NotificationCaller, id: number) {
  return requireInstance(db, caller, id, 'see');
}

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  serve(app, unreadCount, async (request) => ({ unreadNotificationsCount: await unread(db, request.user.userMasterId) }));

  serve(app, notificationList, async (request) => {
    const pageSize = request.body?.pageSize ?? 25;
    const page = request.body?.pageNumber ?? 1;
    const unreadOnly = request.body?.unreadOnly ?? false;
    const { rows } = await db.query<NotificationItem>(
      `${ITEM} WHERE n.user_master_id = $1 AND (NOT $2 OR n.acknowledged_at IS NULL) ORDER BY n.created_at DESC, n.notification_id DESC LIMIT $3 OFFSET $4`,
      [request.user.userMasterId, unreadOnly, pageSize, (page - 1) * pageSize],
    );
    const { rows: count } = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM app.notification WHERE user_master_id = $1 AND (NOT $2 OR acknowledged_at IS NULL)',
      [request.user.userMasterId, unreadOnly],
    );
    return { notifications: rows, totalCount: count[0]!.total, unreadNotificationsCount: await unread(db, request.user.userMasterId) };
  });

  serve(app, markAsAcknowledged, async (request) => {
    const { notificationIds, all } = request.body;
    if (!all && !notificationIds?.length) throw new HttpError(400, 'body must name notificationIds or set all');
    await db.query(
      `UPDATE app.notification SET acknowledged_at = now()
        WHERE user_master_id = $1 AND acknowledged_at IS NULL AND ($2 OR notification_id = ANY($3::bigint[]))`,
      [request.user.userMasterId, all === true, notificationIds ?? []],
    );
    return { unreadNotificationsCount: await unread(db, request.user.userMasterId) };
  });

  serve(app, notificationResults, async (request) => {
    const { rows } = await db.query<NotificationItem>(`${ITEM} WHERE n.notification_id = $1 AND n.user_master_id = $2`, [request.params.notificationId, request.user.userMasterId]);
    if (!rows[0]) throw new HttpError(404, `Notification ${request.params.notificationId} was not found`);
    const { rows: results } = await db.query<{ result: NotificationResultRow }>('SELECT result FROM app.notification_result WHERE notification_id = $1 ORDER BY row_number', [
      request.params.notificationId,
    ]);
    return { notification: rows[0], rows: results.map((row) => row.result) };
  });

  serve(app, notificationMasterResultList, async () => masterResults(db));

  serve(app, notificationColumnMasterResult, async (request) => {
    const [column] = await columnResults(db, request.params.notificationColumnMasterId);
    if (!column) throw new HttpError(404, `Notification column ${request.params.notificationColumnMasterId} was not found`);
    return column;
  });

  serve(app, notificationComparison, async (request) => {
    const context = await loadAnalyticsContext(db, request.user.userMasterId);
    const today = analyticsToday();
    const period = comparisonPeriod(request.params.dateSlug, today, context.fiscalYear);
    const filters = request.body?.filters ?? [];
    const comparisonType = await db.query<{ notification_master_id: number }>("SELECT notification_master_id FROM app.notification_master WHERE notification_type = 'Comparison'");
    const typeId = comparisonType.rows[0]?.notification_master_id;
    if (filters.length && typeId === undefined) throw new HttpError(400, 'The Comparison notification type has been removed: filters cannot be checked');
    for (const filter of filters) await checkFilter(db, typeId!, filter);
    const engineFilters = await engineFiltersOf(db, filters);
    const findings = await evaluate(db, {
      type: 'Comparison',
      scope: context.scope,
      parameters: { groupBy: request.params.groupBy, dateSlug: request.params.dateSlug, percentDown: request.body?.percentDown ?? 20 },
      filters: engineFilters,
      settings: {},
      fiscalYear: context.fiscalYear,
      today,
    });
    return {
      ...period,
      rows: findings.map((finding) => ({
        key: finding.groupKey ?? finding.findingKey,
        name: finding.name,
        sales: finding.sales ?? 0,
        comparisonSales: finding.comparisonSales ?? 0,
        changePercent: finding.amount,
      })),
    };
  });

  serve(app, notificationUserInstanceList, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const userMasterId = await requireUserInScope(db, caller, request.query.userMasterId ?? caller.userMasterId);
    const target = userMasterId === caller.userMasterId ? caller : await notificationCaller(db, { ...request.user, userMasterId });
    return visibleInstances(db, target);
  });

  serve(app, notificationUserInstanceGet, async (request) => instanceOf(db, await notificationCaller(db, request.user), request.params.id));

  serve(app, notificationUserInstanceFilters, async (request) => {
    const instance = await instanceOf(db, await notificationCaller(db, request.user), request.params.id);
    return instance.filters;
  });

  serve(app, addNotificationUserInstance, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const body = request.body;
    const type = await activeType(db, body.notificationMasterId);
    checkParameters(type.notification_type, body.parameters);
    for (const filter of body.filters ?? []) await checkFilter(db, body.notificationMasterId, filter);
    const id = await inTransaction(db, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO app.notification_user_instance (customer_master_id, created_by, notification_master_id, notification_name, description, parameters, send_email, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING notification_user_instance_id AS id`,
        [caller.customerMasterId, caller.userMasterId, body.notificationMasterId, cleanName(body.notificationName), body.description ?? '', JSON.stringify(body.parameters ?? {}), body.sendEmail ?? true, body.isActive ?? true],
      );
      for (const filter of body.filters ?? []) await insertFilter(client, rows[0]!.id, filter);
      return rows[0]!.id;
    });
    return requireInstance(db, caller, id, 'see');
  });

  serve(app, updateNotificationUserInstance, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const body = request.body;
    const instance = await requireInstance(db, caller, body.notificationUserInstanceId, 'owner');
    checkParameters(instance.notificationType, body.parameters);
    await db.query(
      `UPDATE app.notification_user_instance SET notification_name = $2, description = coalesce($3, description), parameters = coalesce($4, parameters),
              send_email = coalesce($5, send_email), is_active = coalesce($6, is_active), updated_at = now()
        WHERE notification_user_instance_id = $1`,
      [instance.notificationUserInstanceId, cleanName(body.notificationName), body.description ?? null, body.parameters ? JSON.stringify(body.parameters) : null, body.sendEmail ?? null, body.isActive ?? null],
    );
    return requireInstance(db, caller, instance.notificationUserInstanceId, 'see');
  });

  serve(app, removeNotificationUserInstance, async (request, reply) => {
    const caller = await notificationCaller(db, request.user);
    const instance = await requireInstance(db, caller, request.params.id, 'owner');
    await db.query('DELETE FROM app.notification_user_instance WHERE notification_user_instance_id = $1', [instance.notificationUserInstanceId]);
    reply.status(204);
  });

  serve(app, copyNotificationUserInstance, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const source = await instanceOf(db, caller, request.params.id);
    const id = await inTransaction(db, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO app.notification_user_instance (customer_master_id, created_by, notification_master_id, notification_name, description, parameters, send_email, is_active)
         SELECT customer_master_id, $2, notification_master_id, left('Copy of ' || notification_name, 100), description, parameters, send_email, is_active
           FROM app.notification_user_instance WHERE notification_user_instance_id = $1 RETURNING notification_user_instance_id AS id`,
        [source.notificationUserInstanceId, caller.userMasterId],
      );
      await client.query(
        `INSERT INTO app.notification_user_instance_filter (notification_user_instance_id, notification_column_master_id, notification_operator_id, filter_values)
         SELECT $2, notification_column_master_id, notification_operator_id, filter_values FROM app.notification_user_instance_filter
          WHERE notification_user_instance_id = $1 ORDER BY notification_user_instance_filter_id`,
        [source.notificationUserInstanceId, rows[0]!.id],
      );
      return rows[0]!.id;
    });
    return requireInstance(db, caller, id, 'see');
  });

  serve(app, addNotificationUserInstanceFilter, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const instance = await requireInstance(db, caller, request.body.notificationUserInstanceId, 'owner');
    await checkFilter(db, instance.notificationMasterId, request.body);
    const id = await insertFilter(db, instance.notificationUserInstanceId, request.body);
    return (await findFilter(db, id))!;
  });

  serve(app, updateNotificationUserInstanceFilter, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const filter = await ownFilter(db, caller, request.body.notificationUserInstanceFilterId);
    const instance = await requireInstance(db, caller, filter.notificationUserInstanceId, 'owner');
    await checkFilter(db, instance.notificationMasterId, request.body);
    await db.query(
      'UPDATE app.notification_user_instance_filter SET notification_column_master_id = $2, notification_operator_id = $3, filter_values = $4 WHERE notification_user_instance_filter_id = $1',
      [filter.notificationUserInstanceFilterId, request.body.notificationColumnMasterId, request.body.notificationOperatorId, request.body.filterValues],
    );
    return (await findFilter(db, filter.notificationUserInstanceFilterId))!;
  });

  serve(app, removeNotificationUserInstanceFilter, async (request, reply) => {
    const caller = await notificationCaller(db, request.user);
    const filter = await ownFilter(db, caller, request.params.id);
    await db.query('DELETE FROM app.notification_user_instance_filter WHERE notification_user_instance_filter_id = $1', [filter.notificationUserInstanceFilterId]);
    reply.status(204);
  });

  serve(app, processNotificationsForTesting, async (request) => {
    const caller = await notificationCaller(db, request.user);
    requireAdministrator(caller, 'process notifications for testing');
    const { customerMasterId, userMasterId, ignorePreviousNotifications } = request.params;
    if (customerMasterId !== caller.customerMasterId) throw new HttpError(404, `Organization ${customerMasterId} was not found`);
    await requireUserInScope(db, caller, userMasterId);
    const delivered = await runNotifications(db, app.mailer, { customerMasterId, userMasterId, ignorePrevious: ignorePreviousNotifications, publicUrl: app.serviceConfig.publicUrl });
    return { processed: delivered.map(({ userMasterId: _user, ...item }) => item) };
  });

  await shareRoutes(app);
  await masterRoutes(app);
  startNotificationJobs(app);
}

/** A filter of an alert the caller created (404 when he cannot see it, 403 when only shared with him). */
async function ownFilter(db: Queryable, caller: NotificationCaller, filterId: number) {
  const filter = await findFilter(db, filterId);
  if (!filter) throw new HttpError(404, `Notification filter ${filterId} was not found`);
  await requireInstance(db, caller, filter.notificationUserInstanceId, 'owner').catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 404 ? new HttpError(404, `Notification filter ${filterId} was not found`) : error;
  });
  return filter;
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new HttpError(400, 'body.notificationName must not be empty');
  return trimmed;
}
