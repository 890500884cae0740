import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@tradeboard/services/demo';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

// Two processes must share one database, so this topology runs on a PostgreSQL server
// (DATABASE_URL, or the local one every Tradeboard machine has).
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`auth service exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`auth service did not start at ${url}`);
}

let gateway: TestGateway;
let authService: ChildProcess;
let authUrl: string;

beforeAll(async () => {
  const port = await freePort();
  authUrl = `http://127.0.0.1:${port}`;
  gateway = await startTestGateway({}, { databaseUrl: POSTGRES_URL, adjust: (config) => ({ ...config, serviceUrls: { auth: authUrl } }) });
  authService = spawn(process.execPath, ['--import', 'tsx', 'services/src/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, SERVICE: 'auth', PORT: String(port), DATABASE_URL: gateway.databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilUp(`${authUrl}/api/Authenticate/GenerateAntiforgeryToken`, authService);
}, 90_000);

afterAll(async () => {
  authService?.kill('SIGTERM');
  await gateway?.close();
});

it('proxies the auth service running in another process and signs in through it', async () => {
  expect(gateway.app.apiRoutes).not.toContain('POST /api/Authenticate/CookieLogin');
  const browser = gateway.browser('10.9.9.9');
  const response = await browser.login('manager@tradeboard.example', DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  expect(response.json().resultType).toBe('Success');
  // The session the other process created is honoured by the services mounted in the gateway.
  const user = await browser.request('GET', '/api/User/GetBySession');
  expect(user.statusCode).toBe(200);
  expect(user.json().fullName).toBe('Mary Manager');
});

it('still checks the anti-forgery token at the gateway for proxied calls', async () => {
  const response = await gateway.browser('10.9.9.8').request('POST', '/api/Authenticate/CookieLogin', {
    body: { email: 'manager@tradeboard.example', password: DEMO_PASSWORD },
    xsrf: false,
  });
  expect(response.statusCode).toBe(401);
  expect(response.json().message).toBe('Login failed.');
});
