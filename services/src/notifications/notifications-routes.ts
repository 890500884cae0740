import type { FastifyInstance } from 'fastify';
import { unreadCount } from '@tradeboard/shared/contracts';
import { serve } from '../platform/route.ts';

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  serve(app, unreadCount, async (request) => {
    const { rows } = await request.server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM app.notification_message WHERE user_master_id = $1 AND acknowledged_at IS NULL',
      [request.user.userMasterId],
    );
    return { unreadNotificationsCount: rows[0]?.count ?? 0 };
  });
}
