import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

export type Mail = { to: string[]; subject: string; body: string };

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is written to app.mail_outbox and the log; with SMTP_URL set it is also sent
 * through nodemailer and marked sent (or the error recorded).
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send({ to, subject, body }) {
      const { rows } = await db.query<{ mail_id: number }>(
        'INSERT INTO app.mail_outbox (to_emails, subject, body) VALUES ($1, $2, $3) RETURNING mail_id',
        [to, subject, body],
      );
      const mailId = rows[0]!.mail_id;
      log.info({ mailId, to, subject, body: transport ? undefined : body }, transport ? 'mail queued' : 'mail written to outbox (no SMTP_URL)');
      if (!transport) return;
      try {
        await transport.sendMail({ from, to, subject, text: body });
        await db.query('UPDATE app.mail_outbox SET sent_at = now() WHERE mail_id = $1', [mailId]);
      } catch (error) {
        log.error({ err: error, mailId }, 'mail could not be sent');
        await db.query('UPDATE app.mail_outbox SET error = $2 WHERE mail_id = $1', [mailId, (error as Error).message]);
      }
    },
  };
}
