import type { FastifyRequest } from 'fastify';

export type AuditEvent =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-throttled'
  | 'two-factor-failed'
  | 'two-factor-configured'
  | 'sign-out'
  | 'password-reset-requested'
  | 'password-reset'
  // Administration (issue 25): detail names the object and, while impersonating, the real user.
  | 'user-added'
  | 'user-updated'
  | 'user-deleted'
  | 'user-role-changed'
  | 'user-password-set'
  | 'password-changed'
  | 'authenticator-reset'
  | 'access-email-sent'
  | 'role-changed'
  | 'setting-changed'
  | 'toggle-changed'
  | 'module-switched'
  | 'impersonation-started'
  | 'impersonation-ended'
  | 'impersonated-write'
  | 'sessions-ended'
  // Organization switching (issue 25): detail names both organizations.
  | 'organization-switched'
  | 'organization-changed'
  | 'membership-changed'
  // ERP data in (issue 29): detail names the run and its file.
  | 'erp-load-started'
  | 'erp-load-cancelled'
  | 'erp-cache-cleared'
  | 'erp-file-source-changed'
  | 'bulk-user-batch'
  // Logos (issue 24): detail names the logo and its file.
  | 'logo-changed';

export async function audit(
  request: FastifyRequest,
  event: AuditEvent,
  who: { userMasterId?: number; email?: string },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await request.server.db.query(
    'INSERT INTO app.audit_log (event, user_master_id, email, ip, detail) VALUES ($1, $2, $3, $4, $5)',
    [event, who.userMasterId ?? null, who.email ?? null, request.ip, detail],
  );
}
