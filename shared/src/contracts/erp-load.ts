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
const TableName = Type.String({ pattern: '^[a-z_]{1,40}$', description: 'An ERP table of the layouts, such as customer or invoice_line' });

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
  /** While running on the gateway that answers: the step and its progress. */
  progress: Type.Union([ErpLoadProgress, Type.Null()]),
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
  summary: `Starts a load of an extract (multipart, field file; at most ${ERP_EXTRACT_MAX_BYTES / 1024 / 1024} MB: a ZIP of <table>.csv or <table>.xlsx files, <table>.delete.csv for deletes, or one XLSX workbook with a sheet per table). Query loadValidRows (load the rows that pass when others do not; default stop) and fullRefresh (tables, comma-separated, whose rows not in the extract are removed). Answers the run; follow it with ErpLoad/{runId}`,
  querystring: Type.Object({
    loadValidRows: Type.Optional(Type.Boolean()),
    fullRefresh: Type.Optional(Type.String({ pattern: '^[a-z_,]{0,1000}$', description: 'Tables replaced whole, comma-separated' })),
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
  summary: 'One load: its status, progress while it runs, counts and its validation report (the first 1000 problems)',
  params: Type.Object({ runId: RowId }),
  response: { 200: Type.Object({ run: ErpLoadRun, problems: Type.Array(ErpLoadProblem) }), ...errors },
});

export const erpLoadCancel = defineContract({
  method: 'POST',
  path: '/ErpLoad/Cancel/{runId}',
  ...admin,
  summary: 'Cancels a running load: it rolls back and the previous data stays; a load that has finished is a 409',
  params: Type.Object({ runId: RowId }),
  response: { 204: NoContent, ...errors, 409: ErrorBody },
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
