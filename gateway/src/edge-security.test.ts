import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, fillPath, type Contract } from '@tradeboard/shared/contracts';
import { DEMO_PASSWORD } from '@tradeboard/services/demo';
import { trustProxyFromEnv } from '@tradeboard/services';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

// The edge's checks, probed the way an attacker or a careless client would (issue 22 §1).

const ANTIFORGERY_FAILURE = 'The anti-forgery token is missing or invalid. Reload the page and try again.';
const stateChanging = allContracts.filter((c) => c.method !== 'GET');
const withOneIds = (c: Contract) => fillPath(c.path, new Proxy({}, { get: () => 1 }));

/** Ways to write `/api/<rest>` that a router may still match. */
const spellings = (rest: string) => [
  `/%61pi${rest}`,
  `/api${rest.replace(/^\/(\w)/, (_, first: string) => `/%${first.charCodeAt(0).toString(16)}`)}`,
  `/API${rest}`,
  `//api${rest}`,
  `/api/${rest}`,
  `/api/./${rest.slice(1)}`,
  `/api/x/..${rest}`,
];

let gateway: TestGateway;
let siteRoot: string;
beforeAll(async () => {
  siteRoot = mkdtempSync(path.join(tmpdir(), 'tb-edge-'));
  mkdirSync(path.join(siteRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(siteRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Tradeboard</title>');
  gateway = await startTestGateway(
    { PUBLIC_WRITES_PER_MINUTE: '8', TRUST_PROXY: '' },
    { adjust: (config) => ({ ...config, rootDir: siteRoot }) },
  );
});
afterAll(async () => {
  await gateway?.close();
  rmSync(siteRoot, { recursive: true, force: true });
});

let ipCounter = 0;
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('the anti-forgery check follows the route matched, not the spelling of the path', () => {
  it('refuses every state-changing call without a token, however its path is written', async () => {
    const browser = gateway.browser(freshIp());
    await browser.login('admin@tradeboard.example', DEMO_PASSWORD);
    for (const contract of stateChanging) {
      const expected = contract.xsrfFailure ?? { statusCode: 403, message: ANTIFORGERY_FAILURE };
      for (const url of spellings(withOneIds(contract))) {
        const response = await browser.request(contract.method, url, { body: {}, xsrf: false });
        const { statusCode, message } = response.json();
        // Either the router does not know the spelling, or the check refuses it: never the handler.
        if (statusCode === 404) expect(message, `${contract.method} ${url}`).toMatch(/^No such address/);
        else expect({ statusCode, message }, `${contract.method} ${url}`).toEqual(expected);
      }
    }
  });

  it('neither deletes a board nor signs in through a percent-encoded path', async () => {
    const owner = gateway.browser(freshIp());
    await owner.login('rep@tradeboard.example', DEMO_PASSWORD);
    const added = await owner.request('POST', '/api/Board/Add', { body: { sectionId: 1, boardName: 'Keep me' } });
    const boardId = added.json().boardMasterId;
    const removal = await owner.request('POST', `/%61pi/Board/Remove/${boardId}`, { xsrf: false });
    expect(removal.statusCode).toBe(403);
    expect((await owner.request('GET', `/api/Board/${boardId}`)).statusCode).toBe(200);

    const stranger = gateway.browser(freshIp());
    const login = await stranger.request('POST', '/%61pi/Authenticate/CookieLogin', {
      body: { email: 'admin@tradeboard.example', password: DEMO_PASSWORD },
      xsrf: false,
    });
    expect(login.statusCode).toBe(401);
    expect(stranger.cookies.tb_session).toBeUndefined();
  });
});

describe('the session is checked before the input', () => {
  it('answers an anonymous call with a malformed body or path 401, never 400 with schema details', async () => {
    const anonymous = gateway.browser(freshIp());
    for (const contract of stateChanging.filter((c) => c.access === 'session')) {
      const url = `/api${fillPath(contract.path, new Proxy({}, { get: () => 'not-a-number' }))}`;
      const response = await anonymous.request(contract.method, url, { body: { unexpected: ['field'] } });
      expect(response.statusCode, `${contract.method} ${url}`).toBe(401);
    }
  });
});

describe('forwarded headers', () => {
  it('are not trusted by default: the per-address sign-in limit counts the real client', async () => {
    const ip = freshIp();
    const guesses = Array.from({ length: 25 }, (_, i) =>
      gateway.browser(ip).request('POST', '/api/Authenticate/CookieLogin', {
        body: { email: `nobody${i}@tradeboard.example`, password: 'wrong' },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      }),
    );
    const statuses = [];
    for (const guess of guesses) statuses.push((await guess).statusCode);
    // 8 public writes a minute per client here: the forged addresses do not reset the count.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('are trusted from the proxies TRUST_PROXY names, as addresses, networks or a hop count', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('')).toBe(false);
    expect(trustProxyFromEnv('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    const twoHops = trustProxyFromEnv('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});

describe('public writes', () => {
  it('are limited per client, with Retry-After, and other clients go on', async () => {
    const ip = freshIp();
    const report = (from: string) =>
      gateway.browser(from).request('POST', '/api/System/AppErrorLog', {
        body: { errorMessage: `boom ${Math.random()}`, userAgent: 'test', errorDetail: '' },
      });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await report(ip)).statusCode);
    expect(statuses.slice(0, 4)).toEqual([204, 204, 204, 204]);
    const refused = await report(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((await report(freshIp())).statusCode).toBe(204);
  });

  it('mail error reports only for a signed-in user, and the same report once', async () => {
    const outbox = async () => Number((await gateway.db.query("SELECT count(*) AS n FROM app.mail_outbox WHERE subject = 'Same crash'")).rows[0].n);
    const anonymous = await gateway.browser(freshIp()).request('POST', '/api/System/SendErrorEmail', { body: { subject: 'Same crash', body: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const user = gateway.browser(freshIp());
    await user.login('rep@tradeboard.example', DEMO_PASSWORD);
    for (let i = 0; i < 3; i++) {
      expect((await user.request('POST', '/api/System/SendErrorEmail', { body: { subject: 'Same crash', body: 'x' } })).statusCode).toBe(204);
    }
    expect(await outbox()).toBe(1);
  });

  it('write the same app error once', async () => {
    const count = async () => Number((await gateway.db.query("SELECT count(*) AS n FROM app.app_error_log WHERE error_message = 'Same error'")).rows[0].n);
    for (let i = 0; i < 3; i++) {
      const response = await gateway.browser(freshIp()).request('POST', '/api/System/AppErrorLog', {
        body: { errorMessage: 'Same error', userAgent: 'test', errorDetail: 'stack' },
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await count()).toBe(1);
  });
});

describe('bad input fails only its own request', () => {
  it('keeps every signed-in read answering while NUL bytes hammer a public route', async () => {
    const user = gateway.browser(freshIp());
    await user.login('admin@tradeboard.example', DEMO_PASSWORD);
    const hammer = async () => {
      for (let i = 0; i < 20; i++) {
        await gateway.browser(freshIp()).request('POST', '/api/Authenticate/ForgotPassword', { body: { email: `a\u0000${i}@x.example` } });
      }
    };
    const reads = async () => {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await user.request('GET', '/api/User/GetBySession')).statusCode);
      return statuses;
    };
    const [, first, second] = await Promise.all([hammer(), reads(), reads()]);
    expect([...first, ...second].every((status) => status === 200)).toBe(true);
  });
});

describe('answers', () => {
  it('with user or ERP data may not be stored by a browser or proxy', async () => {
    const user = gateway.browser(freshIp());
    await user.login('rep@tradeboard.example', DEMO_PASSWORD);
    for (const url of ['/api/User/GetBySession', '/api/System/SiteMenu', '/%61pi/User/GetBySession', '/api/Board/999999']) {
      expect((await user.request('GET', url)).headers['cache-control'], url).toBe('no-store');
    }
    expect((await gateway.browser(freshIp()).request('GET', '/api/User/GetBySession')).headers['cache-control']).toBe('no-store');
  });

  it('serve the page at / to a client that accepts no compression (health checks, curl)', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>Tradeboard</title>');
  });
});
