import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
