import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appErrorLog, pageView, ping, sendErrorEmail, siteMenu, systemLastUpdatedDate, systemPing } from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { loadSession } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { crmFormOptionsRoute } from '../crm/user-defined-field-routes.ts';

/** Counts a report; true when it is the first of its kind this hour (then it is sent or written). */
async function firstReportThisHour(db: Db, parts: string[]): Promise<boolean> {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  const { rows } = await db.query<{ fresh: boolean }>(
    `INSERT INTO app.error_report AS r (digest) VALUES ($1)
     ON CONFLICT (digest) DO UPDATE SET
       reports = r.reports + 1,
       last_sent_at = CASE WHEN r.last_sent_at < now() - interval '1 hour' THEN now() ELSE r.last_sent_at END
     RETURNING last_sent_at = now() AS fresh`,
    [digest],
  );
  return rows[0]!.fresh;
}

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const pong = async () => ({ status: 'ok' as const, time: new Date().toISOString() });
  serve(app, ping, pong);
  serve(app, systemPing, pong);
  await crmFormOptionsRoute(app);

  serve(app, siteMenu, async (request) => {
    const { rows } = await request.server.db.query<{ id: number; sectionName: string; route: string; menuIcon: string }>(
      `SELECT id, section_name AS "sectionName", route, menu_icon AS "menuIcon"
         FROM app.site_menu ORDER BY display_order, id`,
    );
    return rows;
  });

  // The latest ERP load (demo, file, SQL source): when it was loaded and the last day of its data.
  serve(app, systemLastUpdatedDate, async (request) => {
    const { rows } = await request.server.db.query<{ lastUpdatedDate: string; dataThrough: string; loadId: number; source: string }>(
      `SELECT to_char(loaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastUpdatedDate", data_through::text AS "dataThrough",
              load_id AS "loadId", source
         FROM erp.data_load ORDER BY load_id DESC LIMIT 1`,
    );
    return rows[0] ?? { lastUpdatedDate: null, dataThrough: null, loadId: null, source: null };
  });

  serve(app, sendErrorEmail, async (request, reply) => {
    const { mailer, serviceConfig, db } = request.server;
    const { subject, body } = request.body;
    if (!(await firstReportThisHour(db, ['mail', subject, body]))) return reply.status(204).send();
    // Reports always go to the site-errors address: the call cannot be used to mail anyone else.
    await mailer.send({
      to: [serviceConfig.siteErrorsEmail],
      subject,
      body: `${body}\n\n— reported by ${request.user.email} (${request.ip})`,
    });
    return reply.status(204).send();
  });

  serve(app, appErrorLog, async (request, reply) => {
    const { db, serviceConfig } = request.server;
    const { errorMessage, userAgent, errorDetail } = request.body;
    if (!(await firstReportThisHour(db, ['log', errorMessage, errorDetail]))) return reply.status(204).send();
    const user = await loadSession(db, serviceConfig, request);
    await db.query(
      'INSERT INTO app.app_error_log (error_message, user_agent, error_detail, user_master_id) VALUES ($1, $2, $3, $4)',
      [errorMessage, userAgent, errorDetail, user?.userMasterId ?? null],
    );
    request.log.warn({ errorMessage }, 'app error reported');
    return reply.status(204).send();
  });

  serve(app, pageView, async (request, reply) => {
    const { sectionMasterId, boardMasterId, path, referrer, userAgent, queryString } = request.body;
    await request.server.db.query(
      `INSERT INTO app.page_visit (user_master_id, section_master_id, board_master_id, path, referrer, user_agent, query_string)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [request.user.userMasterId, sectionMasterId ?? null, boardMasterId ?? null, path, referrer ?? null, userAgent, queryString],
    );
    return reply.status(204).send();
  });
}
