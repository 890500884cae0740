import { describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from './config.ts';
import { REMOTE_ENTRY_RECHECK_MS, servedVersion } from './servedVersion.ts';

const ENTRY = 'https://boards.example/release/remoteEntry.js';

/** A remote origin serving `body` with an ETag of it, answering 304 to a matching If-None-Match. */
function origin() {
  const state = { body: 'release 1', down: false, requests: [] as Array<{ url: string; ifNoneMatch: string | null }> };
  const fetch = (async (url: string, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
    state.requests.push({ url, ifNoneMatch });
    if (state.down) throw new TypeError('fetch failed');
    const etag = `"${state.body.length}-${state.body}"`;
    return ifNoneMatch === etag ? new Response(null, { status: 304 }) : new Response(state.body, { headers: { etag } });
  }) as typeof globalThis.fetch;
  return { state, fetch };
}

describe('the served version', () => {
  it('is the build version when every remote is served here', async () => {
    const { state, fetch } = origin();
    const version = servedVersion(gatewayConfigFromEnv({}, '/srv', 'abc123'), { fetch });
    expect(await version()).toBe('abc123');
    expect(state.requests).toEqual([]);
  });

  it('changes when a new build of a remote is published on its own origin, and only then', async () => {
    const { state, fetch } = origin();
    let clock = 0;
    const config = gatewayConfigFromEnv({ REMOTE_BOARDS_URL: 'https://boards.example/release/' }, '/srv', 'abc123');
    const version = servedVersion(config, { fetch, now: () => clock });

    const first = await version();
    expect(first).toMatch(/^abc123\+[0-9a-f]{8}$/);
    expect(state.requests).toEqual([{ url: ENTRY, ifNoneMatch: null }]);

    // Asked again within the recheck window: the origin is not asked again.
    clock += REMOTE_ENTRY_RECHECK_MS - 1;
    expect(await version()).toBe(first);
    expect(state.requests).toHaveLength(1);

    // After it, a conditional request: unchanged (304) keeps the version.
    clock += 1;
    expect(await version()).toBe(first);
    expect(state.requests[1]).toEqual({ url: ENTRY, ifNoneMatch: '"9-release 1"' });

    state.body = 'release 2';
    clock += REMOTE_ENTRY_RECHECK_MS;
    const second = await version();
    expect(second).toMatch(/^abc123\+[0-9a-f]{8}$/);
    expect(second).not.toBe(first);

    // Rolled back: the same file, the same version as before.
    state.body = 'release 1';
    clock += REMOTE_ENTRY_RECHECK_MS;
    expect(await version()).toBe(first);
  });

  it('keeps the last known build while the origin cannot be reached, and reports why', async () => {
    const { state, fetch } = origin();
    let clock = 0;
    const errors: string[] = [];
    const config = gatewayConfigFromEnv({ REMOTE_BOARDS_URL: 'https://boards.example/release' }, '/srv', 'abc123');
    const version = servedVersion(config, { fetch, now: () => clock, onError: (_error, url) => errors.push(url) });
    const first = await version();
    state.down = true;
    clock += REMOTE_ENTRY_RECHECK_MS;
    expect(await version()).toBe(first);
    expect(errors).toEqual([ENTRY]);
  });

  it('ignores a remote that is switched off (its code is never loaded)', async () => {
    const { state, fetch } = origin();
    const config = gatewayConfigFromEnv({ REMOTE_BOARDS_URL: 'https://boards.example/release', REMOTE_BOARDS_ENABLED: 'false' }, '/srv', 'abc123');
    expect(await servedVersion(config, { fetch })()).toBe('abc123');
    expect(state.requests).toEqual([]);
  });
});
