import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, routePath } from '@tradeboard/shared/contracts';
import { gatewayConfigFromEnv } from './config.ts';
import { remoteManifest, tileOrigin } from './gateway.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway?.close());

const contractRoutes = () => allContracts.map((c) => `${c.method} /api${routePath(c.path)}`);

describe('contracts', () => {
  it('are each defined once', () => {
    const routes = contractRoutes();
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('are every one served', () => {
    const served = new Set(gateway.app.apiRoutes);
    expect(contractRoutes().filter((route) => !served.has(route))).toEqual([]);
  });

  it('cover every API route the services register', () => {
    const contracts = new Set(contractRoutes());
    const undocumented = gateway.app.apiRoutes.filter((route) => !route.includes('/api/docs') && !contracts.has(route));
    expect(undocumented).toEqual([]);
  });

  it('are published as OpenAPI at /api/docs', async () => {
    const ui = await gateway.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const document = (await gateway.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/Authenticate/CookieLogin'].post.requestBody).toBeDefined();
    // Every contract's path, and the site files a client reads besides the API.
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(allContracts.map((c) => c.path)), '/remotes/manifest.json', '/version.json'].sort());
  });
});

describe('the edge', () => {
  it('answers unknown API addresses with the one error body', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/Nothing/Here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such address: GET /api/Nothing/Here' });
  });

  it('sends helmet headers', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('serves version.json and the remote manifest without caching', async () => {
    const version = await gateway.app.inject({ method: 'GET', url: '/version.json' });
    expect(version.json()).toEqual({ version: 'test' });
    expect(version.headers['cache-control']).toBe('no-store');
    const manifest = await gateway.app.inject({ method: 'GET', url: '/remotes/manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // The test gateway has no build, so no routes as data: the shell loads the remote's ./manifest.
    expect(manifest.json().remotes).toContainEqual({ id: 'auth', name: 'mf_auth', entry: '/remotes/auth/remoteEntry.js', enabled: true });
  });

  it("lists a local remote's routes from its built manifest.json, and only for local enabled remotes", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tb-remotes-'));
    try {
      mkdirSync(path.join(root, 'mf-auth', 'dist'), { recursive: true });
      writeFileSync(
        path.join(root, 'mf-auth', 'dist', 'manifest.json'),
        JSON.stringify({ id: 'auth', routes: ['/login', '/logout'], public: true }),
      );
      const auth = (env: NodeJS.ProcessEnv) => remoteManifest(gatewayConfigFromEnv(env, root, 'test')).remotes.find((r) => r.id === 'auth');
      expect(auth({})).toEqual({
        id: 'auth',
        name: 'mf_auth',
        entry: '/remotes/auth/remoteEntry.js',
        enabled: true,
        routes: ['/login', '/logout'],
        public: true,
        renderers: {},
      });
      // A remote whose build is missing here is listed without routes: the shell asks it.
      expect(remoteManifest(gatewayConfigFromEnv({}, root, 'test')).remotes.find((r) => r.id === 'boards')).not.toHaveProperty('routes');
      // Served from another address: that build's routes may differ, the shell asks the remote itself.
      expect(auth({ REMOTE_AUTH_URL: 'https://auth.example/' })).toEqual({ id: 'auth', name: 'mf_auth', entry: 'https://auth.example/remoteEntry.js', enabled: true });
      expect(auth({ REMOTE_AUTH_ENABLED: 'false' })).not.toHaveProperty('routes');
      writeFileSync(path.join(root, 'mf-auth', 'dist', 'manifest.json'), '{ not json');
      expect(auth({})).not.toHaveProperty('routes');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("carries the slots a remote fills and their sections, and none when REMOTE_ACCOUNTS_ENABLED is false", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tb-remotes-'));
    try {
      mkdirSync(path.join(root, 'mf-accounts', 'dist'), { recursive: true });
      writeFileSync(
        path.join(root, 'mf-accounts', 'dist', 'manifest.json'),
        JSON.stringify({
          id: 'accounts',
          routes: ['/search', '/map'],
          slots: { commandPalette: './CommandPalette', sectionHeader: './SectionHeader', bad: 1 },
          slotSections: { sectionHeader: ['home', 'accountSummary'], contactEditor: ['contacts'], commandPalette: 'home' },
        }),
      );
      const accounts = (env: NodeJS.ProcessEnv) => remoteManifest(gatewayConfigFromEnv(env, root, 'test')).remotes.find((r) => r.id === 'accounts');
      expect(accounts({})).toMatchObject({
        name: 'mf_accounts',
        entry: '/remotes/accounts/remoteEntry.js',
        enabled: true,
        routes: ['/search', '/map'],
        slots: { commandPalette: './CommandPalette', sectionHeader: './SectionHeader' },
      });
      // Sections only for a slot the remote fills, as a list of names.
      expect(accounts({})?.slotSections).toEqual({ sectionHeader: ['home', 'accountSummary'] });
      const off = accounts({ REMOTE_ACCOUNTS_ENABLED: 'false' });
      expect(off).toMatchObject({ enabled: false });
      expect(off).not.toHaveProperty('slots');
      expect(off).not.toHaveProperty('slotSections');
      expect(accounts({ REMOTE_ACCOUNTS_URL: 'https://accounts.example/' })).toMatchObject({ entry: 'https://accounts.example/remoteEntry.js' });
      // MAP_TILE_URL reaches the browser with the manifest, and only when set.
      expect(remoteManifest(gatewayConfigFromEnv({}, root, 'test'))).not.toHaveProperty('map');
      const tiles = gatewayConfigFromEnv({ MAP_TILE_URL: 'https://tiles.example:8443/{z}/{x}/{y}.png' }, root, 'test');
      expect(remoteManifest(tiles).map).toEqual({ tileUrl: 'https://tiles.example:8443/{z}/{x}/{y}.png' });
      expect(tileOrigin(tiles)).toEqual(['https://tiles.example:8443']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses session calls without a session', async () => {
    for (const url of ['/api/User/GetBySession', '/api/System/SiteMenu', '/api/Notifications/UnreadCount']) {
      const response = await gateway.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('remote configuration', () => {
  it('switches a remote off or moves it elsewhere without a rebuild', async () => {
    const { gatewayConfigFromEnv } = await import('./config.ts');
    const { remoteManifest } = await import('./gateway.ts');
    const off = gatewayConfigFromEnv({ REMOTE_AUTH_ENABLED: 'false', REMOTE_AUTH_DISABLED_REASON: 'Maintenance until 10:00' }, '/srv', 'v');
    expect(remoteManifest(off).remotes[0]).toMatchObject({ id: 'auth', enabled: false, disabledReason: 'Maintenance until 10:00' });
    const moved = gatewayConfigFromEnv({ REMOTE_AUTH_URL: 'https://cdn.example.com/auth/' }, '/srv', 'v');
    expect(remoteManifest(moved).remotes[0]).toMatchObject({ entry: 'https://cdn.example.com/auth/remoteEntry.js', enabled: true });
  });
});
