import type { FastifyInstance } from 'fastify';
import { testEmails } from '@tradeboard/shared/contracts';
import { serve } from '../platform/route.ts';
import { administrationRoutes } from './admin-area-routes.ts';
import { bulkUserRoutes } from './bulk-user-routes.ts';
import { logoRoutes } from './logo-routes.ts';
import { organizationRoutes } from './organization-routes.ts';
import { requireRight } from './rights.ts';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await administrationRoutes(app);
  await bulkUserRoutes(app);
  await organizationRoutes(app);
  await logoRoutes(app);
  serve(app, testEmails, async (request) => {
    // Every admin role holds users.read (app.admin_right); the outbox is the development mailbox.
    await requireRight(request, 'users.read');
    const { rows } = await request.server.db.query(
      `SELECT mail_id AS "mailId", to_emails AS "toEmails", subject, body,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
              to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "sentAt"
         FROM app.mail_outbox
        WHERE $1::text IS NULL OR lower($1) = ANY (SELECT lower(t) FROM unnest(to_emails) t)
        ORDER BY mail_id DESC LIMIT 50`,
      [request.query.to ?? null],
    );
    return rows;
  });
}
