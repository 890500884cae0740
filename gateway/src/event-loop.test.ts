import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway?.close());

it('keeps answering /api/System/ping while a heavy query runs on the database', async () => {
  let queryDone = false;
  const heavy = gateway.db
    .query('SELECT count(*) FROM generate_series(1, 5000000) AS a(n) WHERE n % 7 = 3')
    .then(() => {
      queryDone = true;
    });
  // Give the query a moment to reach the database, then ping repeatedly.
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (let i = 0; i < 20; i++) {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/System/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  }
  // Every ping answered before the query finished: the database never held up the event loop.
  expect(queryDone).toBe(false);
  await heavy;
  expect(queryDone).toBe(true);
}, 120_000);
