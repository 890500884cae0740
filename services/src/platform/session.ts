import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import type { ServiceConfig } from './config.ts';
import { HttpError } from './errors.ts';

export const SESSION_COOKIE = 'tb_session';
/** The cookie name on HTTPS: the __Host- prefix pins it to this host, path / and Secure. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export type SessionUser = {
  userMasterId: number;
  email: string;
  sessionHash: string;
  awaitingTwoFactor: boolean;
  /** While impersonating: the staff member really signed in (userMasterId and email are the viewed user's). */
  realUserMasterId?: number;
  realEmail?: string;
  /** The account signed in (its sessions, password): not the organization membership or the viewed user it shows. */
  accountUserMasterId: number;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
}

type NewSession = { userMasterId: number; persistent: boolean; awaitingTwoFactor: boolean };

/** Starts a session (a new id every time: sign-in rotates it) and sets its cookie. */
export async function startSession(
  db: Db,
  config: ServiceConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
): Promise<void> {
  const previous = sessionTokenOf(request);
  if (previous) await dropSession(db, hashToken(previous));
  const token = newToken();
  const lifetimeMs = session.persistent
    ? config.session.persistentDays * 86_400_000
    : config.session.absoluteHours * 3_600_000;
  const absoluteExpiry = new Date(Date.now() + lifetimeMs);
  await db.query(
    `INSERT INTO app.user_session (session_hash, user_master_id, absolute_expiry, persistent, awaiting_two_factor, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      hashToken(token),
      session.userMasterId,
      absoluteExpiry,
      session.persistent,
      session.awaitingTwoFactor,
      request.ip,
      request.headers['user-agent'] ?? '',
    ],
  );
  setSessionCookie(request, reply, token, session.persistent ? absoluteExpiry : undefined);
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires?: Date): void {
  const secure = isSecureRequest(request);
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecureRequest(request);
  reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = sessionTokenOf(request);
  if (token) await dropSession(db, hashToken(token));
  clearSessionCookie(request, reply);
}

async function dropSession(db: Db, sessionHash: string): Promise<void> {
  heldSessions.delete(sessionHash);
  await db.query('DELETE FROM app.user_session WHERE session_hash = $1', [sessionHash]);
}

/**
 * Sessions answered without the database on a few calls, while a job one of them started holds
 * the database's only connection (an ERP load on the embedded database): the administrator who
 * started it follows and cancels it meanwhile, and every other call waits for the job's end.
 * Only the clock can end such a session meanwhile: its absolute expiry is kept, and the calls it
 * answered restart its idle clock when the hold ends.
 */
const heldSessions = new Map<string, { user: SessionUser; calls: ReadonlySet<Contract>; expiresAt: number; seenAt: number | null }>();

/** Answers `user`'s session from memory on `calls` until the returned release is called (heldSessions). */
export async function holdSession(db: Db, user: SessionUser, calls: readonly Contract[]): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ expires_at: number }>(
    'SELECT extract(epoch FROM absolute_expiry)::float8 * 1000 AS expires_at FROM app.user_session WHERE session_hash = $1',
    [user.sessionHash],
  );
  const held = { user, calls: new Set(calls), expiresAt: rows[0]?.expires_at ?? 0, seenAt: null as number | null };
  heldSessions.set(user.sessionHash, held);
  return async () => {
    if (heldSessions.get(user.sessionHash) !== held) return;
    heldSessions.delete(user.sessionHash);
    if (held.seenAt === null) return;
    await db.query('UPDATE app.user_session SET last_seen_at = greatest(last_seen_at, to_timestamp($2 / 1000.0)) WHERE session_hash = $1', [user.sessionHash, held.seenAt]);
  };
}

type SessionRow = {
  user_master_id: number;
  email: string;
  real_user_master_id: number | null;
  real_email: string | null;
  account_user_master_id: number;
  awaiting_two_factor: boolean;
  idle_expired: boolean;
  absolute_expired: boolean;
  touch: boolean;
};

/**
 * The live session behind the request's cookie, or undefined. Expired sessions are deleted;
 * the idle clock restarts at most once a minute so reads stay cheap.
 */
export async function loadSession(db: Db, config: ServiceConfig, request: FastifyRequest): Promise<SessionUser | undefined> {
  const token = sessionTokenOf(request);
  if (!token || token.length > 100) return undefined;
  const sessionHash = hashToken(token);
  const held = heldSessions.get(sessionHash);
  if (held && held.calls.has(request.routeOptions.config.contract!) && Date.now() < held.expiresAt) {
    held.seenAt = Date.now();
    return held.user;
  }
  // Every call asks this: a named statement is parsed once per connection.
  const { rows } = await db.query<SessionRow>({
    name: 'session-by-hash',
    // An impersonating session shows its viewed user; it keeps (and needs) its real one. A session
    // switched to another organization runs as the user's membership row there (OrganizationSwitcher/Apply).
    text: `SELECT coalesce(v.user_master_id, m.user_master_id, u.user_master_id) AS user_master_id, coalesce(v.email, m.email, u.email) AS email,
            CASE WHEN v.user_master_id IS NOT NULL THEN coalesce(m.user_master_id, u.user_master_id) END AS real_user_master_id,
            CASE WHEN v.user_master_id IS NOT NULL THEN u.email END AS real_email,
            u.user_master_id AS account_user_master_id,
            s.awaiting_two_factor,
            s.last_seen_at < now() - make_interval(mins => $2) AS idle_expired,
            s.absolute_expiry < now() AS absolute_expired,
            s.last_seen_at < now() - interval '1 minute' AS touch
       FROM app.user_session s JOIN app.user_master u USING (user_master_id)
       LEFT JOIN app.user_master v ON v.user_master_id = s.impersonated_user_master_id AND v.is_active
       LEFT JOIN app.user_master m ON m.user_master_id = s.organization_user_master_id AND m.is_active AND m.home_user_master_id = u.user_master_id
      WHERE s.session_hash = $1 AND u.is_active`,
    values: [sessionHash, config.session.idleMinutes],
  });
  const row = rows[0];
  if (!row) return undefined;
  if (row.idle_expired || row.absolute_expired) {
    await dropSession(db, sessionHash);
    return undefined;
  }
  if (row.touch) await db.query('UPDATE app.user_session SET last_seen_at = now() WHERE session_hash = $1', [sessionHash]);
  return {
    userMasterId: row.user_master_id,
    email: row.email,
    sessionHash,
    awaitingTwoFactor: row.awaiting_two_factor,
    accountUserMasterId: row.account_user_master_id,
    ...(row.real_user_master_id !== null ? { realUserMasterId: row.real_user_master_id, realEmail: row.real_email ?? '' } : {}),
  };
}

/** preHandler for calls that need a signed-in user (a session past its two-factor step). */
export async function requireSession(request: FastifyRequest): Promise<void> {
  const { db, serviceConfig } = request.server;
  const user = await loadSession(db, serviceConfig, request);
  if (!user || user.awaitingTwoFactor) throw new HttpError(401, 'Your session has ended. Please sign in again.');
  request.user = user;
}
