/**
 * Seed 001 §7.8 shares and opt-outs. The creator shares an alert with users of his organization
 * and with roles (built-in ones or his organization's); a user it reaches through a share may opt
 * out of that share (masterIdXOptOut is the share's id, sharedByType User or Role), out of the
 * alert by its id (OptOut/{notificationId}/{userId}, the e-mail's unsubscribe link), or out of
 * everything one creator shares (shared-creator opt-outs).
 */
import type { FastifyInstance } from 'fastify';
import {
  notificationOptOutAdd,
  notificationOptOutRemove,
  notificationOptOutUser,
  notificationRoleOptOutUserList,
  notificationRoleShareAdd,
  notificationRoleShareList,
  notificationRoleShareRemove,
  notificationRoleShareUpdate,
  notificationSharedCount,
  notificationSharedRoleList,
  notificationSharedUserList,
  notificationUserShareAdd,
  notificationUserShareList,
  notificationUserShareRemove,
  notificationUserShareUpdate,
  sharedCreatorOptOutAdd,
  sharedCreatorOptOutList,
  sharedCreatorOptOutRemove,
  sharedCreatorOptOutUpdate,
} from '@tradeboard/shared/contracts';
import type { Queryable } from '../boards/board-access.ts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import type { SessionUser } from '../platform/session.ts';
import { notificationCaller, requireInstance, requireUserInScope, requireUserMasterId, visibleInstances, type NotificationCaller } from './access.ts';

const KINDS = {
  User: {
    table: 'app.notification_user_instance_x_user_master',
    id: 'notification_user_instance_x_user_master_id',
    member: 'user_master_id',
    list: `SELECT u.user_master_id AS "userMasterId", u.full_name AS "fullName", u.email,
                  s.notification_user_instance_x_user_master_id AS "notificationUserInstanceXUserMasterId"
             FROM app.notification_user_instance i
             JOIN app.user_master u ON u.customer_master_id = i.customer_master_id AND u.user_master_id <> i.created_by AND u.is_active
             LEFT JOIN app.notification_user_instance_x_user_master s ON s.notification_user_instance_id = i.notification_user_instance_id AND s.user_master_id = u.user_master_id
            WHERE i.notification_user_instance_id = $1`,
    memberKey: 'u.user_master_id',
    order: 'u.full_name, u.user_master_id',
    noun: 'User',
  },
  Role: {
    table: 'app.notification_user_instance_x_role_master',
    id: 'notification_user_instance_x_role_master_id',
    member: 'role_master_id',
    list: `SELECT r.role_master_id AS "roleMasterId", r.role_name AS "roleName",
                  s.notification_user_instance_x_role_master_id AS "notificationUserInstanceXRoleMasterId"
             FROM app.notification_user_instance i
             JOIN app.role_master r ON r.owner_customer_master_id IS NULL OR r.owner_customer_master_id = i.customer_master_id
             LEFT JOIN app.notification_user_instance_x_role_master s ON s.notification_user_instance_id = i.notification_user_instance_id AND s.role_master_id = r.role_master_id
            WHERE i.notification_user_instance_id = $1`,
    memberKey: 'r.role_master_id',
    order: 'r.role_name',
    noun: 'Role',
  },
} as const;
type Kind = keyof typeof KINDS;

async function sharesOf<T>(db: Queryable, kind: Kind, instanceId: number, memberId?: number): Promise<T[]> {
  const k = KINDS[kind];
  const { rows } = await db.query(`${k.list} ${memberId === undefined ? '' : `AND ${k.memberKey} = $2`} ORDER BY ${k.order}`, memberId === undefined ? [instanceId] : [instanceId, memberId]);
  return rows as T[];
}

/** A member the alert can be shared with (404 otherwise). */
async function requireMember<T>(db: Queryable, kind: Kind, instanceId: number, memberId: number): Promise<T> {
  const [share] = await sharesOf<T>(db, kind, instanceId, memberId);
  if (!share) throw new HttpError(404, `${KINDS[kind].noun} ${memberId} was not found among those this notification can be shared with`);
  return share;
}

/** A share row of an alert the caller created (404 when it is not his organization's). */
async function requireShare(db: Queryable, caller: NotificationCaller, kind: Kind, shareId: number): Promise<{ instanceId: number }> {
  const k = KINDS[kind];
  const { rows } = await db.query<{ instance_id: number }>(`SELECT notification_user_instance_id AS instance_id FROM ${k.table} WHERE ${k.id} = $1`, [shareId]);
  if (!rows[0]) throw new HttpError(404, `${k.noun} share ${shareId} was not found`);
  await requireInstance(db, caller, rows[0].instance_id, 'owner').catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 404 ? new HttpError(404, `${k.noun} share ${shareId} was not found`) : error;
  });
  return { instanceId: rows[0].instance_id };
}

function shareCalls(app: FastifyInstance, kind: Kind) {
  const db = app.db;
  const k = KINDS[kind];
  const calls = kind === 'User'
    ? { list: notificationUserShareList, add: notificationUserShareAdd, update: notificationUserShareUpdate, remove: notificationUserShareRemove }
    : { list: notificationRoleShareList, add: notificationRoleShareAdd, update: notificationRoleShareUpdate, remove: notificationRoleShareRemove };
  const memberOf = (body: Record<string, number>) => (kind === 'User' ? body.userMasterId! : body.roleMasterId!);
  const shareIdOf = (value: Record<string, number>) => (kind === 'User' ? value.notificationUserInstanceXUserMasterId! : value.notificationUserInstanceXRoleMasterId!);

  serve(app, calls.list, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const instance = await requireInstance(db, caller, request.params.notificationUserInstanceId, 'owner');
    return sharesOf<never>(db, kind, instance.notificationUserInstanceId);
  });
  serve(app, calls.add, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const body = request.body as Record<string, number>;
    const instance = await requireInstance(db, caller, body.notificationUserInstanceId!, 'owner');
    const member = memberOf(body);
    await requireMember(db, kind, instance.notificationUserInstanceId, member);
    await db.query(`INSERT INTO ${k.table} (notification_user_instance_id, ${k.member}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [instance.notificationUserInstanceId, member]);
    return requireMember<never>(db, kind, instance.notificationUserInstanceId, member);
  });
  serve(app, calls.update, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const body = request.body as Record<string, number>;
    const { instanceId } = await requireShare(db, caller, kind, shareIdOf(body));
    const member = memberOf(body);
    await requireMember(db, kind, instanceId, member);
    try {
      await db.query(`UPDATE ${k.table} SET ${k.member} = $2 WHERE ${k.id} = $1`, [shareIdOf(body), member]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, `The notification is already shared with ${k.noun.toLowerCase()} ${member}`);
      throw error;
    }
    return requireMember<never>(db, kind, instanceId, member);
  });
  serve(app, calls.remove, async (request, reply) => {
    const caller = await notificationCaller(db, request.user);
    const shareId = shareIdOf(request.params as Record<string, number>);
    await requireShare(db, caller, kind, shareId);
    await db.query(`DELETE FROM ${k.table} WHERE ${k.id} = $1`, [shareId]);
    reply.status(204);
  });
}

const OPT_OUT = `SELECT notification_opt_out_id AS "notificationOptOutId", notification_user_instance_id AS "notificationUserInstanceId",
                        user_master_id AS "userMasterId", master_id_x_opt_out AS "masterIdXOptOut", shared_by_type AS "sharedByType"
                   FROM app.notification_opt_out`;

/** Records an opt-out (replacing one of the same user and alert) and answers it. */
async function optOut(db: Queryable, userMasterId: number, instanceId: number, masterIdXOptOut: number, sharedByType: string) {
  await db.query(
    `INSERT INTO app.notification_opt_out (user_master_id, notification_user_instance_id, master_id_x_opt_out, shared_by_type) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_master_id, notification_user_instance_id) DO UPDATE SET master_id_x_opt_out = EXCLUDED.master_id_x_opt_out, shared_by_type = EXCLUDED.shared_by_type`,
    [userMasterId, instanceId, masterIdXOptOut, sharedByType],
  );
  const { rows } = await db.query(`${OPT_OUT} WHERE user_master_id = $1 AND notification_user_instance_id = $2`, [userMasterId, instanceId]);
  return rows[0] as { notificationOptOutId: number; notificationUserInstanceId: number; userMasterId: number; masterIdXOptOut: number; sharedByType: string };
}

/** The alert a share of the caller's (by its id and type) brings him (404 when it does not reach him). */
async function sharedInstanceOf(db: Queryable, caller: NotificationCaller, masterIdXOptOut: number, sharedByType: 'User' | 'Role'): Promise<number> {
  const instances = await visibleInstances(db, caller);
  const { rows } = await db.query<{ instance_id: number }>(
    sharedByType === 'User'
      ? 'SELECT notification_user_instance_id AS instance_id FROM app.notification_user_instance_x_user_master WHERE notification_user_instance_x_user_master_id = $1 AND user_master_id = $2'
      : 'SELECT notification_user_instance_id AS instance_id FROM app.notification_user_instance_x_role_master WHERE notification_user_instance_x_role_master_id = $1 AND role_master_id = $2',
    [masterIdXOptOut, sharedByType === 'User' ? caller.userMasterId : caller.roleMasterId],
  );
  const instanceId = rows[0]?.instance_id;
  if (instanceId === undefined || !instances.some((i) => i.notificationUserInstanceId === instanceId)) {
    throw new HttpError(404, `${sharedByType} share ${masterIdXOptOut} was not found among the notifications shared with you`);
  }
  return instanceId;
}

const CREATOR_OPT_OUT = `SELECT o.notification_shared_creator_opt_out_id AS "notificationSharedCreatorOptOutId", o.creator_user_master_id AS "creatorUserMasterId",
                                u.full_name AS "creatorName"
                           FROM app.notification_shared_creator_opt_out o JOIN app.user_master u ON u.user_master_id = o.creator_user_master_id`;

async function creatorOptOut(db: Queryable, caller: NotificationCaller, id: number) {
  const { rows } = await db.query(`${CREATOR_OPT_OUT} WHERE o.notification_shared_creator_opt_out_id = $1 AND o.user_master_id = $2`, [id, caller.userMasterId]);
  if (!rows[0]) throw new HttpError(404, `Shared-creator opt-out ${id} was not found`);
  return rows[0] as { notificationSharedCreatorOptOutId: number; creatorUserMasterId: number; creatorName: string };
}

async function requireCreator(db: Queryable, caller: NotificationCaller, creatorUserMasterId: number): Promise<void> {
  if (creatorUserMasterId === caller.userMasterId) throw new HttpError(400, 'body.creatorUserMasterId: you cannot opt out of your own notifications as a shared creator');
  await requireUserMasterId(db, caller.customerMasterId, creatorUserMasterId);
}

export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  shareCalls(app, 'User');
  shareCalls(app, 'Role');

  const targetOf = async (caller: NotificationCaller, userId: number, user: SessionUser) => {
    const target = await requireUserInScope(db, caller, userId);
    return target === caller.userMasterId ? caller : notificationCaller(db, { ...user, userMasterId: target });
  };
  serve(app, notificationSharedUserList, async (request) => {
    const caller = await notificationCaller(db, request.user);
    return visibleInstances(db, await targetOf(caller, request.params.userId, request.user), { via: 'User' });
  });
  serve(app, notificationSharedRoleList, async (request) => {
    const caller = await notificationCaller(db, request.user);
    return visibleInstances(db, await targetOf(caller, request.params.userId, request.user), { via: 'Role' });
  });
  serve(app, notificationSharedCount, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const instances = await visibleInstances(db, await targetOf(caller, request.params.userId, request.user));
    return { sharedCount: instances.filter((instance) => !instance.isOwner).length };
  });

  serve(app, notificationRoleOptOutUserList, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const instance = await requireInstance(db, caller, request.params.notificationUserInstanceId, 'owner');
    const { rows } = await db.query(
      `SELECT DISTINCT ON (u.full_name, u.user_master_id) u.user_master_id AS "userMasterId", u.full_name AS "fullName", u.email, r.role_name AS "roleName",
              EXISTS (SELECT 1 FROM app.notification_opt_out o WHERE o.user_master_id = u.user_master_id AND o.notification_user_instance_id = $1)
                OR EXISTS (SELECT 1 FROM app.notification_shared_creator_opt_out co WHERE co.user_master_id = u.user_master_id AND co.creator_user_master_id = $3) AS "isOptedOut"
         FROM app.notification_user_instance_x_role_master s
         JOIN app.role_master r USING (role_master_id)
         JOIN app.user_master u ON u.role_master_id = s.role_master_id AND u.customer_master_id = $2 AND u.is_active AND u.user_master_id <> $3
        WHERE s.notification_user_instance_id = $1
        ORDER BY u.full_name, u.user_master_id`,
      [instance.notificationUserInstanceId, caller.customerMasterId, instance.createdBy],
    );
    return rows as never;
  });

  serve(app, notificationOptOutAdd, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const { masterIdXOptOut, sharedByType } = request.body;
    const instanceId = await sharedInstanceOf(db, caller, masterIdXOptOut, sharedByType);
    return optOut(db, caller.userMasterId, instanceId, masterIdXOptOut, sharedByType);
  });
  serve(app, notificationOptOutRemove, async (request, reply) => {
    const caller = await notificationCaller(db, request.user);
    const { masterIdXOptOut, sharedByType } = request.body;
    const instanceId = await sharedInstanceOf(db, caller, masterIdXOptOut, sharedByType);
    await db.query('DELETE FROM app.notification_opt_out WHERE user_master_id = $1 AND notification_user_instance_id = $2', [caller.userMasterId, instanceId]);
    reply.status(204);
  });
  serve(app, notificationOptOutUser, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const target = await targetOf(caller, request.params.userId, request.user);
    const [instance] = await visibleInstances(db, target, { id: request.params.notificationId });
    if (!instance) throw new HttpError(404, `Notification ${request.params.notificationId} was not found`);
    return optOut(db, target.userMasterId, instance.notificationUserInstanceId, instance.notificationUserInstanceId, 'Notification');
  });

  serve(app, sharedCreatorOptOutList, async (request) => {
    const { rows } = await db.query(`${CREATOR_OPT_OUT} WHERE o.user_master_id = $1 ORDER BY u.full_name`, [request.user.userMasterId]);
    return rows as never;
  });
  serve(app, sharedCreatorOptOutAdd, async (request) => {
    const caller = await notificationCaller(db, request.user);
    await requireCreator(db, caller, request.body.creatorUserMasterId);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO app.notification_shared_creator_opt_out (user_master_id, creator_user_master_id) VALUES ($1, $2)
       ON CONFLICT (user_master_id, creator_user_master_id) DO UPDATE SET created_at = app.notification_shared_creator_opt_out.created_at
       RETURNING notification_shared_creator_opt_out_id AS id`,
      [caller.userMasterId, request.body.creatorUserMasterId],
    );
    return creatorOptOut(db, caller, rows[0]!.id);
  });
  serve(app, sharedCreatorOptOutUpdate, async (request) => {
    const caller = await notificationCaller(db, request.user);
    const existing = await creatorOptOut(db, caller, request.body.notificationSharedCreatorOptOutId);
    await requireCreator(db, caller, request.body.creatorUserMasterId);
    try {
      await db.query('UPDATE app.notification_shared_creator_opt_out SET creator_user_master_id = $2 WHERE notification_shared_creator_opt_out_id = $1', [
        existing.notificationSharedCreatorOptOutId,
        request.body.creatorUserMasterId,
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, `You already opted out of user ${request.body.creatorUserMasterId}'s notifications`);
      throw error;
    }
    return creatorOptOut(db, caller, existing.notificationSharedCreatorOptOutId);
  });
  serve(app, sharedCreatorOptOutRemove, async (request, reply) => {
    const caller = await notificationCaller(db, request.user);
    const existing = await creatorOptOut(db, caller, request.params.id);
    await db.query('DELETE FROM app.notification_shared_creator_opt_out WHERE notification_shared_creator_opt_out_id = $1', [existing.notificationSharedCreatorOptOutId]);
    reply.status(204);
  });
}
