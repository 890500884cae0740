import type { FastifyInstance } from 'fastify';
import {
  BULK_USER_MAX_BYTES,
  bulkUserBatchCurrent,
  bulkUserBatchDelete,
  bulkUserBatchGet,
  bulkUserBatchList,
  bulkUserBatchProcess,
  bulkUserBatchTemplate,
  bulkUserBatchUpload,
  bulkUserDetailAdd,
  bulkUserDetailDelete,
  bulkUserDetailList,
  bulkUserDetailUpdate,
  bulkUserDetailValidateEmailIsUnique,
  bulkUserFilterAdd,
  bulkUserFilterDelete,
  bulkUserFilterList,
  bulkUserFilterUpdate,
} from '@tradeboard/shared/contracts';
import { receiveUpload, sendBytes, uploadRoutes, XLSX } from '../files/index.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { requireRoomForUsers, sendAccessEmail } from '../user/user-admin-routes.ts';
import { adminAudit } from './admin-area-routes.ts';
import {
  batchDetails,
  batchesById,
  batchTemplate,
  detailValues,
  emailProblem,
  findBatch,
  findDetail,
  insertBatch,
  openBatch,
  processBatch,
  readBatchFile,
} from './bulk-users.ts';
import { requireRight, type Admin } from './rights.ts';

const FILTER_SELECT = `SELECT f.id, f.detail_id AS "detailId", f.filter_type AS "filterType", f.column_name AS "columnName", f.filter_values AS values
                         FROM app.bulk_user_batch_filter f`;

export async function bulkUserRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.db;
  /** A row of one of the organization's batches still open for review (404, 409). */
  const openDetail = async (admin: Admin, id: number) => {
    const detail = await findDetail(db(), admin, id);
    await openBatch(db(), admin, detail.batchId);
    return detail;
  };
  type FilterRowValue = { id: number; detailId: number; filterType: string; columnName: string; values: string[] };
  const findFilter = async (admin: Admin, id: number): Promise<FilterRowValue> => {
    const { rows } = await db().query<FilterRowValue>(
      `${FILTER_SELECT} JOIN app.bulk_user_batch_detail d ON d.id = f.detail_id JOIN app.bulk_user_batch b ON b.batch_id = d.batch_id
        WHERE f.id = $1 AND b.customer_master_id = $2`,
      [id, admin.customerMasterId],
    );
    if (!rows[0]) throw new HttpError(404, `Filter ${id} does not exist.`);
    return rows[0];
  };
  const requireFilterColumn = async (filterType: string, columnName: string) => {
    const { rows } = await db().query('SELECT 1 FROM app.user_report_filter_column WHERE filter_type = $1 AND column_name = $2 AND is_active', [filterType, columnName]);
    if (!rows[0]) throw new HttpError(400, `${filterType} has no report filter column ${columnName}.`);
  };

  serve(app, bulkUserBatchList, async (request) => {
    const admin = await requireRight(request, 'users.read');
    const { rows } = await db().query<{ id: number }>('SELECT batch_id AS id FROM app.bulk_user_batch WHERE customer_master_id = $1 ORDER BY batch_id DESC LIMIT 100', [
      admin.customerMasterId,
    ]);
    return batchesById(db(), admin, rows.map((r) => r.id));
  });
  serve(app, bulkUserBatchCurrent, async (request) => {
    const admin = await requireRight(request, 'users.read');
    const { rows } = await db().query<{ id: number }>(
      `SELECT max(batch_id) AS id FROM app.bulk_user_batch WHERE customer_master_id = $1 AND status = 'Uploaded'`,
      [admin.customerMasterId],
    );
    return rows[0]?.id ? findBatch(db(), admin, rows[0].id) : null;
  });
  serve(app, bulkUserBatchGet, async (request) => findBatch(db(), await requireRight(request, 'users.read'), request.params.batchId));
  serve(app, bulkUserBatchDelete, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const batch = await openBatch(db(), admin, request.params.batchId);
    await db().query('DELETE FROM app.bulk_user_batch WHERE batch_id = $1', [batch.batchId]);
    await adminAudit(request, admin, 'bulk-user-batch', { action: 'discard', batchId: batch.batchId, fileName: batch.fileName });
    return reply.status(204).send();
  });
  serve(app, bulkUserBatchTemplate, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    return sendBytes(reply, await batchTemplate(db(), admin), XLSX, 'BulkUserTemplate.xlsx');
  });
  await uploadRoutes(
    app,
    (scope) => {
      serve(scope, bulkUserBatchUpload, async (request) => {
        const admin = await requireRight(request, 'users.write');
        const file = await receiveUpload(request, { what: 'a user spreadsheet (XLSX or CSV)', maxBytes: BULK_USER_MAX_BYTES, types: [XLSX, 'text/csv', 'text/plain'] });
        const rows = await readBatchFile(file.bytes, file.contentType);
        const batchId = await insertBatch(db(), admin, file.fileName || 'users.xlsx', rows);
        await adminAudit(request, admin, 'bulk-user-batch', { action: 'upload', batchId, fileName: file.fileName, rows: rows.length });
        return findBatch(db(), admin, batchId);
      });
    },
    BULK_USER_MAX_BYTES,
  );
  serve(app, bulkUserBatchProcess, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const batch = await openBatch(db(), admin, request.params.batchId);
    if (!batch.validCount) throw new HttpError(400, 'No row of the batch can become a user: fix the rows with problems first.');
    await requireRoomForUsers(request, admin, batch.validCount);
    const users = await processBatch(db(), admin, batch.batchId);
    await adminAudit(request, admin, 'bulk-user-batch', { action: 'process', batchId: batch.batchId, created: users.length, skipped: batch.invalidCount });
    if (request.body?.sendAccessEmail !== false) {
      for (const user of users) await sendAccessEmail(request, { ...user, loginType: 'PASSWORD' });
    }
    return findBatch(db(), admin, batch.batchId);
  });

  serve(app, bulkUserDetailList, async (request) => {
    const admin = await requireRight(request, 'users.read');
    await findBatch(db(), admin, request.params.batchId);
    const { isValidFilter } = request.params;
    return batchDetails(db(), admin, request.params.batchId, isValidFilter === 'all' ? null : isValidFilter === 'true', {
      pageNumber: request.body?.pageNumber ?? 1,
      pageSize: request.body?.pageSize ?? 50,
    });
  });
  serve(app, bulkUserDetailAdd, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const batch = await openBatch(db(), admin, request.body.batchId);
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO app.bulk_user_batch_detail (batch_id, row_number, email, full_name, role_name, sales_rep) VALUES ($1, 0, $2, $3, $4, $5) RETURNING id`,
      [batch.batchId, ...detailValues(request.body)],
    );
    return findDetail(db(), admin, rows[0]!.id);
  });
  serve(app, bulkUserDetailValidateEmailIsUnique, async (request) => {
    const admin = await requireRight(request, 'users.read');
    if (request.body.detailId !== undefined) await findDetail(db(), admin, request.body.detailId);
    const reason = await emailProblem(db(), admin, request.body.email, request.body.batchId, request.body.detailId);
    return { isUnique: reason === null, reason };
  });
  serve(app, bulkUserDetailUpdate, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const detail = await openDetail(admin, request.params.id);
    await db().query('UPDATE app.bulk_user_batch_detail SET email = $2, full_name = $3, role_name = $4, sales_rep = $5 WHERE id = $1', [
      detail.id,
      ...detailValues(request.body),
    ]);
    return findDetail(db(), admin, detail.id);
  });
  serve(app, bulkUserDetailDelete, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const detail = await openDetail(admin, request.params.id);
    await db().query('DELETE FROM app.bulk_user_batch_detail WHERE id = $1', [detail.id]);
    return reply.status(204).send();
  });

  serve(app, bulkUserFilterList, async (request) => {
    const admin = await requireRight(request, 'users.read');
    const detail = await findDetail(db(), admin, request.params.detailId);
    const { rows } = await db().query<FilterRowValue>(`${FILTER_SELECT} WHERE f.detail_id = $1 AND f.filter_type = $2 ORDER BY f.id`, [detail.id, request.params.filterType]);
    return rows;
  });
  serve(app, bulkUserFilterAdd, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const detail = await openDetail(admin, request.body.detailId);
    const { filterType, columnName, values } = request.body;
    await requireFilterColumn(filterType, columnName);
    const { rows } = await db().query<{ id: number }>(
      'INSERT INTO app.bulk_user_batch_filter (detail_id, filter_type, column_name, filter_values) VALUES ($1, $2, $3, $4) RETURNING id',
      [detail.id, filterType, columnName, [...new Set(values)]],
    );
    return findFilter(admin, rows[0]!.id);
  });
  serve(app, bulkUserFilterUpdate, async (request) => {
    const admin = await requireRight(request, 'users.write');
    const filter = await findFilter(admin, request.body.id);
    await openDetail(admin, filter.detailId);
    await db().query('UPDATE app.bulk_user_batch_filter SET filter_values = $2 WHERE id = $1', [filter.id, [...new Set(request.body.values)]]);
    return findFilter(admin, filter.id);
  });
  serve(app, bulkUserFilterDelete, async (request, reply) => {
    const admin = await requireRight(request, 'users.write');
    const filter = await findFilter(admin, request.params.id);
    await openDetail(admin, filter.detailId);
    await db().query('DELETE FROM app.bulk_user_batch_filter WHERE id = $1', [filter.id]);
    return reply.status(204).send();
  });
}
