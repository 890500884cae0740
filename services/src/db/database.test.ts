import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-db.ts';
import { openDatabase, type Database } from './database.ts';

describe('the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('answers a named statement again after the connection that prepared it closed', async () => {
    const named = { name: 'database-test-named', text: 'SELECT $1::int + 1 AS n', values: [1] };
    const answer = () => database.db.query(named).then((result) => result.rows, (error: { code?: string; message: string }) => error.code ?? error.message);
    expect(await answer()).toEqual([{ n: 2 }]);
    // The pool's one connection closed: the next ones reach the same session once the server has let the old one go.
    const client = await database.db.connect();
    client.release(true);
    await expect.poll(answer).toEqual([{ n: 2 }]);
  });
});

describe('a statement the server refuses', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  const refused = () => database.db.query('SELECT $1::text AS t', ['a\u0000b']).then(() => 'answered', (error: { code?: string }) => error.code);
  const named = (n: number) => database.db.query({ name: 'database-test-queued', text: 'SELECT $1::int AS n', values: [n] }).then((r) => r.rows[0].n);

  it('fails only itself: the calls queued behind it succeed', async () => {
    const calls = Array.from({ length: 20 }, (_, i) => (i % 2 ? refused() : named(i)));
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? '22021' : i)));
  });

  it('leaves its connection open', async () => {
    let connections = 0;
    database.db.on('connect', () => connections++);
    for (let i = 0; i < 6; i++) expect(await (i % 2 ? refused() : named(i))).toBe(i % 2 ? '22021' : i);
    // pg-pool's own query() closes the connection after each refusal, and the next call opens another.
    expect(connections).toBe(0);
  });
});
