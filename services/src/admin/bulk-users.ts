/**
 * Bulk user import (issue 25, seed 001 §7.3; docs/decisions.md "Administration: bulk user import").
 * The spreadsheet comes through the one upload path and is read with exceljs; its rows wait in
 * app.bulk_user_batch_detail, where each row's problems are computed when read (so an edit, a
 * removed duplicate or a user added meanwhile shows at once). Process makes every valid row a
 * user, with its report filters, in one transaction.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { BULK_USER_COLUMNS, BULK_USER_MAX_ROWS } from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import type { Admin } from './rights.ts';

export type BatchRowValue = {
  batchId: number;
  fileName: string;
  status: 'Uploaded' | 'Processed';
  uploadedBy: string;
  uploadedAt: string;
  processedAt: string | null;
  rowCount: number;
  validCount: number;
  invalidCount: number;
  createdCount: number;
};
export type DetailRowValue = {
  id: number;
  batchId: number;
  rowNumber: number;
  email: string;
  fullName: string;
  roleName: string;
  salesRep: string;
  problems: string[];
  isValid: boolean;
  userMasterId: number | null;
  filterCount: number;
};
export type DetailInput = { email: string; fullName: string; roleName: string; salesRep?: string };

/** The e-mail shape a batch row must have (the same as the New User dialog's). */
const EMAIL_PATTERN = `^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$`;

/**
 * The rows of batches `$1` (ids) of organization `$2` with their problems, for an administrator of
 * rank `$3`: the role is resolved among the organization's roles (built-in or its own).
 */
const CHECKED_DETAILS = `
  checked AS (
    SELECT d.*, r.role_master_id,
           array_remove(ARRAY[
             CASE WHEN trim(d.email) = '' THEN 'Enter an e-mail.'
                  WHEN trim(d.email) !~ '${EMAIL_PATTERN}' THEN 'The e-mail is not valid.' END,
             CASE WHEN trim(d.email) <> '' AND count(*) OVER (PARTITION BY d.batch_id, lower(trim(d.email))) > 1 THEN 'The e-mail is in the file more than once.' END,
             CASE WHEN EXISTS (SELECT 1 FROM app.user_master u WHERE lower(u.email) = lower(trim(d.email))) THEN 'A user with this e-mail already exists.' END,
             CASE WHEN trim(d.full_name) = '' THEN 'Enter a full name.' END,
             CASE WHEN r.role_master_id IS NULL THEN CASE WHEN trim(d.role_name) = '' THEN 'Enter a role.' ELSE 'Unknown role ' || d.role_name || '.' END
                  WHEN coalesce(k.rank, 9) < $3 THEN 'The role ' || r.role_name || ' has more rights than yours.' END
           ], NULL) AS problems
      FROM app.bulk_user_batch_detail d
      JOIN app.bulk_user_batch b ON b.batch_id = d.batch_id AND b.customer_master_id = $2
      LEFT JOIN LATERAL (
        SELECT role_master_id, role_name, owner_customer_master_id FROM app.role_master
         WHERE lower(role_name) = lower(trim(d.role_name)) AND (owner_customer_master_id IS NULL OR owner_customer_master_id = $2)
         ORDER BY owner_customer_master_id NULLS LAST LIMIT 1) r ON true
      LEFT JOIN app.admin_rank k ON k.role_name = r.role_name AND r.owner_customer_master_id IS NULL
     WHERE d.batch_id = ANY ($1::int[]) AND d.user_master_id IS NULL)`;

const BATCH_SELECT = `
  WITH ${CHECKED_DETAILS}
  SELECT b.batch_id AS "batchId", b.file_name AS "fileName", b.status, coalesce(u.email, '') AS "uploadedBy",
         to_char(b.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "uploadedAt",
         to_char(b.processed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "processedAt",
         (SELECT count(*)::int FROM app.bulk_user_batch_detail d WHERE d.batch_id = b.batch_id) AS "rowCount",
         (SELECT count(*)::int FROM checked c WHERE c.batch_id = b.batch_id AND cardinality(c.problems) = 0) AS "validCount",
         (SELECT count(*)::int FROM checked c WHERE c.batch_id = b.batch_id AND cardinality(c.problems) > 0) AS "invalidCount",
         b.created_count AS "createdCount"
    FROM app.bulk_user_batch b LEFT JOIN app.user_master u ON u.user_master_id = b.uploaded_by
   WHERE b.batch_id = ANY ($1::int[]) AND b.customer_master_id = $2
   ORDER BY b.batch_id DESC`;

/** Batches of the organization by id, with their counts. */
export async function batchesById(db: Db, admin: Admin, ids: number[]): Promise<BatchRowValue[]> {
  return (await db.query<BatchRowValue>(BATCH_SELECT, [ids, admin.customerMasterId, admin.rank])).rows;
}

/** One batch of the organization, or 404 (another organization's batches do not exist here). */
export async function findBatch(db: Db, admin: Admin, batchId: number): Promise<BatchRowValue> {
  const [batch] = await batchesById(db, admin, [batchId]);
  if (!batch) throw new HttpError(404, `Batch ${batchId} does not exist.`);
  return batch;
}

/** A batch still open for review, or 409. */
export async function openBatch(db: Db, admin: Admin, batchId: number): Promise<BatchRowValue> {
  const batch = await findBatch(db, admin, batchId);
  if (batch.status !== 'Uploaded') throw new HttpError(409, `Batch ${batchId} was processed: it can no longer change.`);
  return batch;
}

/** The rows of a batch with their problems; `valid` true or false keeps only those rows. */
export async function batchDetails(db: Db, admin: Admin, batchId: number, valid: boolean | null, page: { pageNumber: number; pageSize: number }) {
  const { rows } = await db.query<DetailRowValue & { total: number }>(
    `WITH ${CHECKED_DETAILS},
     every_row AS (
       SELECT d.id, d.batch_id, d.row_number, d.email, d.full_name, d.role_name, d.sales_rep, d.user_master_id,
              coalesce(c.problems, '{}') AS problems
         FROM app.bulk_user_batch_detail d LEFT JOIN checked c ON c.id = d.id
        WHERE d.batch_id = $1[1])
     SELECT e.id, e.batch_id AS "batchId", e.row_number AS "rowNumber", e.email, e.full_name AS "fullName", e.role_name AS "roleName",
            e.sales_rep AS "salesRep", e.problems, cardinality(e.problems) = 0 AS "isValid", e.user_master_id AS "userMasterId",
            (SELECT count(*)::int FROM app.bulk_user_batch_filter f WHERE f.detail_id = e.id) AS "filterCount",
            count(*) OVER ()::int AS total
       FROM every_row e
      WHERE $4::boolean IS NULL OR (cardinality(e.problems) = 0) = $4
      ORDER BY e.row_number = 0, e.row_number, e.id
      LIMIT $5 OFFSET $6`,
    [[batchId], admin.customerMasterId, admin.rank, valid, page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
}

/** One row of an organization's batch (with its problems), or 404. */
export async function findDetail(db: Db, admin: Admin, id: number): Promise<DetailRowValue> {
  const { rows } = await db.query<{ batchId: number }>(
    `SELECT d.batch_id AS "batchId" FROM app.bulk_user_batch_detail d JOIN app.bulk_user_batch b USING (batch_id)
      WHERE d.id = $1 AND b.customer_master_id = $2`,
    [id, admin.customerMasterId],
  );
  if (!rows[0]) throw new HttpError(404, `Row ${id} does not exist.`);
  const { rows: all } = await db.query<DetailRowValue>(
    `WITH ${CHECKED_DETAILS}
     SELECT d.id, d.batch_id AS "batchId", d.row_number AS "rowNumber", d.email, d.full_name AS "fullName", d.role_name AS "roleName",
            d.sales_rep AS "salesRep", coalesce(c.problems, '{}') AS problems, cardinality(coalesce(c.problems, '{}')) = 0 AS "isValid",
            d.user_master_id AS "userMasterId", (SELECT count(*)::int FROM app.bulk_user_batch_filter f WHERE f.detail_id = d.id) AS "filterCount"
       FROM app.bulk_user_batch_detail d LEFT JOIN checked c ON c.id = d.id WHERE d.id = $4`,
    [[rows[0].batchId], admin.customerMasterId, admin.rank, id],
  );
  return all[0]!;
}

/** The cleaned cells of a row as stored. */
export function detailValues(input: DetailInput): [string, string, string, string] {
  return [input.email.trim(), input.fullName.trim(), input.roleName.trim(), input.salesRep?.trim() ?? ''];
}

const normalHeader = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The rows of an uploaded spreadsheet (XLSX: its "Users" sheet or its first; CSV), by the
 * template's column names in any order; 400 naming what is wrong with the file.
 */
export async function readBatchFile(bytes: Buffer, contentType: string): Promise<Array<DetailInput & { rowNumber: number }>> {
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (contentType === 'text/csv' || contentType === 'text/plain') {
      sheet = await workbook.csv.read(Readable.from(bytes));
    } else {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      sheet = workbook.getWorksheet('Users') ?? workbook.worksheets[0];
    }
  } catch {
    throw new HttpError(400, 'The file could not be read as a spreadsheet: save it as XLSX (or CSV) from the template.');
  }
  if (!sheet) throw new HttpError(400, 'The file has no sheet.');
  const header = (sheet.getRow(1).values as unknown[]).map((value) => normalHeader(String(value ?? '')));
  const columnOf = (name: string) => header.indexOf(normalHeader(name));
  const missing = BULK_USER_COLUMNS.filter((name) => name !== 'Sales Rep' && columnOf(name) < 0);
  if (missing.length) throw new HttpError(400, `The file's first row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: start from the template.`);
  const [email, fullName, role, salesRep] = BULK_USER_COLUMNS.map(columnOf) as [number, number, number, number];
  const rows: Array<DetailInput & { rowNumber: number }> = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cell = (column: number) => (column > 0 ? row.getCell(column).text.trim() : '');
    const values = { email: cell(email), fullName: cell(fullName), roleName: cell(role), salesRep: cell(salesRep) };
    if (Object.values(values).every((value) => value === '')) return;
    rows.push({ rowNumber, ...values });
  });
  if (!rows.length) throw new HttpError(400, 'The file has no users below its header row.');
  if (rows.length > BULK_USER_MAX_ROWS) throw new HttpError(400, `The file has ${rows.length} users: a batch takes at most ${BULK_USER_MAX_ROWS}.`);
  const tooLong = rows.find((r) => r.email.length > 254 || r.fullName.length > 100 || r.roleName.length > 100 || (r.salesRep ?? '').length > 20);
  if (tooLong) throw new HttpError(400, `Row ${tooLong.rowNumber} has a cell too long (e-mail 254, name and role 100, sales rep 20 characters).`);
  return rows;
}

/** The template: the "Users" sheet with the columns in order, an example and the organization's roles. */
export async function batchTemplate(db: Db, admin: Admin): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tradeboard';
  const columns = BULK_USER_COLUMNS.map((header) => ({ header, key: header, width: header === 'Email' ? 32 : 20 }));
  const users = workbook.addWorksheet('Users');
  users.columns = columns;
  users.getRow(1).font = { bold: true };
  const example = workbook.addWorksheet('Example');
  example.columns = columns;
  example.getRow(1).font = { bold: true };
  example.addRow({ Email: 'jane.doe@example.com', 'Full Name': 'Jane Doe', Role: 'SalesRep', 'Sales Rep': 'SR01' });
  const { rows } = await db.query<{ name: string }>(
    `SELECT r.role_name AS name FROM app.role_master r LEFT JOIN app.admin_rank k ON k.role_name = r.role_name AND r.owner_customer_master_id IS NULL
      WHERE (r.owner_customer_master_id IS NULL OR r.owner_customer_master_id = $1) AND coalesce(k.rank, 9) >= $2 ORDER BY r.role_name`,
    [admin.customerMasterId, admin.rank],
  );
  const roles = workbook.addWorksheet('Roles');
  roles.columns = [{ header: 'Role', key: 'Role', width: 28 }];
  roles.getRow(1).font = { bold: true };
  for (const row of rows) roles.addRow({ Role: row.name });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Stores an uploaded batch's rows (one statement for all) in a new batch; answers its id. */
export async function insertBatch(db: Db, admin: Admin, fileName: string, rows: Array<DetailInput & { rowNumber: number }>): Promise<number> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows: made } = await client.query<{ id: number }>(
      'INSERT INTO app.bulk_user_batch (customer_master_id, file_name, uploaded_by) VALUES ($1, $2, $3) RETURNING batch_id AS id',
      [admin.customerMasterId, fileName, admin.userMasterId],
    );
    const batchId = made[0]!.id;
    const cells = rows.map(detailValues);
    await client.query(
      `INSERT INTO app.bulk_user_batch_detail (batch_id, row_number, email, full_name, role_name, sales_rep)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [batchId, rows.map((r) => r.rowNumber), ...[0, 1, 2, 3].map((i) => cells.map((c) => c[i]))],
    );
    await client.query('COMMIT');
    return batchId;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Makes every valid row of the batch a user of the organization, copies its report filters and
 * marks the batch processed, all in one transaction; answers the new users.
 */
export async function processBatch(db: Db, admin: Admin, batchId: number): Promise<Array<{ userMasterId: number; email: string; fullName: string }>> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows: locked } = await client.query<{ status: string }>('SELECT status FROM app.bulk_user_batch WHERE batch_id = $1 FOR UPDATE', [batchId]);
    if (locked[0]?.status !== 'Uploaded') throw new HttpError(409, `Batch ${batchId} was processed: it can no longer change.`);
    const { rows: made } = await client.query<{ userMasterId: number; email: string; fullName: string; detailId: number }>(
      `WITH ${CHECKED_DETAILS},
       valid AS (SELECT * FROM checked WHERE cardinality(problems) = 0),
       added AS (
         INSERT INTO app.user_master (email, full_name, password_hash, login_type, role_master_id, customer_master_id, sales_rep, must_set_password)
         SELECT trim(email), trim(full_name), NULL, 'PASSWORD', role_master_id, $2, nullif(trim(sales_rep), ''), true FROM valid
         RETURNING user_master_id, email, full_name)
       SELECT a.user_master_id AS "userMasterId", a.email, a.full_name AS "fullName", v.id AS "detailId"
         FROM added a JOIN valid v ON lower(trim(v.email)) = lower(a.email)`,
      [[batchId], admin.customerMasterId, admin.rank],
    );
    await client.query(
      `UPDATE app.bulk_user_batch_detail d SET user_master_id = m.user_id FROM unnest($1::int[], $2::int[]) AS m(detail_id, user_id) WHERE d.id = m.detail_id`,
      [made.map((m) => m.detailId), made.map((m) => m.userMasterId)],
    );
    await client.query(
      `INSERT INTO app.user_filter (user_master_id, filter_type, column_name, filter_values)
       SELECT d.user_master_id, f.filter_type, f.column_name, f.filter_values
         FROM app.bulk_user_batch_filter f JOIN app.bulk_user_batch_detail d ON d.id = f.detail_id
        WHERE d.batch_id = $1 AND d.user_master_id IS NOT NULL`,
      [batchId],
    );
    await client.query(`UPDATE app.bulk_user_batch SET status = 'Processed', processed_at = now(), created_count = $2 WHERE batch_id = $1`, [batchId, made.length]);
    await client.query('COMMIT');
    return made.map(({ detailId: _detailId, ...user }) => user);
  } catch (error) {
    await client.query('ROLLBACK');
    if (isUniqueViolation(error)) throw new HttpError(409, 'A user with one of the e-mails was added meanwhile: review the batch again.');
    throw error;
  } finally {
    client.release();
  }
}

/** Whether an e-mail is free for a row: no user has it, and no other row of the batch. */
export async function emailProblem(db: Db, admin: Admin, email: string, batchId: number | undefined, detailId: number | undefined): Promise<string | null> {
  const trimmed = email.trim();
  if (!new RegExp(EMAIL_PATTERN.replace(/\[:space:\]/g, '\\s')).test(trimmed)) return 'The e-mail is not valid.';
  const { rows: users } = await db.query('SELECT 1 FROM app.user_master WHERE lower(email) = lower($1)', [trimmed]);
  if (users[0]) return 'A user with this e-mail already exists.';
  if (batchId === undefined) return null;
  await findBatch(db, admin, batchId);
  const { rows } = await db.query('SELECT 1 FROM app.bulk_user_batch_detail WHERE batch_id = $1 AND lower(trim(email)) = lower($2) AND id <> $3', [batchId, trimmed, detailId ?? 0]);
  return rows[0] ? 'The e-mail is in the file more than once.' : null;
}
