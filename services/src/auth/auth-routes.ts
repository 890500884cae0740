import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cookieLogin,
  forgotPassword,
  generateAntiforgeryToken,
  login,
  loginType,
  logout,
  refreshToken,
  resetPassword,
  saml,
  twoFactorAuthVerification,
} from '@tradeboard/shared/contracts';
import { issueAntiforgeryToken } from '../platform/antiforgery.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { endSession, hashToken, loadSession, newToken, startSession } from '../platform/session.ts';
import { audit } from './audit.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { assertNotThrottled, clearAccountFailures, recordFailure, throttleKeys } from './throttle.ts';
import { newTotpSecret, totpQrCode, verifyTotp } from './totp.ts';

type AccountRow = {
  user_master_id: number;
  email: string;
  password_hash: string | null;
  login_type: 'PASSWORD' | 'EXTERNAL';
  two_factor_required: boolean;
  totp_secret: string | null;
  totp_confirmed: boolean;
  totp_last_step: number | null;
  sso_url: string | null;
};

const LOGIN_FAILED = 'Login failed.';

async function findAccount(request: FastifyRequest, email: string): Promise<AccountRow | undefined> {
  const { rows } = await request.server.db.query<AccountRow>(
    `SELECT u.user_master_id, u.email, u.password_hash, u.login_type, u.two_factor_required,
            u.totp_secret, u.totp_confirmed, u.totp_last_step, idp.sso_url
       FROM app.user_master u
       LEFT JOIN app.saml_idp idp ON idp.customer_master_id = u.customer_master_id AND idp.enabled
      WHERE lower(u.email) = lower($1) AND u.is_active AND u.home_user_master_id IS NULL`,
    [email.trim()],
  );
  return rows[0];
}

function samlRedirect(account: AccountRow): string {
  // The seam for a full SAML SP: the organization's IdP address with the user as a hint.
  const url = new URL(account.sso_url!);
  url.searchParams.set('login_hint', account.email);
  url.searchParams.set('RelayState', '/');
  return url.toString();
}

function twoFactorUrl(setup: { imageData: string; twoFactorSecret: string; isConfigured: boolean }): string {
  const query = new URLSearchParams({ authenticatorIsSetup: String(setup.isConfigured) });
  if (!setup.isConfigured) {
    query.set('qrCodeImage', setup.imageData);
    query.set('twoFactorSetupKey', setup.twoFactorSecret);
  }
  return `/login/2fa?${query}`;
}

/** The second step: either a code for a configured authenticator, or the set-up data for a new one. */
async function twoFactorSetupFor(request: FastifyRequest, account: AccountRow) {
  if (account.totp_confirmed && account.totp_secret) {
    return { imageData: '', twoFactorSecret: '', isConfigured: true };
  }
  const secret = account.totp_secret ?? newTotpSecret();
  if (!account.totp_secret) {
    await request.server.db.query('UPDATE app.user_master SET totp_secret = $2 WHERE user_master_id = $1', [
      account.user_master_id,
      secret,
    ]);
  }
  return { imageData: await totpQrCode(secret, account.email), twoFactorSecret: secret, isConfigured: false };
}

async function signIn(
  request: FastifyRequest<{ Body: { email?: string; password?: string; persistCookie?: boolean } }>,
  reply: FastifyReply,
) {
  const { db, serviceConfig: config } = request.server;
  const email = request.body?.email?.trim() ?? '';
  if (!email) throw new HttpError(401, LOGIN_FAILED);
  const keys = throttleKeys(email, request.ip);
  try {
    await assertNotThrottled(db, config, keys);
  } catch (error) {
    await audit(request, 'sign-in-throttled', { email });
    throw error;
  }
  const account = await findAccount(request, email);
  if (account?.login_type === 'EXTERNAL' && account.sso_url) {
    return { resultType: 'SAML' as const, redirectUrl: samlRedirect(account), twoFactorSetup: null };
  }
  const password = request.body?.password ?? '';
  if (!password || !(await verifyPassword(account?.password_hash, password)) || !account) {
    await recordFailure(db, config, keys);
    await audit(request, 'sign-in-failed', { email, userMasterId: account?.user_master_id });
    throw new HttpError(401, LOGIN_FAILED);
  }
  await clearAccountFailures(db, keys);
  const persistent = request.body?.persistCookie === true;
  if (account.two_factor_required) {
    await startSession(db, config, request, reply, {
      userMasterId: account.user_master_id,
      persistent,
      awaitingTwoFactor: true,
    });
    const twoFactorSetup = await twoFactorSetupFor(request, account);
    return { resultType: 'TwoFactor' as const, redirectUrl: twoFactorUrl(twoFactorSetup), twoFactorSetup };
  }
  await startSession(db, config, request, reply, { userMasterId: account.user_master_id, persistent, awaitingTwoFactor: false });
  await audit(request, 'sign-in', { email: account.email, userMasterId: account.user_master_id });
  return { resultType: 'Success' as const, redirectUrl: '/', twoFactorSetup: null };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  serve(app, generateAntiforgeryToken, async (request, reply) => {
    const token = issueAntiforgeryToken(request, reply);
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    return token;
  });

  serve(app, loginType, async (request) => {
    const account = await findAccount(request, request.params.userName);
    // Unknown addresses answer PASSWORD too, so the call does not reveal who has an account.
    return account?.login_type === 'EXTERNAL' && account.sso_url ? 'EXTERNAL' : 'PASSWORD';
  });

  serve(app, cookieLogin, signIn);
  serve(app, login, signIn);

  serve(app, twoFactorAuthVerification, async (request, reply) => {
    const { db, serviceConfig: config } = request.server;
    const pending = await loadSession(db, config, request);
    if (!pending?.awaitingTwoFactor) throw new HttpError(401, 'Sign in with your password first.');
    const keys = throttleKeys(pending.email, request.ip);
    await assertNotThrottled(db, config, keys);
    const { rows } = await db.query<{ totp_secret: string | null; totp_last_step: number | null; totp_confirmed: boolean; persistent: boolean }>(
      `SELECT u.totp_secret, u.totp_last_step, u.totp_confirmed, s.persistent
         FROM app.user_master u JOIN app.user_session s USING (user_master_id)
        WHERE s.session_hash = $1`,
      [pending.sessionHash],
    );
    const account = rows[0];
    const step = account?.totp_secret
      ? await verifyTotp(account.totp_secret, request.body.authCode, account.totp_last_step)
      : undefined;
    if (step === undefined || !account) {
      await recordFailure(db, config, keys);
      await audit(request, 'two-factor-failed', { email: pending.email, userMasterId: pending.userMasterId });
      throw new HttpError(401, 'The verification code is not valid.');
    }
    // Only a later time step may be accepted next: the same code cannot be replayed.
    await db.query(
      'UPDATE app.user_master SET totp_last_step = $2, totp_confirmed = true WHERE user_master_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
      [pending.userMasterId, step],
    );
    if (!account.totp_confirmed) await audit(request, 'two-factor-configured', pending);
    await clearAccountFailures(db, keys);
    await startSession(db, config, request, reply, {
      userMasterId: pending.userMasterId,
      persistent: account.persistent,
      awaitingTwoFactor: false,
    });
    await audit(request, 'sign-in', { email: pending.email, userMasterId: pending.userMasterId }, { twoFactor: true });
    return { resultType: 'Success' as const, redirectUrl: '/', twoFactorSetup: null };
  });

  serve(app, saml, async (request) => {
    const account = await findAccount(request, request.body.email);
    if (account?.login_type !== 'EXTERNAL' || !account.sso_url) {
      throw new HttpError(404, 'Single sign-on is not set up for this account.');
    }
    return { resultType: 'SAML' as const, redirectUrl: samlRedirect(account), twoFactorSetup: null };
  });

  serve(app, refreshToken, async (request, reply) => {
    const { db, serviceConfig: config } = request.server;
    const { rows } = await db.query<{ persistent: boolean }>('SELECT persistent FROM app.user_session WHERE session_hash = $1', [
      request.user.sessionHash,
    ]);
    await startSession(db, config, request, reply, {
      userMasterId: request.user.userMasterId,
      persistent: rows[0]?.persistent ?? false,
      awaitingTwoFactor: false,
    });
    return reply.status(204).send();
  });

  serve(app, forgotPassword, async (request, reply) => {
    const { db, serviceConfig: config, mailer } = request.server;
    const email = request.body.email.trim();
    const keys = throttleKeys(email, request.ip);
    await assertNotThrottled(db, config, keys);
    // Each request counts against the address like a failure, so the form cannot be used to flood a mailbox.
    await recordFailure(db, config, keys);
    const account = await findAccount(request, email);
    await audit(request, 'password-reset-requested', { email, userMasterId: account?.user_master_id });
    if (account && account.login_type === 'PASSWORD') {
      const token = newToken();
      await db.query(
        `INSERT INTO app.password_reset (token_hash, user_master_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [hashToken(token), account.user_master_id, config.passwordResetMinutes],
      );
      const link = `${config.publicUrl}/login/resetPassword?token=${token}`;
      await mailer.send({
        to: [account.email],
        subject: 'Reset your Tradeboard password',
        body: `Someone asked to reset the password of your Tradeboard account.\n\nTo choose a new password, open this link within ${config.passwordResetMinutes} minutes:\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
      });
    }
    return reply.status(204).send();
  });

  serve(app, resetPassword, async (request, reply) => {
    const { db } = request.server;
    const problem = passwordProblem(request.body.password);
    if (problem) throw new HttpError(400, problem);
    const { rows } = await db.query<{ user_master_id: number; email: string }>(
      `UPDATE app.password_reset r SET used_at = now()
         FROM app.user_master u
        WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.user_master_id = r.user_master_id
        RETURNING u.user_master_id, u.email`,
      [hashToken(request.body.token)],
    );
    const account = rows[0];
    if (!account) throw new HttpError(400, 'This reset link has expired or was already used. Ask for a new one.');
    await db.query('UPDATE app.user_master SET password_hash = $2 WHERE user_master_id = $1', [
      account.user_master_id,
      await hashPassword(request.body.password),
    ]);
    // A new password ends every open session and clears the lock-out.
    await db.query('DELETE FROM app.user_session WHERE user_master_id = $1', [account.user_master_id]);
    await clearAccountFailures(db, throttleKeys(account.email, request.ip));
    await audit(request, 'password-reset', { email: account.email, userMasterId: account.user_master_id });
    return reply.status(204).send();
  });

  serve(app, logout, async (request, reply) => {
    const { db, serviceConfig: config } = request.server;
    const user = await loadSession(db, config, request);
    await endSession(db, request, reply);
    if (user) await audit(request, 'sign-out', user);
    return reply.status(204).send();
  });
}
