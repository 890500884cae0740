/**
 * Who may touch notifications (docs/decisions.md "Notifications"): an alert belongs to its
 * creator's organization (another organization's alert answers 404, as one that does not exist);
 * a user sees his own alerts and those shared with him or his role; only the creator changes an
 * alert, its filters and its shares. Calls naming another user (userId, userMasterId) accept the
 * caller himself, or any user of his organization when the caller is an administrator (an admin
 * role); ProcessNotificationsForTesting and the NotificationMaster calls are for administrators.
 */
import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';
import type { NotificationUserInstance, NotificationUserInstanceFilter } from '@tradeboard/shared/contracts';
import type { Queryable } from '../boards/board-access.ts';
import { HttpError } from '../platform/errors.ts';
import type { SessionUser } from '../platform/session.ts';

export type NotificationCaller = { userMasterId: number; customerMasterId: number; roleMasterId: number; isAdmin: boolean };

export async function notificationCaller(db: Queryable, user: SessionUser): Promise<NotificationCaller> {
  const { rows } = await db.query<{ customer_master_id: number; role_master_id: number; role_name: string; is_admin: boolean }>(
    `SELECT u.customer_master_id, u.role_master_id, r.role_name, r.is_admin
       FROM app.user_master u JOIN app.role_master r USING (role_master_id) WHERE u.user_master_id = $1 AND u.is_active`,
    [user.userMasterId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(401, 'Your session has ended. Please sign in again.');
  return {
    userMasterId: user.userMasterId,
    customerMasterId: row.customer_master_id,
    roleMasterId: row.role_master_id,
    isAdmin: row.is_admin || (ADMIN_ROLE_NAMES as readonly string[]).includes(row.role_name),
  };
}

export function requireAdministrator(caller: NotificationCaller, what: string): void {
  if (!caller.isAdmin) throw new HttpError(403, `Only administrators may ${what}`);
}

/** The user a call names: the caller, or (administrators) a user of his organization; else 403/404. */
export async function requireUserInScope(db: Queryable, caller: NotificationCaller, userMasterId: number): Promise<number> {
  if (userMasterId === caller.userMasterId) return userMasterId;
  if (!caller.isAdmin) throw new HttpError(403, 'You may only use your own notifications');
  return (await requireUserMasterId(db, caller.customerMasterId, userMasterId)).userMasterId;
}

const FILTERS = `
  SELECT f.notification_user_instance_filter_id AS "notificationUserInstanceFilterId", f.notification_user_instance_id AS "notificationUserInstanceId",
         f.notification_column_master_id AS "notificationColumnMasterId", c.column_key AS "columnKey", c.display_name AS "columnName",
         f.notification_operator_id AS "notificationOperatorId", o.operator_key AS "operatorKey", o.display_name AS "operatorName",
         f.filter_values AS "filterValues"
    FROM app.notification_user_instance_filter f
    JOIN app.notification_column_master c USING (notification_column_master_id)
    JOIN app.notification_operator o USING (notification_operator_id)`;

export async function filtersOf(db: Queryable, instanceIds: readonly number[]): Promise<NotificationUserInstanceFilter[]> {
  const { rows } = await db.query<NotificationUserInstanceFilter>(`${FILTERS} WHERE f.notification_user_instance_id = ANY($1::int[]) ORDER BY f.notification_user_instance_filter_id`, [instanceIds]);
  return rows;
}

export async function findFilter(db: Queryable, filterId: number): Promise<NotificationUserInstanceFilter | undefined> {
  const { rows } = await db.query<NotificationUserInstanceFilter>(`${FILTERS} WHERE f.notification_user_instance_filter_id = $1`, [filterId]);
  return rows[0];
}

type InstanceRow = Omit<NotificationUserInstance, 'filters'>;

/**
 * The alerts a user sees — his own and those shared with him or his role, in his organization —
 * with how each reaches him and whether he opted out. `which` narrows to one alert, or to those
 * shared through users or roles only.
 */
export async function visibleInstances(
  db: Queryable,
  user: { userMasterId: number; customerMasterId: number; roleMasterId: number },
  which: { id?: number; via?: 'User' | 'Role' } = {},
): Promise<NotificationUserInstance[]> {
  const { rows } = await db.query<InstanceRow>(
    `WITH reach AS (
       SELECT i.notification_user_instance_id AS id, NULL::text AS via, NULL::int AS share_id, 0 AS rank
         FROM app.notification_user_instance i WHERE i.created_by = $1
       UNION ALL
       SELECT s.notification_user_instance_id, 'User', s.notification_user_instance_x_user_master_id, 1
         FROM app.notification_user_instance_x_user_master s WHERE s.user_master_id = $1
       UNION ALL
       SELECT r.notification_user_instance_id, 'Role', r.notification_user_instance_x_role_master_id, 2
         FROM app.notification_user_instance_x_role_master r WHERE r.role_master_id = $3
     ), best AS (SELECT DISTINCT ON (id) * FROM reach ORDER BY id, rank)
     SELECT i.notification_user_instance_id AS "notificationUserInstanceId", i.notification_master_id AS "notificationMasterId",
            m.notification_type AS "notificationType", m.notification_name AS "notificationTypeName", i.notification_name AS "notificationName",
            i.description, i.parameters, i.send_email AS "sendEmail", i.is_active AS "isActive", m.result_limit AS "resultLimit",
            i.created_by AS "createdBy", c.full_name AS "createdByName", i.created_by = $1 AS "isOwner",
            best.via AS "sharedByType", best.share_id AS "masterIdXOptOut",
            EXISTS (SELECT 1 FROM app.notification_opt_out o WHERE o.user_master_id = $1 AND o.notification_user_instance_id = i.notification_user_instance_id)
              OR (i.created_by <> $1 AND EXISTS (SELECT 1 FROM app.notification_shared_creator_opt_out co WHERE co.user_master_id = $1 AND co.creator_user_master_id = i.created_by)) AS "isOptedOut",
            to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
            to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
       FROM best
       JOIN app.notification_user_instance i ON i.notification_user_instance_id = best.id AND i.customer_master_id = $2
       JOIN app.notification_master m ON m.notification_master_id = i.notification_master_id
       JOIN app.user_master c ON c.user_master_id = i.created_by
      WHERE ($4::int IS NULL OR i.notification_user_instance_id = $4) AND ($5::text IS NULL OR best.via = $5)
      ORDER BY best.rank, lower(i.notification_name), i.notification_user_instance_id`,
    [user.userMasterId, user.customerMasterId, user.roleMasterId, which.id ?? null, which.via ?? null],
  );
  const filters = await filtersOf(db, rows.map((row) => row.notificationUserInstanceId));
  return rows.map((row) => ({ ...row, filters: filters.filter((f) => f.notificationUserInstanceId === row.notificationUserInstanceId) }));
}

/** An alert the caller sees (404 otherwise); with `owner`, one he created (403 for one only shared with him). */
export async function requireInstance(db: Queryable, caller: NotificationCaller, id: number, need: 'see' | 'owner'): Promise<NotificationUserInstance> {
  const [instance] = await visibleInstances(db, caller, { id });
  if (!instance) throw new HttpError(404, `Notification ${id} was not found`);
  if (need === 'owner' && !instance.isOwner) throw new HttpError(403, 'Only the creator of a notification may change it');
  return instance;
}

/** A user of a given id and role as the caller's organization knows him (another organization's: 404). */
export async function requireUserMasterId(db: Queryable, organization: number, userMasterId: number): Promise<{ userMasterId: number; roleMasterId: number }> {
  const { rows } = await db.query<{ userMasterId: number; roleMasterId: number }>(
    'SELECT user_master_id AS "userMasterId", role_master_id AS "roleMasterId" FROM app.user_master WHERE user_master_id = $1 AND customer_master_id = $2 AND is_active',
    [userMasterId, organization],
  );
  if (!rows[0]) throw new HttpError(404, `User ${userMasterId} was not found`);
  return rows[0];
}
