import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@tradeboard/services';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

// A proxied service that cannot answer (stopped, or killed while answering) fails its own calls
// with the services' error body, and only its own: the services mounted here keep answering.

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a proxied service that is down', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    const authUrl = `http://127.0.0.1:${await closedPort()}`;
    gateway = await startTestGateway({}, { adjust: (config) => ({ ...config, serviceUrls: { auth: authUrl } }) });
  });
  afterAll(() => gateway?.close());

  it("answers its calls 503 with the services' error body, naming the service", async () => {
    const response = await gateway.app.inject('/api/Authenticate/GenerateAntiforgeryToken');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(503, 'The auth service is unavailable. Try again in a moment.'));
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it("leaves the other services' calls alone", async () => {
    const response = await gateway.app.inject('/api/System/SiteMenu');
    // Mounted here and answering: the session check's 401, not the proxy's 503.
    expect(response.statusCode).toBe(401);
  });
});

describe('a proxied service killed while it answers', () => {
  let gateway: TestGateway;
  let dying: Server;
  beforeAll(async () => {
    // Takes the request and drops the connection without an answer, as a killed process does.
    dying = createHttpServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const authUrl = `http://127.0.0.1:${(dying.address() as { port: number }).port}`;
    gateway = await startTestGateway({}, { adjust: (config) => ({ ...config, serviceUrls: { auth: authUrl } }) });
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => dying.close(resolve));
  });

  it('answers 503 with the error body instead of a 500', async () => {
    const response = await gateway.app.inject('/api/Authenticate/GenerateAntiforgeryToken');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(503, 'The auth service is unavailable. Try again in a moment.'));
  });
});
