import { createServer, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { AnalyticsSearchRequest, Choice, DateSlug } from '@tradeboard/shared/contracts';
import { DATABASE_UNAVAILABLE_MESSAGE, errorBody, HttpError, installErrorHandler, isDatabaseUnavailable, VALIDATION } from './errors.ts';

/** A server that throws `error` at GET /, behind the one error handler. */
async function throwing(error: unknown): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the error handler and an unreachable database', () => {
  // What node-postgres and its pool throw while the database is down, restarting or overloaded.
  const unavailable: Array<[string, Error]> = [
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an administrator shutdown (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a database starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a connection lost mid-statement', new Error('Connection terminated unexpectedly')],
    ['a connection that timed out', new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['a client broken by an earlier error', new Error('Client has encountered a connection error and is not queryable')],
  ];

  it.each(unavailable)('answers %s with 503 and a clear message, never the driver message', async (_case, error) => {
    const app = await throwing(error);
    const response = await app.inject('/');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
    expect(response.body).not.toContain(error.message);
    expect(response.headers['retry-after']).toBe('1');
    await app.close();
  });

  it('still answers a wrong statement with 500, without its message', async () => {
    const error = withCode('syntax error at or near "SELEC"', '42601');
    expect(isDatabaseUnavailable(error)).toBe(false);
    const app = await throwing(error);
    const response = await app.inject('/');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorBody(500, 'Internal Server Error'));
    await app.close();
  });

  it("keeps an HttpError's own status and message", async () => {
    const app = await throwing(new HttpError(404, 'Board not found.'));
    const response = await app.inject('/');
    expect(response.json()).toEqual(errorBody(404, 'Board not found.'));
    await app.close();
  });
});

/** A port on which nothing listens. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The handler's answer when a call's query fails the way `database` fails. */
async function answerOver(database: Database) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/', async () => (await database.db.query('SELECT 1 AS one')).rows);
  const response = await app.inject('/');
  await app.close();
  return response;
}

describe('a PostgreSQL pool whose server is not there', () => {
  it('answers 503 when nothing listens on the port', async () => {
    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/none` });
    const response = await answerOver(database);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    await database.close();
  });

  describe('when the server accepts connections but never answers', () => {
    let silent: Server;
    let port: number;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      port = (silent.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('gives up after the connect timeout and answers 503 (the call does not hang)', async () => {
      const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, connectTimeoutMs: 100 });
      const response = await answerOver(database);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      await database.close();
    });
  });
});

// The machine's PostgreSQL (DATABASE_URL, or the local one every Tradeboard machine has): its idle
// connections die when it restarts, which this test does to its own connection only.
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('a PostgreSQL pool whose idle connection dies', () => {
  it('reports it, stays up and answers the next call on a new connection', async () => {
    const lost: string[] = [];
    const database = await openDatabase({ databaseUrl: POSTGRES_URL, log: { warn: (_details, message) => lost.push(message) } });
    const before = (await database.db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const other = new pg.Client({ connectionString: POSTGRES_URL });
    await other.connect();
    await other.query('SELECT pg_terminate_backend($1)', [before]);
    await other.end();
    await expect.poll(() => lost).toEqual(['an idle database connection was lost']);
    const after = (await database.db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    expect(after).not.toBe(before);
    await database.close();
  });

  it('stays up when a connection checked out inside a transaction dies, and fails only its next statement', async () => {
    const database = await openDatabase({ databaseUrl: POSTGRES_URL, log: { warn: () => undefined } });
    const client = await database.db.connect();
    await client.query('BEGIN');
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const other = new pg.Client({ connectionString: POSTGRES_URL });
    await other.connect();
    await other.query('SELECT pg_terminate_backend($1)', [pid]);
    await other.end();
    await expect.poll(() => client.query('SELECT 1').then(() => 'answered', (error: Error) => (isDatabaseUnavailable(error) ? 'unavailable' : error.message))).toBe('unavailable');
    client.release();
    expect((await database.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await database.close();
  });
});

describe('a value outside a fixed set', () => {
  it('answers 400 naming the field, the value and the choices, not the validator\'s account of each branch', async () => {
    const app = Fastify({ logger: false, ...VALIDATION });
    installErrorHandler(app);
    const body = { type: 'object', properties: { ...AnalyticsSearchRequest.properties, groupBy: Choice(['company', 'month'], 'What to group by'), dateSlug: DateSlug } };
    app.post('/', { schema: { body } }, async () => ({}));
    const message = async (payload: object) => (await app.inject({ method: 'POST', url: '/', payload })).json().message;
    expect(await message({ groupBy: 'Company' })).toBe("body.groupBy 'Company' must be one of: company, month");
    expect(await message({ dateSlug: 'someday' })).toMatch(/^body\.dateSlug 'someday' must be one of: today, yesterday, .*, last-fiscal-quarter, a custom date \(yyyy-mm-dd\), a custom range/);
    expect(await message({ searchOperator: 'Like' })).toBe("body.searchOperator 'Like' must be one of: Contains, Exact, BeginsWith, EndsWith, null");
    expect(await message({ filters: [{ field: 'a', comparison: 'like', values: [] }] })).toBe("body.filters.0.comparison 'like' must be one of: include, equals");
    // Anything else keeps the validator's words for its one failure.
    expect(await message({ pageSize: 0 })).toBe('body.pageSize must be >= 1');
    await app.close();
  });
});

describe('validation', () => {
  it('keeps a null sent for a nullable value (not 0 or empty text), and still reads text as numbers', async () => {
    const app = Fastify({ logger: false, ...VALIDATION });
    installErrorHandler(app);
    const schema = {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      querystring: { type: 'object', properties: { page: { type: 'integer' } } },
      body: { type: 'object', properties: { probability: { anyOf: [{ type: 'integer' }, { type: 'null' }] }, note: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
    };
    app.post('/:id', { schema }, async (request) => ({ params: request.params, query: request.query, body: request.body }));
    const sent = async (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
    expect((await sent('/5?page=2', { probability: null, note: null })).json()).toEqual({ params: { id: 5 }, query: { page: 2 }, body: { probability: null, note: null } });
    expect((await sent('/5', { probability: 0, note: '' })).json().body).toEqual({ probability: 0, note: '' });
    expect((await sent('/5', { probability: '7', note: 'x' })).json().body).toEqual({ probability: 7, note: 'x' });
    expect((await sent('/5', { probability: 'seven', note: null })).statusCode).toBe(400);
    await app.close();
  });
});
