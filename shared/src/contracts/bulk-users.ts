/**
 * Bulk user import (issue 25, seed 001 §7.3): an administrator uploads a spreadsheet of users
 * (the template's columns), reviews each row's problems, edits or removes rows and their report
 * filters, then Process makes every valid row a user in one transaction.
 */
import { Type } from 'typebox';
import { Choice } from './choices.ts';
import { defineContract } from './contract.ts';
import { ErrorBody, Int4, NoContent, PageNumber, RowId } from './common.ts';
import { FileBytes } from './documents.ts';

const admin = { service: 'admin', access: 'session' } as const;
const Errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The most rows a batch holds. */
export const BULK_USER_MAX_ROWS = 5000;
/** The most a batch's spreadsheet may be. */
export const BULK_USER_MAX_BYTES = 5 * 1024 * 1024;
/** The template's columns, in order (Sales Rep may stay empty). */
export const BULK_USER_COLUMNS = ['Email', 'Full Name', 'Role', 'Sales Rep'] as const;

const Cell = (maxLength: number) => Type.String({ maxLength });
export const BULK_USER_STATUSES = ['Uploaded', 'Processed'] as const;

export const BulkUserBatchRow = Type.Object({
  batchId: Type.Integer(),
  fileName: Type.String(),
  status: Choice(BULK_USER_STATUSES, 'Uploaded: open for review; Processed: its valid rows became users'),
  uploadedBy: Type.String(),
  uploadedAt: Type.String(),
  processedAt: Type.Union([Type.String(), Type.Null()]),
  rowCount: Type.Integer(),
  validCount: Type.Integer(),
  invalidCount: Type.Integer(),
  createdCount: Type.Integer(),
});
export const BulkUserDetailRow = Type.Object({
  id: Type.Integer(),
  batchId: Type.Integer(),
  rowNumber: Type.Integer({ description: 'The row of the spreadsheet (0 for a row added on the screen)' }),
  email: Type.String(),
  fullName: Type.String(),
  roleName: Type.String(),
  salesRep: Type.String(),
  problems: Type.Array(Type.String(), { description: 'Why the row cannot become a user; empty when it can' }),
  isValid: Type.Boolean(),
  userMasterId: Type.Union([Type.Integer(), Type.Null()], { description: 'The user the row became, once processed' }),
  filterCount: Type.Integer(),
});
const DetailBody = {
  email: Cell(254),
  fullName: Cell(100),
  roleName: Cell(100),
  salesRep: Type.Optional(Cell(20)),
};
export const BulkUserFilterRow = Type.Object({
  id: Type.Integer(),
  detailId: Type.Integer(),
  filterType: Type.String(),
  columnName: Type.String(),
  values: Type.Array(Type.String()),
});
const FilterValues = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 });
const BatchParams = Type.Object({ batchId: RowId });
const IdParams = Type.Object({ id: RowId });

export const bulkUserBatchList = defineContract({
  method: 'GET', path: '/BulkUserBatch/List', ...admin,
  summary: "The organization's user batches, newest first, with their row counts",
  response: { 200: Type.Array(BulkUserBatchRow), 403: ErrorBody },
});
export const bulkUserBatchCurrent = defineContract({
  method: 'GET', path: '/BulkUserBatch/Current', ...admin,
  summary: 'The newest batch still open for review, or null',
  response: { 200: Type.Union([BulkUserBatchRow, Type.Null()]), 403: ErrorBody },
});
export const bulkUserBatchGet = defineContract({
  method: 'GET', path: '/BulkUserBatch/{batchId}', ...admin,
  summary: 'One batch of the organization with its row counts', params: BatchParams,
  response: { 200: BulkUserBatchRow, ...Errors },
});
export const bulkUserBatchDelete = defineContract({
  method: 'DELETE', path: '/BulkUserBatch/{batchId}', ...admin,
  summary: 'Discards a batch not yet processed, with its rows and filters', params: BatchParams,
  response: { 204: NoContent, 409: ErrorBody, ...Errors },
});
export const bulkUserBatchUpload = defineContract({
  method: 'POST', path: '/BulkUserBatch', ...admin,
  summary: `A new batch from a spreadsheet (multipart, field file; XLSX or CSV of at most ${BULK_USER_MAX_BYTES / 1024 / 1024} MB and ${BULK_USER_MAX_ROWS} rows, the template's columns: ${BULK_USER_COLUMNS.join(', ')})`,
  response: { 200: BulkUserBatchRow, 413: ErrorBody, 415: ErrorBody, ...Errors },
});
export const bulkUserBatchProcess = defineContract({
  method: 'POST', path: '/BulkUserBatch/Process/{batchId}', ...admin,
  summary: "Makes every valid row of the batch a user, in one transaction (nothing is added when one fails or the user limit would pass); sendAccessEmail (default true) e-mails each new user",
  params: BatchParams,
  body: Type.Optional(Type.Object({ sendAccessEmail: Type.Optional(Type.Boolean()) })),
  response: { 200: BulkUserBatchRow, 409: ErrorBody, ...Errors },
});
export const bulkUserBatchTemplate = defineContract({
  method: 'POST', path: '/BulkUserBatch/Template', ...admin,
  summary: "The batch spreadsheet template (XLSX): the columns in order, an example row, and the organization's roles",
  response: { 200: FileBytes, 403: ErrorBody },
});
export const bulkUserDetailList = defineContract({
  method: 'POST', path: '/BulkUserBatch/Detail/List/{batchId}/{isValidFilter}', ...admin,
  summary: "A batch's rows in spreadsheet order with each row's problems; isValidFilter all, true (valid rows) or false (rows with problems)",
  params: Type.Object({ batchId: RowId, isValidFilter: Choice(['all', 'true', 'false'] as const, 'Which rows: all, the valid ones (true) or those with problems (false)') }),
  body: Type.Optional(Type.Object({ pageNumber: Type.Optional(PageNumber), pageSize: Type.Optional(Int4({ minimum: 1, maximum: 500 })) })),
  response: { 200: Type.Object({ rows: Type.Array(BulkUserDetailRow), totalCount: Type.Integer() }), ...Errors },
});
export const bulkUserDetailAdd = defineContract({
  method: 'POST', path: '/BulkUserBatch/Detail', ...admin,
  summary: 'Adds a row to a batch not yet processed',
  body: Type.Object({ batchId: RowId, ...DetailBody }),
  response: { 200: BulkUserDetailRow, 409: ErrorBody, ...Errors },
});
export const bulkUserDetailValidateEmailIsUnique = defineContract({
  method: 'POST', path: '/BulkUserBatch/Detail/ValidateEmailIsUnique', ...admin,
  summary: 'Whether an e-mail is free: no user has it and no other row of the batch (detailId: the row being edited)',
  body: Type.Object({ email: Cell(254), batchId: Type.Optional(RowId), detailId: Type.Optional(RowId) }),
  response: { 200: Type.Object({ isUnique: Type.Boolean(), reason: Type.Union([Type.String(), Type.Null()]) }), ...Errors },
});
export const bulkUserDetailUpdate = defineContract({
  method: 'PUT', path: '/BulkUserBatch/Detail/{id}', ...admin,
  summary: 'Edits a row of a batch not yet processed (its problems are checked again)', params: IdParams,
  body: Type.Object(DetailBody),
  response: { 200: BulkUserDetailRow, 409: ErrorBody, ...Errors },
});
export const bulkUserDetailDelete = defineContract({
  method: 'DELETE', path: '/BulkUserBatch/Detail/{id}', ...admin,
  summary: 'Removes a row (and its filters) from a batch not yet processed', params: IdParams,
  response: { 204: NoContent, 409: ErrorBody, ...Errors },
});
export const bulkUserFilterList = defineContract({
  method: 'GET', path: '/BulkUserBatch/Filter/List/{detailId}/{filterType}', ...admin,
  summary: "A row's report filters of one type (Customer or Item): the new user will be limited to these values",
  params: Type.Object({ detailId: RowId, filterType: Type.String({ minLength: 1, maxLength: 50 }) }),
  response: { 200: Type.Array(BulkUserFilterRow), ...Errors },
});
export const bulkUserFilterAdd = defineContract({
  method: 'POST', path: '/BulkUserBatch/Filter', ...admin,
  summary: 'Gives a row a report filter (an active UserReportFilterColumnMaster column and its values)',
  body: Type.Object({ detailId: RowId, filterType: Type.String({ minLength: 1, maxLength: 50 }), columnName: Type.String({ minLength: 1, maxLength: 100 }), values: FilterValues }),
  response: { 200: BulkUserFilterRow, 409: ErrorBody, ...Errors },
});
export const bulkUserFilterUpdate = defineContract({
  method: 'POST', path: '/BulkUserBatch/Filter/Update', ...admin,
  summary: "Replaces a row's report filter values",
  body: Type.Object({ id: RowId, values: FilterValues }),
  response: { 200: BulkUserFilterRow, 409: ErrorBody, ...Errors },
});
export const bulkUserFilterDelete = defineContract({
  method: 'DELETE', path: '/BulkUserBatch/Filter/{id}', ...admin,
  summary: "Removes a row's report filter", params: IdParams,
  response: { 204: NoContent, 409: ErrorBody, ...Errors },
});
