/**
 * A SQL source (docs/erp-import.md "SQL sources"): a connection to the distributor's own ERP
 * database — PostgreSQL or MySQL/MariaDB — and per ERP table a model query that selects from its
 * schema into our layout. Model queries run inside a read-only transaction and as a derived table
 * (`SELECT * FROM (<query>) AS model`), so a query can only read. Every value comes back as text
 * and is checked by the same validation as a file.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Db } from '../db/database.ts';
import type { ExtractFile } from './extract.ts';
import { ExtractError } from './extract.ts';
import { layoutFor } from './layouts.ts';

export const SOURCE_KINDS = { 1: 'postgres', 2: 'mysql' } as const;
export type SourceKind = (typeof SOURCE_KINDS)[keyof typeof SOURCE_KINDS];

export type SqlConnection = { kind: SourceKind; host: string; port: number; database: string; user: string; password: string };

type QueryResult = { columns: string[]; rows: string[][] };
type Session = { query(sql: string): Promise<QueryResult>; close(): Promise<void> };

const CONNECT_TIMEOUT_MS = 8000;
const text = (value: unknown): string =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString().slice(0, 10) : Buffer.isBuffer(value) ? value.toString('utf8') : String(value);

async function openSession(connection: SqlConnection): Promise<Session> {
  if (connection.kind === 'postgres') {
    const client = new pg.Client({
      host: connection.host, port: connection.port, database: connection.database, user: connection.user, password: connection.password,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Every value as the server writes it: dates stay yyyy-mm-dd, numerics keep their digits.
      types: { getTypeParser: () => (value: string) => value } as never,
    });
    await client.connect();
    await client.query('BEGIN READ ONLY');
    return {
      async query(sql) {
        const result = await client.query({ text: sql, rowMode: 'array' });
        return { columns: result.fields.map((f) => f.name), rows: (result.rows as unknown[][]).map((row) => row.map(text)) };
      },
      async close() {
        await client.query('ROLLBACK').catch(() => undefined);
        await client.end();
      },
    };
  }
  const client = await mysql.createConnection({
    host: connection.host, port: connection.port, database: connection.database, user: connection.user, password: connection.password,
    connectTimeout: CONNECT_TIMEOUT_MS, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, decimalNumbers: false,
  });
  await client.query('START TRANSACTION READ ONLY');
  return {
    async query(sql) {
      const [rows, fields] = await client.query({ sql, rowsAsArray: true });
      return { columns: (fields ?? []).map((f) => f.name), rows: (rows as unknown[][]).map((row) => row.map(text)) };
    },
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}

async function withSession<T>(connection: SqlConnection, fn: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(connection);
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

/** A model query as the derived table the source runs (a trailing semicolon dropped). */
function modelSql(queryText: string, limit?: number): string {
  const body = queryText.trim().replace(/;\s*$/, '');
  return `SELECT * FROM (${body}) AS model${limit === undefined ? '' : ` LIMIT ${limit}`}`;
}

export type ConnectionTest = { ok: boolean; message: string };

/** "Test connection": connects and asks the server's version. */
export async function testConnection(connection: SqlConnection): Promise<ConnectionTest> {
  try {
    const version = await withSession(connection, async (s) => (await s.query('SELECT version()')).rows[0]?.[0] ?? '');
    return { ok: true, message: `Connected: ${version}` };
  } catch (error) {
    return { ok: false, message: `Could not connect: ${(error as Error).message}` };
  }
}

export type ModelValidation = { valid: boolean; message: string; columns: string[]; missing: string[]; unknown: string[] };

/** Model/Validate: runs the query for its columns (no rows) and holds them against the table's layout. */
export async function validateModelQuery(connection: SqlConnection, table: string, queryText: string): Promise<ModelValidation> {
  const layout = layoutFor(table);
  if (!layout) return { valid: false, message: `${table} is not a table of the layouts`, columns: [], missing: [], unknown: [] };
  let columns: string[];
  try {
    columns = await withSession(connection, async (s) => (await s.query(modelSql(queryText, 0))).columns.map((c) => c.toLowerCase()));
  } catch (error) {
    return { valid: false, message: `The query does not run: ${(error as Error).message}`, columns: [], missing: [], unknown: [] };
  }
  const missing = layout.columns.filter((c) => c.required && !columns.includes(c.name)).map((c) => c.name);
  const unknown = columns.filter((name) => !layout.columns.some((c) => c.name === name));
  const problems = [
    missing.length ? `it lacks ${missing.join(', ')}` : '',
    unknown.length ? `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a column' : 'are not columns'} of ${table}` : '',
  ].filter(Boolean);
  return { valid: problems.length === 0, message: problems.length ? `The query does not fit ${table}: ${problems.join('; ')}` : `The query fits ${table} (${columns.length} columns)`, columns, missing, unknown };
}

/** A reader of the source's extract: each model query's rows as the file of its table. */
export function sqlSourceReader(connection: SqlConnection, queries: ReadonlyArray<{ tableName: string; queryText: string }>): () => Promise<ExtractFile[]> {
  return async () => {
    try {
      return await withSession(connection, async (s) => {
        const files: ExtractFile[] = [];
        for (const q of queries) {
          const result = await s.query(modelSql(q.queryText));
          files.push({ fileName: `model query ${q.tableName}`, table: q.tableName, kind: 'rows', header: result.columns.map((c) => c.toLowerCase()), rows: result.rows });
        }
        return files;
      });
    } catch (error) {
      throw new ExtractError(`The SQL source could not be read: ${(error as Error).message}`);
    }
  };
}

// ------------------------------------------------------------------------------ credentials
/**
 * Passwords are stored encrypted (AES-256-GCM). The key is ERP_CREDENTIALS_KEY (64 hex digits)
 * when set — production keeps it outside the database; otherwise one generated key kept in
 * erp.credentials_key, so a copy of a table alone does not reveal a password.
 */
async function credentialsKey(db: Db): Promise<Buffer> {
  const fromEnv = process.env.ERP_CREDENTIALS_KEY;
  if (fromEnv) {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv)) throw new Error('ERP_CREDENTIALS_KEY must be 64 hex digits');
    return Buffer.from(fromEnv, 'hex');
  }
  await db.query('INSERT INTO erp.credentials_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
  return (await db.query<{ key: Buffer }>('SELECT key FROM erp.credentials_key WHERE id = 1')).rows[0]!.key;
}

export async function encryptSecret(db: Db, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await credentialsKey(db), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.');
}

export async function decryptSecret(db: Db, stored: string): Promise<string> {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', await credentialsKey(db), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}
