import type { FastifyInstance, FastifyRequest } from 'fastify';
import { testEmails } from '@tradeboard/shared/contracts';
import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';

async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { rows } = await request.server.db.query<{ role_name: string }>(
    'SELECT r.role_name FROM app.user_master u JOIN app.role_master r USING (role_master_id) WHERE u.user_master_id = $1',
    [request.user!.userMasterId],
  );
  if (!ADMIN_ROLE_NAMES.includes(rows[0]?.role_name as (typeof ADMIN_ROLE_NAMES)[number])) {
    throw new HttpError(403, 'Only administrators may do this.');
  }
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  serve(app, testEmails, async (request) => {
    await requireAdmin(request);
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
