/**
 * SQL sources' calls (shared/src/contracts/erp-load.ts): connections (ConnectionLocal, the
 * password stored encrypted and never answered), Test connection, model queries per ERP table
 * (Admin/ModelQuery), Model/Validate, and a load from a source. All need the `erp.load` right.
 */
import type { FastifyInstance } from 'fastify';
import {
  adminModelQueryDelete, adminModelQueryGet, adminModelQueryList, adminModelQueryPost, adminModelQueryPut, connectionLocalDelete, connectionLocalGet,
  connectionLocalList, connectionLocalLoad, connectionLocalPost, connectionLocalPut, connectionLocalTest, connectionLocalTypeList, LOCAL_CONNECT_TYPES,
  modelValidate,
} from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { createLoadRun, runErpLoad, type ErpLoadOptions, type ErpLoadResult } from './load.ts';
import type { ExtractFile } from './extract.ts';
import { layoutFor } from './layouts.ts';
import { loader, loadOptionsOf, refuseWhileRunning, startLoad } from './erp-load-routes.ts';
import { decryptSecret, encryptSecret, SOURCE_KINDS, sqlSourceReader, testConnection, validateModelQuery, type SqlConnection } from './sql-source.ts';

const CONNECTION_SELECT = `
  SELECT local_connection_id AS "localConnectionId", erp_master_id AS "erpMasterId", connection_name AS "connectionName",
         local_connect_type_id AS "localConnectTypeId", host, port, database_name AS "databaseName", user_name AS "userName",
         to_char(load_daily_at, 'HH24:MI') AS "loadDailyAt", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
    FROM erp.local_connection`;
const MODEL_QUERY_SELECT = `
  SELECT model_query_id AS "modelQueryId", local_connection_id AS "localConnectionId", table_name AS "tableName", query_text AS "queryText",
         is_valid AS "isValid", validation_message AS "validationMessage", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
    FROM erp.model_query`;

type ConnectionRow = {
  localConnectionId: number; erpMasterId: number; connectionName: string; localConnectTypeId: number; host: string; port: number; databaseName: string; userName: string;
  loadDailyAt: string | null; updatedAt: string;
};
type ModelQueryRow = { modelQueryId: number; localConnectionId: number; tableName: string; queryText: string; isValid: boolean | null; validationMessage: string | null; updatedAt: string };

export async function findConnection(db: Db, id: number): Promise<ConnectionRow> {
  const { rows } = await db.query<ConnectionRow>(`${CONNECTION_SELECT} WHERE local_connection_id = $1`, [id]);
  if (!rows[0]) throw new HttpError(404, `There is no connection ${id}.`);
  return rows[0];
}

async function findModelQuery(db: Db, id: number): Promise<ModelQueryRow> {
  const { rows } = await db.query<ModelQueryRow>(`${MODEL_QUERY_SELECT} WHERE model_query_id = $1`, [id]);
  if (!rows[0]) throw new HttpError(404, `There is no model query ${id}.`);
  return rows[0];
}

/** The connection with its password, to connect with. */
async function connectionOf(db: Db, id: number): Promise<SqlConnection> {
  const row = await findConnection(db, id);
  const { rows } = await db.query<{ password_encrypted: string }>('SELECT password_encrypted FROM erp.local_connection WHERE local_connection_id = $1', [id]);
  return {
    kind: SOURCE_KINDS[row.localConnectTypeId as keyof typeof SOURCE_KINDS],
    host: row.host, port: row.port, database: row.databaseName, user: row.userName,
    password: await decryptSecret(db, rows[0]!.password_encrypted),
  };
}

/** A source's extract: its validated model queries, read on its connection (400 when it has none, or one not validated). */
export async function sqlSourceExtract(db: Db, localConnectionId: number): Promise<{ connectionName: string; read: () => Promise<ExtractFile[]> }> {
  const connection = await findConnection(db, localConnectionId);
  const { rows: queries } = await db.query<ModelQueryRow>(`${MODEL_QUERY_SELECT} WHERE local_connection_id = $1 ORDER BY model_query_id`, [localConnectionId]);
  if (queries.length === 0) throw new HttpError(400, `${connection.connectionName} has no model query yet: add one per table to load.`);
  const unchecked = queries.filter((q) => q.isValid !== true).map((q) => q.tableName);
  if (unchecked.length) throw new HttpError(400, `Validate the model queries of ${unchecked.join(', ')} first (Model/Validate).`);
  return { connectionName: connection.connectionName, read: sqlSourceReader(await connectionOf(db, localConnectionId), queries) };
}

/** One load from a SQL source, to the end: what a scheduled job runs (the daily load of a source). */
export async function runSqlSourceLoad(db: Db, localConnectionId: number, options: Omit<ErpLoadOptions, 'source' | 'fileName'> = {}): Promise<ErpLoadResult> {
  const source = await sqlSourceExtract(db, localConnectionId);
  return runErpLoad(db, source.read, { ...options, source: 'sql', fileName: source.connectionName });
}

function requireTable(tableName: string): void {
  if (!layoutFor(tableName)) throw new HttpError(400, `${tableName} is not a table of the layouts.`);
}

const duplicateTable = (error: unknown, tableName: string) => {
  if (isUniqueViolation(error)) throw new HttpError(409, `The source has a model query for ${tableName} already.`);
  throw error;
};

export async function sqlSourceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  serve(app, connectionLocalTypeList, async (request) => {
    await loader(request);
    return LOCAL_CONNECT_TYPES.map((t) => ({ ...t }));
  });

  serve(app, connectionLocalList, async (request) => {
    await loader(request);
    return (await db.query<ConnectionRow>(`${CONNECTION_SELECT} WHERE local_connect_type_id = $1 ORDER BY connection_name`, [request.params.locationConnectionType])).rows;
  });

  serve(app, connectionLocalGet, async (request) => {
    await loader(request);
    return findConnection(db, request.params.localConnectionId);
  });

  serve(app, connectionLocalPost, async (request) => {
    await loader(request);
    const b = request.body;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO erp.local_connection (connection_name, local_connect_type_id, host, port, database_name, user_name, password_encrypted, load_daily_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::time) RETURNING local_connection_id AS id`,
      [b.connectionName.trim(), b.localConnectTypeId, b.host, b.port, b.databaseName, b.userName, await encryptSecret(db, b.password), b.loadDailyAt ?? null],
    );
    return findConnection(db, rows[0]!.id);
  });

  serve(app, connectionLocalPut, async (request) => {
    await loader(request);
    const id = (await findConnection(db, request.params.localConnectionId)).localConnectionId;
    const b = request.body;
    await db.query(
      `UPDATE erp.local_connection SET connection_name = $2, local_connect_type_id = $3, host = $4, port = $5, database_name = $6, user_name = $7,
              password_encrypted = coalesce($8, password_encrypted),
              load_daily_at = CASE WHEN $9 THEN $10::time ELSE load_daily_at END, updated_at = now()
        WHERE local_connection_id = $1`,
      [
        id, b.connectionName.trim(), b.localConnectTypeId, b.host, b.port, b.databaseName, b.userName, b.password === undefined ? null : await encryptSecret(db, b.password),
        b.loadDailyAt !== undefined, b.loadDailyAt ?? null,
      ],
    );
    return findConnection(db, id);
  });

  serve(app, connectionLocalDelete, async (request, reply) => {
    await loader(request);
    const id = (await findConnection(db, request.params.localConnectionId)).localConnectionId;
    await db.query('DELETE FROM erp.local_connection WHERE local_connection_id = $1', [id]);
    return reply.status(204).send();
  });

  serve(app, connectionLocalTest, async (request) => {
    await loader(request);
    return testConnection(await connectionOf(db, request.params.localConnectionId));
  });

  serve(app, connectionLocalLoad, async (request) => {
    const admin = await loader(request);
    const options = loadOptionsOf(request, 'sql', request.query);
    const source = await sqlSourceExtract(db, request.params.localConnectionId);
    await refuseWhileRunning(db);
    const runOptions = { ...options, fileName: source.connectionName };
    const runId = await createLoadRun(db, runOptions);
    return startLoad(request, admin, runId, runOptions, source.read);
  });

  serve(app, adminModelQueryList, async (request) => {
    await loader(request);
    return (await db.query<ModelQueryRow>(
      `${MODEL_QUERY_SELECT} WHERE local_connection_id IN (SELECT local_connection_id FROM erp.local_connection WHERE erp_master_id = $1) ORDER BY local_connection_id, table_name`,
      [request.params.erpMasterId],
    )).rows;
  });

  serve(app, adminModelQueryGet, async (request) => {
    await loader(request);
    return findModelQuery(db, request.params.modelQueryId);
  });

  serve(app, adminModelQueryPost, async (request) => {
    await loader(request);
    const { localConnectionId, tableName, queryText } = request.body;
    requireTable(tableName);
    await findConnection(db, localConnectionId);
    const { rows } = await db
      .query<{ id: number }>('INSERT INTO erp.model_query (local_connection_id, table_name, query_text) VALUES ($1, $2, $3) RETURNING model_query_id AS id', [localConnectionId, tableName, queryText])
      .catch((error: unknown) => duplicateTable(error, tableName));
    return findModelQuery(db, rows[0]!.id);
  });

  serve(app, adminModelQueryPut, async (request) => {
    await loader(request);
    const query = await findModelQuery(db, request.params.modelQueryId);
    requireTable(request.body.tableName);
    await db
      .query('UPDATE erp.model_query SET table_name = $2, query_text = $3, is_valid = NULL, validation_message = NULL, updated_at = now() WHERE model_query_id = $1',
        [query.modelQueryId, request.body.tableName, request.body.queryText])
      .catch((error: unknown) => duplicateTable(error, request.body.tableName));
    return findModelQuery(db, query.modelQueryId);
  });

  serve(app, adminModelQueryDelete, async (request, reply) => {
    await loader(request);
    const query = await findModelQuery(db, request.params.modelQueryId);
    await db.query('DELETE FROM erp.model_query WHERE model_query_id = $1', [query.modelQueryId]);
    return reply.status(204).send();
  });

  serve(app, modelValidate, async (request) => {
    await loader(request);
    const query = await findModelQuery(db, request.params.modelMasterId);
    const result = await validateModelQuery(await connectionOf(db, query.localConnectionId), query.tableName, query.queryText);
    await db.query('UPDATE erp.model_query SET is_valid = $2, validation_message = $3 WHERE model_query_id = $1', [query.modelQueryId, result.valid, result.message]);
    return result;
  });
}
