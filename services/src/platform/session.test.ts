import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpLoadGet, erpLoadList, type Contract } from '@tradeboard/shared/contracts';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import { startTestServices } from '../testing/index.ts';
import { holdSession, loadSession, SESSION_COOKIE } from './session.ts';

let services: Awaited<ReturnType<typeof startTestServices>>;

beforeAll(async () => {
  services = await startTestServices();
}, 60_000);
afterAll(() => services.close());

const HELD = erpLoadGet;
const OTHER = erpLoadList;

/** A signed-in admin@: his browser, his cookie's token, and his session as the database answers it. */
async function signedIn() {
  const browser = services.browser();
  expect((await browser.login('admin@tradeboard.example', DEMO_PASSWORD)).statusCode).toBe(200);
  const token = browser.cookies[SESSION_COOKIE]!;
  const user = (await session(token, OTHER))!;
  return { browser, token, user };
}

/** The session a call of `contract` with this token is answered as. */
const session = (token: string, contract: Contract) =>
  loadSession(services.db, services.app.serviceConfig, { cookies: { [SESSION_COOKIE]: token }, routeOptions: { config: { contract } } } as unknown as FastifyRequest);

const lastSeenAgo = async (sessionHash: string) =>
  (await services.db.query<{ s: number }>('SELECT extract(epoch FROM now() - last_seen_at)::float8 AS s FROM app.user_session WHERE session_hash = $1', [sessionHash])).rows[0]?.s;

describe('a session held while a job holds the database', () => {
  it('is answered from memory on its routes alone, until it is released', async () => {
    const { token, user } = await signedIn();
    const release = await holdSession(services.db, user, [HELD]);
    // Gone from the table (as a job holding the one connection would not let anything see):
    // only the held routes still answer the session.
    await services.db.query('DELETE FROM app.user_session WHERE session_hash = $1', [user.sessionHash]);
    expect(await session(token, HELD)).toEqual(user);
    expect(await session(token, OTHER)).toBeUndefined();
    await release();
    expect(await session(token, HELD)).toBeUndefined();
  });

  it('restarts the idle clock when released, if it answered a call meanwhile', async () => {
    const { token, user } = await signedIn();
    await services.db.query("UPDATE app.user_session SET last_seen_at = now() - interval '10 minutes' WHERE session_hash = $1", [user.sessionHash]);
    const unused = await holdSession(services.db, user, [HELD]);
    await unused();
    expect(await lastSeenAgo(user.sessionHash)).toBeGreaterThan(590);
    const used = await holdSession(services.db, user, [HELD]);
    expect(await session(token, HELD)).toEqual(user);
    await used();
    expect(await lastSeenAgo(user.sessionHash)).toBeLessThan(60);
  });

  it('ends with its absolute expiry and with sign-out', async () => {
    const expired = await signedIn();
    await services.db.query("UPDATE app.user_session SET absolute_expiry = now() - interval '1 second' WHERE session_hash = $1", [expired.user.sessionHash]);
    await holdSession(services.db, expired.user, [HELD]);
    expect(await session(expired.token, HELD)).toBeUndefined();

    const signedOut = await signedIn();
    await holdSession(services.db, signedOut.user, [HELD]);
    expect((await signedOut.browser.request('POST', '/api/Authenticate/Logout')).statusCode).toBe(204);
    expect(await session(signedOut.token, HELD)).toBeUndefined();
  });
});
