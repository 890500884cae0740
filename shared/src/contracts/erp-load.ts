/**
 * ERP data in (issue 29; docs/erp-import.md): the published file layouts and their templates,
 * loads of an extract uploaded on the Data screen (a ZIP of CSV or XLSX files, one per table),
 * their progress and validation report, and when the data was last updated. Loading needs the
 * administrator's `erp.load` right (docs/decisions.md "ERP data in").
 */
import { Type } from 'typebox';
import { ErrorBody, NoContent, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { FileBytes } from './documents.ts';

const admin = { service: 'admin', access: 'session' } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The most an uploaded extract may be. */
export const ERP_EXTRACT_MAX_BYTES = 200 * 1024 * 1024;
/** Tables a load replaces whole, comma-separated. */
const FullRefresh = Type.String({ maxLength: 1000, pattern: '^[a-z_,]{0,1000}$', description: 'Tables replaced whole, comma-separated' });
const TableName = Type.String({ maxLength: 40, pattern: '^[a-z_]{1,40}$', description: 'An ERP table of the layouts, such as customer or invoice_line' });

export const ERP_LOAD_STATUSES = ['running', 'loaded', 'rejected', 'failed', 'cancelled'] as const;
export const ERP_LOAD_STEPS = ['read', 'validate', 'load', 'rollups', 'analyze'] as const;

export const ErpLayoutColumn = Type.Object({
  name: Type.String(),
  type: Type.String({ description: 'text, int, bigint, numeric, float8, date (yyyy-mm-dd) or bool' }),
  required: Type.Boolean(),
  key: Type.Boolean(),
});
export const ErpLayout = Type.Object({
  table: Type.String(),
  title: Type.String(),
  version: Type.Integer(),
  fileName: Type.String(),
  key: Type.Array(Type.String()),
  columns: Type.Array(ErpLayoutColumn),
});

export const ErpLoadProblem = Type.Object({
  file: Type.String(),
  row: Type.Integer({ description: "The file's row (1 is its header; 0 the file as a whole)" }),
  column: Type.Union([Type.String(), Type.Null()]),
  value: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  message: Type.String(),
});

export const ErpLoadProgress = Type.Object({
  step: Type.String(),
  label: Type.String(),
  done: Type.Number(),
  total: Type.Number(),
  elapsedMs: Type.Number(),
  estimateMs: Type.Union([Type.Number(), Type.Null()]),
});

export const ErpLoadRun = Type.Object({
  runId: Type.Integer(),
  source: Type.String(),
  fileName: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  startedBy: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  loadValidRows: Type.Boolean(),
  fullRefresh: Type.Array(Type.String()),
  rowsRead: Type.Integer(),
  rowsRejected: Type.Integer(),
  tableRows: Type.Record(Type.String(), Type.Object({ written: Type.Integer(), deleted: Type.Integer() })),
  problemCount: Type.Integer(),
  loadId: Type.Union([Type.Integer(), Type.Null()]),
  /** The file source whose mapping the upload used, if any. */
  fileSourceId: Type.Union([Type.Integer(), Type.Null()]),
  /** While running on the gateway that answers: the step and its progress. */
  progress: Type.Union([ErpLoadProgress, Type.Null()]),
});

/** What a load read of one file, once mapped: the mapping editor's material. */
export const ErpLoadFile = Type.Object({
  fileName: Type.String(),
  /** The table the file's name (or its source's mapping) names; known says whether the layouts have it. */
  table: Type.String(),
  known: Type.Boolean(),
  kind: Type.String({ description: 'rows or delete' }),
  /** The table's columns the file gives (its own or mapped headers). */
  columns: Type.Array(Type.String()),
  /** Headers that are neither a column of the table nor mapped to one. */
  unmatched: Type.Array(Type.String()),
  /** Required columns of the table that no header (mapped or not) gives. */
  missing: Type.Array(Type.String()),
});

export const erpLoadLayoutList = defineContract({
  method: 'GET',
  path: '/ErpLoad/Layout/List',
  ...admin,
  summary: 'The published file layouts: per ERP table its file name, business key and columns (name, type, required), with the layout version',
  response: { 200: Type.Object({ version: Type.Integer(), layouts: Type.Array(ErpLayout) }), 401: ErrorBody, 403: ErrorBody },
});

export const erpLoadTemplate = defineContract({
  method: 'GET',
  path: '/ErpLoad/Template/{table}',
  ...admin,
  summary: "A table's template: a CSV file holding its layout's header line",
  params: Type.Object({ table: TableName }),
  response: { 200: FileBytes, ...errors },
});

export const erpLoadExample = defineContract({
  method: 'GET',
  path: '/ErpLoad/Example',
  ...admin,
  summary: 'The documented example extract: a ZIP of CSV files in the layouts (company EX with its customers, items and invoices)',
  response: { 200: FileBytes, 401: ErrorBody, 403: ErrorBody },
});

export const erpLoadUpload = defineContract({
  method: 'POST',
  path: '/ErpLoad/Upload',
  ...admin,
  summary: `Starts a load of an extract (multipart, field file; at most ${ERP_EXTRACT_MAX_BYTES / 1024 / 1024} MB: a ZIP of <table>.csv or <table>.xlsx files, <table>.delete.csv for deletes, or one XLSX workbook with a sheet per table). Query loadValidRows (load the rows that pass when others do not; default stop), fullRefresh (tables, comma-separated, whose rows not in the extract are removed) and fileSourceId (a file source of the organization whose file names and headers are mapped to the layouts as the extract is read). Answers the run; follow it with ErpLoad/{runId}`,
  querystring: Type.Object({
    loadValidRows: Type.Optional(Type.Boolean()),
    fullRefresh: Type.Optional(FullRefresh),
    fileSourceId: Type.Optional(RowId),
  }),
  response: { 200: ErpLoadRun, ...errors, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody },
});

export const erpLoadList = defineContract({
  method: 'GET',
  path: '/ErpLoad/List',
  ...admin,
  summary: 'The latest 50 loads, newest first',
  response: { 200: Type.Array(ErpLoadRun), 401: ErrorBody, 403: ErrorBody },
});

export const erpLoadGet = defineContract({
  method: 'GET',
  path: '/ErpLoad/{runId}',
  ...admin,
  summary: 'One load: its status, progress while it runs, counts, its validation report (the first 1000 problems) and per file what was read (table, unmatched headers, missing columns)',
  params: Type.Object({ runId: RowId }),
  response: { 200: Type.Object({ run: ErpLoadRun, problems: Type.Array(ErpLoadProblem), files: Type.Array(ErpLoadFile) }), ...errors },
});

export const erpLoadCancel = defineContract({
  method: 'POST',
  path: '/ErpLoad/Cancel/{runId}',
  ...admin,
  summary: 'Cancels a running load: it rolls back and the previous data stays; a load that has finished is a 409',
  params: Type.Object({ runId: RowId }),
  response: { 204: NoContent, ...errors, 409: ErrorBody },
});

// ------------------------------------------------------------------------------ File sources
// A named source of uploaded extracts kept per organization (docs/decisions.md "ERP data in"):
// per layout table, its file's name when not the table's and its headers mapped to our columns.
const ColumnName = Type.String({ maxLength: 63, pattern: '^[a-z_][a-z0-9_]{0,62}$', description: 'A column of the layout' });
export const FileSourceColumn = Type.Object({
  header: Type.String({ minLength: 1, maxLength: 200, description: "The source's header (matched without regard to case)" }),
  /** null: the source's column is left out of the load (not reported). */
  column: Type.Union([ColumnName, Type.Null()]),
});
export const FileSourceTable = Type.Object({
  table: TableName,
  /** The source's file (or sheet) for the table when not named after it, such as CUSTMAST.csv. */
  fileName: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
  columns: Type.Array(FileSourceColumn, { maxItems: 300 }),
});
const FileSourceFields = {
  sourceName: Type.String({ minLength: 1, maxLength: 100 }),
  tables: Type.Array(FileSourceTable, { maxItems: 100 }),
};
export const FileSource = Type.Object({
  fileSourceId: Type.Integer(),
  sourceName: Type.String(),
  tables: Type.Array(Type.Object({ table: Type.String(), fileName: Type.Union([Type.String(), Type.Null()]), columns: Type.Array(Type.Object({ header: Type.String(), column: Type.Union([Type.String(), Type.Null()]) })) })),
  updatedAt: Type.String(),
});
const FileSourceId = Type.Object({ fileSourceId: RowId });

export const erpLoadFileSourceList = defineContract({
  method: 'GET', path: '/ErpLoad/FileSource/List', ...admin,
  summary: "The organization's file sources with their mappings, by name",
  response: { 200: Type.Array(FileSource), 401: ErrorBody, 403: ErrorBody },
});
export const erpLoadFileSourceGet = defineContract({
  method: 'GET', path: '/ErpLoad/FileSource/{fileSourceId}', ...admin,
  summary: "One file source of the organization (another organization's is a 404)", params: FileSourceId,
  response: { 200: FileSource, ...errors },
});
export const erpLoadFileSourcePost = defineContract({
  method: 'POST', path: '/ErpLoad/FileSource', ...admin,
  summary: 'A new file source: per layout table its file name (when not the table\'s) and its headers mapped to the layout\'s columns (or to null: left out); a name the organization uses already is a 409',
  body: Type.Object(FileSourceFields),
  response: { 200: FileSource, ...errors, 409: ErrorBody },
});
export const erpLoadFileSourcePut = defineContract({
  method: 'PUT', path: '/ErpLoad/FileSource/{fileSourceId}', ...admin,
  summary: "Changes a file source: its name and its whole mapping (the tables sent replace the stored ones)", params: FileSourceId,
  body: Type.Object(FileSourceFields),
  response: { 200: FileSource, ...errors, 409: ErrorBody },
});
export const erpLoadFileSourceDelete = defineContract({
  method: 'DELETE', path: '/ErpLoad/FileSource/{fileSourceId}', ...admin,
  summary: 'Removes a file source (loads made with it stay)', params: FileSourceId,
  response: { 204: NoContent, ...errors },
});

export const systemLastUpdatedDate = defineContract({
  method: 'GET',
  path: '/System/LastUpdatedDate',
  service: 'system',
  access: 'session',
  summary: 'When the ERP data was last loaded, the last day it holds, and the load',
  response: {
    200: Type.Object({
      lastUpdatedDate: Type.Union([Type.String(), Type.Null()]),
      dataThrough: Type.Union([Type.String(), Type.Null()]),
      loadId: Type.Union([Type.Integer(), Type.Null()]),
      source: Type.Union([Type.String(), Type.Null()]),
    }),
    401: ErrorBody,
  },
});

// ------------------------------------------------------------------------------ SQL sources
// A connection to the distributor's own ERP database and, per ERP table, a model query into the
// layout (seed 001 §7.1 ModelQuery, §7.4 ConnectionLocal). Test, Load and Model/Validate's
// meaning are ours (docs/decisions.md "ERP data in").
export const LOCAL_CONNECT_TYPES = [
  { localConnectTypeId: 1, name: 'PostgreSQL', defaultPort: 5432 },
  { localConnectTypeId: 2, name: 'MySQL / MariaDB', defaultPort: 3306 },
] as const;
const ConnectTypeId = Type.Integer({ minimum: 1, maximum: 2, description: '1 PostgreSQL, 2 MySQL / MariaDB' });
const Host = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9._:-]+$' });
const ConnectionFields = {
  connectionName: Type.String({ minLength: 1, maxLength: 100 }),
  localConnectTypeId: ConnectTypeId,
  host: Host,
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  databaseName: Type.String({ minLength: 1, maxLength: 128 }),
  userName: Type.String({ minLength: 1, maxLength: 128 }),
  /** The time of day (UTC, HH:MM) the source loads every day; null or absent: only when started. */
  loadDailyAt: Type.Optional(Type.Union([Type.String({ maxLength: 5, pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, UTC' }), Type.Null()])),
};
export const LocalConnection = Type.Object({
  localConnectionId: Type.Integer(),
  erpMasterId: Type.Integer(),
  ...ConnectionFields,
  localConnectTypeId: Type.Integer(),
  host: Type.String(),
  loadDailyAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});
const ConnectionId = Type.Object({ localConnectionId: RowId });
const QueryText = Type.String({ minLength: 1, maxLength: 20000 });

export const connectionLocalTypeList = defineContract({
  method: 'GET', path: '/ConnectionLocal/Type/List', ...admin,
  summary: 'The kinds of database a SQL source may be',
  response: { 200: Type.Array(Type.Object({ localConnectTypeId: Type.Integer(), name: Type.String(), defaultPort: Type.Integer() })), 401: ErrorBody, 403: ErrorBody },
});
export const connectionLocalList = defineContract({
  method: 'GET', path: '/ConnectionLocal/List/{locationConnectionType}', ...admin,
  summary: 'The SQL source connections of one kind (1 PostgreSQL, 2 MySQL / MariaDB); never their passwords',
  params: Type.Object({ locationConnectionType: ConnectTypeId }),
  response: { 200: Type.Array(LocalConnection), ...errors },
});
export const connectionLocalPost = defineContract({
  method: 'POST', path: '/ConnectionLocal', ...admin,
  summary: 'A new SQL source connection (the password is stored encrypted)',
  body: Type.Object({ ...ConnectionFields, password: Type.String({ maxLength: 500 }) }),
  response: { 200: LocalConnection, ...errors },
});
export const connectionLocalGet = defineContract({
  method: 'GET', path: '/ConnectionLocal/{localConnectionId}', ...admin,
  summary: 'One SQL source connection, without its password', params: ConnectionId,
  response: { 200: LocalConnection, ...errors },
});
export const connectionLocalPut = defineContract({
  method: 'PUT', path: '/ConnectionLocal/{localConnectionId}', ...admin,
  summary: 'Changes a SQL source connection; without password (or loadDailyAt) the stored one stays', params: ConnectionId,
  body: Type.Object({ ...ConnectionFields, password: Type.Optional(Type.String({ maxLength: 500 })) }),
  response: { 200: LocalConnection, ...errors },
});
export const connectionLocalDelete = defineContract({
  method: 'DELETE', path: '/ConnectionLocal/{localConnectionId}', ...admin,
  summary: 'Removes a SQL source connection and its model queries', params: ConnectionId,
  response: { 204: NoContent, ...errors },
});
export const connectionLocalTest = defineContract({
  method: 'POST', path: '/ConnectionLocal/Test/{localConnectionId}', ...admin,
  summary: 'Test connection: connects to the source and answers whether it could, with the server version or the error', params: ConnectionId,
  response: { 200: Type.Object({ ok: Type.Boolean(), message: Type.String() }), ...errors },
});
export const connectionLocalLoad = defineContract({
  method: 'POST', path: '/ConnectionLocal/Load/{localConnectionId}', ...admin,
  summary: "Starts a load from the source: each of its model queries fills its table. Query loadValidRows and fullRefresh as ErpLoad/Upload's; follow the run with ErpLoad/{runId}",
  params: ConnectionId,
  querystring: Type.Object({
    loadValidRows: Type.Optional(Type.Boolean()),
    fullRefresh: Type.Optional(FullRefresh),
  }),
  response: { 200: ErpLoadRun, ...errors, 409: ErrorBody },
});

export const ModelQuery = Type.Object({
  modelQueryId: Type.Integer(),
  localConnectionId: Type.Integer(),
  tableName: Type.String(),
  queryText: Type.String(),
  isValid: Type.Union([Type.Boolean(), Type.Null()]),
  validationMessage: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});
const ModelQueryId = Type.Object({ modelQueryId: RowId });
const ModelQueryFields = { localConnectionId: RowId, tableName: TableName, queryText: QueryText };

export const adminModelQueryPost = defineContract({
  method: 'POST', path: '/Admin/ModelQuery', ...admin,
  summary: "A source's model query for one ERP table: a SELECT on the source whose columns are the table's layout (one per table and source)",
  body: Type.Object(ModelQueryFields),
  response: { 200: ModelQuery, ...errors, 409: ErrorBody },
});
export const adminModelQueryGet = defineContract({
  method: 'GET', path: '/Admin/ModelQuery/{modelQueryId}', ...admin,
  summary: 'One model query', params: ModelQueryId,
  response: { 200: ModelQuery, ...errors },
});
export const adminModelQueryPut = defineContract({
  method: 'PUT', path: '/Admin/ModelQuery/{modelQueryId}', ...admin,
  summary: 'Changes a model query (it must be validated again)', params: ModelQueryId,
  body: Type.Object({ tableName: TableName, queryText: QueryText }),
  response: { 200: ModelQuery, ...errors, 409: ErrorBody },
});
export const adminModelQueryDelete = defineContract({
  method: 'DELETE', path: '/Admin/ModelQuery/{modelQueryId}', ...admin,
  summary: 'Removes a model query', params: ModelQueryId,
  response: { 204: NoContent, ...errors },
});
export const adminModelQueryList = defineContract({
  method: 'GET', path: '/Admin/ModelQuery/List/{erpMasterId}', ...admin,
  summary: "The model queries of the ERP definition's sources",
  params: Type.Object({ erpMasterId: RowId }),
  response: { 200: Type.Array(ModelQuery), ...errors },
});
export const modelValidate = defineContract({
  method: 'POST', path: '/Model/Validate/{modelMasterId}', ...admin,
  summary: "Model/Validate: runs the model query modelMasterId on its source for its columns (no rows) and holds them against its table's layout; records the outcome",
  params: Type.Object({ modelMasterId: RowId }),
  response: {
    200: Type.Object({ valid: Type.Boolean(), message: Type.String(), columns: Type.Array(Type.String()), missing: Type.Array(Type.String()), unknown: Type.Array(Type.String()) }),
    ...errors,
  },
});
