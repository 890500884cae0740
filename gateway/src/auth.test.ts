import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@tradeboard/services/demo';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_IP: '8' });
});
afterAll(() => gateway?.close());

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('anti-forgery token', () => {
  it('is issued as text with an HttpOnly SameSite cookie', async () => {
    const browser = gateway.browser();
    const response = await browser.request('GET', '/api/Authenticate/GenerateAntiforgeryToken');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^[\w-]{43}$/);
    expect(String(response.headers['set-cookie'])).toMatch(/tb_xsrf=.*HttpOnly.*SameSite=Strict/i);
  });

  it('missing on sign-in gives 401 Login failed.', async () => {
    const browser = gateway.browser(freshIp());
    const response = await browser.request('POST', '/api/Authenticate/CookieLogin', {
      body: { email: 'admin@tradeboard.example', password: DEMO_PASSWORD },
      xsrf: false,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Login failed.');
  });

  it('wrong on another state-changing call gives 403, missing on a GET is fine', async () => {
    const browser = gateway.browser(freshIp());
    await browser.login('admin@tradeboard.example', DEMO_PASSWORD);
    const refused = await browser.request('POST', '/api/Authenticate/RefreshToken', { headers: { 'x-xsrf-token': 'x'.repeat(43) }, xsrf: false });
    expect(refused.statusCode).toBe(403);
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  it('signs in, rotates the session id and returns the user with settings and toggles', async () => {
    const browser = gateway.browser(freshIp());
    browser.cookies.tb_session = 'planted-by-an-attacker';
    const response = await browser.login('Admin@Tradeboard.example', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultType: 'Success', redirectUrl: '/', twoFactorSetup: null });
    expect(browser.cookies.tb_session).not.toBe('planted-by-an-attacker');
    expect(browser.cookies.tb_session!.length).toBeGreaterThanOrEqual(43);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/tb_session=.*HttpOnly.*SameSite=Lax/i);
    const user = (await browser.request('GET', '/api/User/GetBySession')).json();
    expect(user).toMatchObject({ email: 'admin@tradeboard.example', fullName: 'Alex Admin', roleName: 'SiteAdmin', erpMasterId: 1 });
    const setting = (name: string) => user.settings.find((s: { settingName: string }) => s.settingName === name)?.settingValue;
    expect(setting('AllowPageEditing')).toBe('true');
    expect(setting('FiscalYear')).toBe('1990');
    expect(user.toggles).toContainEqual({ toggleName: 'CustomerModeEnabled', toggleValue: 'false', valueType: 1 });
  });

  it('keeps a session cookie only for the browser session unless Keep Me Signed In', async () => {
    const short = await gateway.browser(freshIp()).login('rep@tradeboard.example', DEMO_PASSWORD, false);
    expect(String(short.headers['set-cookie'])).not.toMatch(/Expires=/i);
    const long = await gateway.browser(freshIp()).login('rep@tradeboard.example', DEMO_PASSWORD, true);
    const expires = /Expires=([^;]+)/i.exec(String(long.headers['set-cookie']))?.[1];
    expect(new Date(expires!).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it.each([
    ['a wrong password', { email: 'rep@tradeboard.example', password: 'nope' }],
    ['an unknown user', { email: 'nobody@tradeboard.example', password: DEMO_PASSWORD }],
    ['a missing password', { email: 'rep@tradeboard.example' }],
    ['a missing e-mail', { password: DEMO_PASSWORD }],
    ['an empty e-mail', { email: '', password: DEMO_PASSWORD }],
  ])('refuses %s with 401 Login failed.', async (_, body) => {
    const response = await gateway.browser(freshIp()).request('POST', '/api/Authenticate/CookieLogin', { body });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Login failed.' });
  });

  it.each([
    ['a wrongly typed e-mail', { email: { $ne: '' }, password: 'x' }, /email/],
    ['a wrongly typed flag', { email: 'rep@tradeboard.example', password: 'x', persistCookie: 'sometimes' }, /persistCookie/],
  ])('answers %s with 400 naming the field', async (_, body, field) => {
    const response = await gateway.browser(freshIp()).request('POST', '/api/Authenticate/CookieLogin', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(field);
  });

  it('answers an oversized body with 413, and broken JSON with 400', async () => {
    const browser = gateway.browser(freshIp());
    const huge = await browser.request('POST', '/api/Authenticate/CookieLogin', { body: { email: 'a@b.c', password: 'x'.repeat(300_000) } });
    expect(huge.statusCode).toBe(413);
    const broken = await browser.request('POST', '/api/Authenticate/CookieLogin', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('tells PASSWORD from EXTERNAL without revealing unknown users', async () => {
    const browser = gateway.browser();
    expect((await browser.request('GET', '/api/Authenticate/LoginType/rep@tradeboard.example')).body).toBe('PASSWORD');
    expect((await browser.request('GET', '/api/Authenticate/LoginType/sso@tradeboard.example')).body).toBe('EXTERNAL');
    expect((await browser.request('GET', '/api/Authenticate/LoginType/ghost@tradeboard.example')).body).toBe('PASSWORD');
  });

  it('sends EXTERNAL accounts to their identity provider', async () => {
    const response = await gateway.browser(freshIp()).login('sso@tradeboard.example', 'placeholder');
    expect(response.json().resultType).toBe('SAML');
    expect(response.json().redirectUrl).toMatch(/^https:\/\/sso\.contoso\.example\/saml2\/sso\?login_hint=sso%40tradeboard\.example/);
  });

  it('records sign-ins and failures in the audit log', async () => {
    const { rows } = await gateway.db.query<{ event: string }>("SELECT DISTINCT event FROM app.audit_log WHERE event LIKE 'sign-in%'");
    expect(rows.map((r) => r.event)).toEqual(expect.arrayContaining(['sign-in', 'sign-in-failed']));
  });
});

describe('throttling', () => {
  it('per account: max−1 and max failures answer 401, max+1 answers 429 with Retry-After even with the right password', async () => {
    const email = 'rep2@tradeboard.example';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await gateway.browser(freshIp()).login(email, 'wrong');
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await gateway.browser(freshIp()).login(email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    await gateway.db.query("DELETE FROM app.login_throttle WHERE throttle_key = 'account:rep2@tradeboard.example'");
  });

  it('per account: a success before the limit clears the count', async () => {
    const email = 'manager@tradeboard.example';
    for (let attempt = 1; attempt <= 4; attempt++) await gateway.browser(freshIp()).login(email, 'wrong');
    expect((await gateway.browser(freshIp()).login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) await gateway.browser(freshIp()).login(email, 'wrong');
    expect((await gateway.browser(freshIp()).login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('per IP: failures across many accounts lock the address at max+1', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 8; attempt++) {
      const response = await gateway.browser(ip).login(`stranger${attempt}@tradeboard.example`, 'wrong');
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    expect((await gateway.browser(ip).login('admin@tradeboard.example', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await gateway.browser(freshIp()).login('admin@tradeboard.example', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('two-factor', () => {
  it('asks a configured account for its code, accepts it once and refuses the replay', async () => {
    const browser = gateway.browser(freshIp());
    const first = (await browser.login('twofactor@tradeboard.example', DEMO_PASSWORD)).json();
    expect(first.resultType).toBe('TwoFactor');
    expect(first.twoFactorSetup).toEqual({ imageData: '', twoFactorSecret: '', isConfigured: true });
    expect(first.redirectUrl).toBe('/login/2fa?authenticatorIsSetup=true');
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);

    const code = await generate({ secret: DEMO_TOTP_SECRET });
    const wrong = await browser.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: code === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(401);
    const verified = await browser.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: code } });
    expect(verified.json()).toEqual({ resultType: 'Success', redirectUrl: '/', twoFactorSetup: null });
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(200);

    const replay = gateway.browser(freshIp());
    await replay.login('twofactor@tradeboard.example', DEMO_PASSWORD);
    const replayed = await replay.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: code } });
    expect(replayed.statusCode).toBe(401);
  });

  it('accepts one step of clock skew and refuses two', async () => {
    const browser = gateway.browser(freshIp());
    await browser.login('twofactor@tradeboard.example', DEMO_PASSWORD);
    const tooOld = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) - 75 });
    expect((await browser.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: tooOld } })).statusCode).toBe(401);
    const ahead = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await browser.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: ahead } })).statusCode).toBe(200);
  });

  it('sets up a new authenticator with a QR code and typed key', async () => {
    const browser = gateway.browser(freshIp());
    const result = (await browser.login('setup2fa@tradeboard.example', DEMO_PASSWORD)).json();
    expect(result.resultType).toBe('TwoFactor');
    expect(result.twoFactorSetup.isConfigured).toBe(false);
    expect(result.twoFactorSetup.imageData).toMatch(/^data:image\/png;base64,/);
    expect(result.twoFactorSetup.twoFactorSecret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(result.redirectUrl).toContain('authenticatorIsSetup=false');
    const code = await generate({ secret: result.twoFactorSetup.twoFactorSecret });
    expect((await browser.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: code } })).statusCode).toBe(200);
    const again = (await gateway.browser(freshIp()).login('setup2fa@tradeboard.example', DEMO_PASSWORD)).json();
    expect(again.twoFactorSetup.isConfigured).toBe(true);
  });

  it.each([['12345'], ['abcdef'], [123456]])('answers a malformed code %s with 400', async (authCode) => {
    const browser = gateway.browser(freshIp());
    await browser.login('twofactor@tradeboard.example', DEMO_PASSWORD);
    const response = await browser.request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode } });
    expect(response.statusCode).toBe(typeof authCode === 'number' ? 401 : 400);
  });

  it('refuses verification without a pending sign-in', async () => {
    const response = await gateway.browser(freshIp()).request('POST', '/api/Authenticate/TwoFactorAuthVerification', { body: { authCode: '123456' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('logout ends the session', async () => {
    const browser = gateway.browser(freshIp());
    await browser.login('rep@tradeboard.example', DEMO_PASSWORD);
    const stolen = { ...browser.cookies };
    expect((await browser.request('POST', '/api/Authenticate/Logout')).statusCode).toBe(204);
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);
    browser.cookies = stolen;
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);
  });

  it('expires idle and absolute-timed-out sessions', async () => {
    const browser = gateway.browser(freshIp());
    await browser.login('rep@tradeboard.example', DEMO_PASSWORD);
    await gateway.db.query("UPDATE app.user_session SET last_seen_at = now() - interval '31 minutes'");
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);
    await browser.login('rep@tradeboard.example', DEMO_PASSWORD);
    await gateway.db.query("UPDATE app.user_session SET absolute_expiry = now() - interval '1 second'");
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);
  });

  it('RefreshToken issues a new session id and the old one stops working', async () => {
    const browser = gateway.browser(freshIp());
    await browser.login('rep@tradeboard.example', DEMO_PASSWORD);
    const before = browser.cookies.tb_session;
    expect((await browser.request('POST', '/api/Authenticate/RefreshToken')).statusCode).toBe(204);
    expect(browser.cookies.tb_session).not.toBe(before);
    expect((await browser.request('GET', '/api/User/GetBySession')).statusCode).toBe(200);
    const old = gateway.browser(freshIp());
    old.cookies.tb_session = before!;
    expect((await old.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  async function resetLinkFor(email: string): Promise<string> {
    const { rows } = await gateway.db.query<{ body: string }>(
      'SELECT body FROM app.mail_outbox WHERE $1 = ANY (to_emails) ORDER BY mail_id DESC LIMIT 1',
      [email],
    );
    return /token=([\w-]+)/.exec(rows[0]!.body)![1]!;
  }

  it('mails a single-use token that sets a new password and ends other sessions', async () => {
    const email = 'rep@tradeboard.example';
    const other = gateway.browser(freshIp());
    await other.login(email, DEMO_PASSWORD);
    const browser = gateway.browser(freshIp());
    expect((await browser.request('POST', '/api/Authenticate/ForgotPassword', { body: { email } })).statusCode).toBe(204);
    const token = await resetLinkFor(email);
    expect((await browser.request('POST', '/api/Authenticate/ResetPassword', { body: { token, password: 'short' } })).statusCode).toBe(400);
    const weak = await browser.request('POST', '/api/Authenticate/ResetPassword', { body: { token, password: 'longbutnodigits' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/letters and digits/);
    expect((await browser.request('POST', '/api/Authenticate/ResetPassword', { body: { token, password: 'New-Passw0rd' } })).statusCode).toBe(204);
    const reused = await browser.request('POST', '/api/Authenticate/ResetPassword', { body: { token, password: 'Other-Passw0rd' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/expired or was already used/);
    expect((await other.request('GET', '/api/User/GetBySession')).statusCode).toBe(401);
    expect((await gateway.browser(freshIp()).login(email, 'New-Passw0rd')).statusCode).toBe(200);
    expect((await gateway.browser(freshIp()).login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    await gateway.db.query("UPDATE app.user_master SET password_hash = (SELECT password_hash FROM app.user_master WHERE email = 'admin@tradeboard.example' AND home_user_master_id IS NULL) WHERE email = $1", [email]);
  });

  it('refuses an expired token', async () => {
    const email = 'manager@tradeboard.example';
    const browser = gateway.browser(freshIp());
    await browser.request('POST', '/api/Authenticate/ForgotPassword', { body: { email } });
    const token = await resetLinkFor(email);
    await gateway.db.query("UPDATE app.password_reset SET expires_at = now() - interval '1 minute'");
    expect((await browser.request('POST', '/api/Authenticate/ResetPassword', { body: { token, password: 'New-Passw0rd' } })).statusCode).toBe(400);
  });

  it('answers the same for unknown addresses and mails nothing', async () => {
    const before = await gateway.db.query('SELECT count(*)::int AS n FROM app.mail_outbox');
    const response = await gateway.browser(freshIp()).request('POST', '/api/Authenticate/ForgotPassword', { body: { email: 'ghost@tradeboard.example' } });
    expect(response.statusCode).toBe(204);
    const after = await gateway.db.query('SELECT count(*)::int AS n FROM app.mail_outbox');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('lets only administrators read the outbox through Admin/TestEmails', async () => {
    const rep = gateway.browser(freshIp());
    await rep.login('rep2@tradeboard.example', DEMO_PASSWORD);
    expect((await rep.request('GET', '/api/Admin/TestEmails')).statusCode).toBe(403);
    const admin = gateway.browser(freshIp());
    await admin.login('admin@tradeboard.example', DEMO_PASSWORD);
    const mails = (await admin.request('GET', '/api/Admin/TestEmails?to=manager@tradeboard.example')).json();
    expect(mails[0].subject).toBe('Reset your Tradeboard password');
  });
});
