/**
 * The notification runs as jobs (DESIGN §9; docs/decisions.md "Jobs"): a schedule (daily at
 * 06:00 UTC by default: NOTIFICATIONS_EVERY_MINUTES, NOTIFICATIONS_AT) and a run after each ERP
 * load (enqueueNotificationRunAfterLoad, keyed by the load so it is queued once). Each gateway's
 * worker (JOBS_WORKER=false switches it off) claims them from app.job, so a run happens once.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { createWorker, enqueueJob } from '../jobs/queue.ts';
import { runNotifications } from './engine.ts';

export const NOTIFICATIONS_JOB = 'notifications.run';

/** Queues a notification run for an ERP load (once per load, whichever gateway asks). */
export function enqueueNotificationRunAfterLoad(db: Pick<Db, 'query'>, loadId: number): Promise<number | null> {
  return enqueueJob(db, NOTIFICATIONS_JOB, { reason: 'erp-load', loadId }, { runKey: `${NOTIFICATIONS_JOB}@load:${loadId}` });
}

/** Starts this process's job worker with the notification run and its schedule (stopped when the app closes). */
export function startNotificationJobs(app: FastifyInstance): void {
  const { jobs, publicUrl } = app.serviceConfig;
  if (!jobs.worker) return;
  const worker = createWorker(app.db, {
    handlers: {
      [NOTIFICATIONS_JOB]: async (job) => {
        const delivered = await runNotifications(app.db, app.mailer, { publicUrl });
        app.log.info({ jobId: job.jobId, deliveries: delivered.filter((d) => d.notificationId !== null).length }, 'notification run finished');
      },
    },
    schedules: [{ name: NOTIFICATIONS_JOB, everyMinutes: jobs.notificationsEveryMinutes, offsetMinutes: jobs.notificationsOffsetMinutes }],
    pollMs: jobs.pollMs,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
