import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { isDatabaseUnavailable } from '../platform/errors.js';

/** The one query layer: SQL through node-postgres, whichever database is behind it. */
export type Db = pg.Pool;

/** The embedded database: one connection, which a transaction keeps from every other call until it ends. */
export const hasOneConnection = (db: Db): boolean => db.options.max === 1;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Writes the embedded database's files to `file`, for `snapshot` to start another from (embedded only). */
  dump?(file: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://… for a PostgreSQL server; absent for the embedded database. */
  databaseUrl?: string;
  /** Where the embedded database keeps its files; `memory://` keeps none. */
  dataDir?: string;
  /** A file written by `dump`: the embedded database starts as a copy of it (on a new data dir). */
  snapshot?: string;
  /** How long a new PostgreSQL connection may take before the call fails (default 5 s). */
  connectTimeoutMs?: number;
  /** Where a connection lost while idle is reported (the pool drops it and opens another when needed). */
  log?: { warn(details: object, message: string): void };
};

// Numeric columns (sums of money) come back as numbers, bigint counts too.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * pg-pool's query() ends its connection whenever a statement fails, even when the server only
 * refused that statement (bad input, a broken constraint) and the connection is as good as
 * before. On the embedded database that connection is the only one: closing it failed the
 * requests queued behind, so one caller's bad input became other users' 500s. Here a connection
 * is closed and replaced only when a statement on it failed because the connection itself is
 * gone (reset, timed out, its server process ended: isDatabaseUnavailable), whether the statement
 * ran through pool.query or on a checked-out client, whose release() then drops it.
 */
function keepConnectionsOnRefusedStatements(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool);
  const broken = new WeakSet<pg.PoolClient>();
  const watched = new WeakSet<pg.PoolClient>();
  const watch = (client: pg.PoolClient) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) broken.add(client);
        throw error;
      });
    }) as pg.PoolClient['query'];
  };
  const checkout = async () => {
    const client = await connect();
    watch(client);
    const release = client.release;
    client.release = (error?: Error | boolean) => release(error || broken.has(client) || undefined);
    return client;
  };
  pool.connect = checkout as pg.Pool['connect'];
  pool.query = (async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await checkout();
    try {
      return await client.query(config as pg.QueryConfig, values);
    } finally {
      client.release();
    }
  }) as pg.Pool['query'];
  return pool;
}

async function startEmbedded(dataDir: string, snapshot?: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg reaches a Unix socket as <host dir>/.s.PGSQL.<port>.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'tb-pg-'));
  const port = 5432;
  const worker = new Worker(WORKER_URL, {
    workerData: { dataDir, snapshot, socketPath: path.join(socketDir, `.s.PGSQL.${port}`) },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { type: string }) => {
      if (message.type === 'listening') resolve();
    });
  });
  // PGlite is one session whichever connection reaches it, so the pool keeps its one connection
  // open (no idle timeout). Should it open another, the statements the closed one named
  // (loadSession's, …) are still prepared, and the new client, which knows none, would fail to
  // prepare them again: it starts by dropping them, before the pool hands it out.
  const db = keepConnectionsOnRefusedStatements(new pg.Pool({
    host: socketDir,
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    onConnect: (client) => client.query('DEALLOCATE ALL'),
  }));
  /** One request to the worker, answered by one message. */
  const ask = (message: object) =>
    new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(message);
    });
  return {
    db,
    kind: 'pglite',
    async dump(file) {
      await ask({ type: 'dump', file });
    },
    async close() {
      await db.end();
      await ask({ type: 'close' });
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options.databaseUrl, options.connectTimeoutMs ?? 5_000) : await startEmbedded(options.dataDir ?? './data', options.snapshot);
  // A database restart ends every connection, and an 'error' nobody listens to ends the process.
  // An idle one is reported on the pool, which drops it. One checked out between two statements
  // (in a transaction) reports on the client itself: its next statement fails (a 503) and the
  // pool drops it when it is released.
  database.db.on('error', (error) => (options.log ?? { warn: (details, message) => console.warn(message, details) }).warn({ err: error }, 'an idle database connection was lost'));
  database.db.on('connect', (client) => client.on('error', () => undefined));
  return database;
}

function openPostgres(databaseUrl: string, connectTimeoutMs: number): Database {
  // JIT slows these short analytic queries down; keep it off for every connection. A database
  // that does not answer fails the call after connectTimeoutMs (a 503) instead of holding it;
  // the wait for a free connection counts too. Keep-alive finds a peer gone silent.
  const db = keepConnectionsOnRefusedStatements(
    new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      options: '-c jit=off',
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    }),
  );
  return { db, kind: 'postgres', close: () => db.end() };
}
