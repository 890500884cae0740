/**
 * File sources' calls (shared/src/contracts/erp-load.ts, ErpLoad/FileSource…): the organization's
 * named sources of uploaded extracts and their mappings (file-source.ts). They need the `erp.load`
 * right like the upload that uses them; every change is audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { erpLoadFileSourceDelete, erpLoadFileSourceGet, erpLoadFileSourceList, erpLoadFileSourcePost, erpLoadFileSourcePut } from '@tradeboard/shared/contracts';
import { HttpError, isUniqueViolation } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { adminAudit } from '../admin/admin-area-routes.ts';
import type { Admin } from '../admin/rights.ts';
import { loader } from './erp-load-routes.ts';
import { checkedMapping, FILE_SOURCE_SELECT, findFileSource, type FileSourceTable } from './file-source.ts';

const duplicateName = (name: string) => (error: unknown) => {
  if (isUniqueViolation(error)) throw new HttpError(409, `There is a file source named ${name} already.`);
  throw error;
};

type Body = { sourceName: string; tables: FileSourceTable[] };

/** The body's name (trimmed, not empty) and its mapping, checked against the layouts (400 otherwise). */
function fieldsOf(body: Body): { name: string; tables: string } {
  const name = body.sourceName.trim();
  if (!name) throw new HttpError(400, 'Give the file source a name.');
  return { name, tables: JSON.stringify(checkedMapping(body.tables)) };
}

const audited = (request: FastifyRequest, admin: Admin, action: 'added' | 'changed' | 'removed', source: { fileSourceId: number; sourceName: string }) =>
  adminAudit(request, admin, 'erp-file-source-changed', { action, fileSourceId: source.fileSourceId, sourceName: source.sourceName });

export async function fileSourceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  serve(app, erpLoadFileSourceList, async (request) => {
    const admin = await loader(request);
    return (await db.query(`${FILE_SOURCE_SELECT} WHERE customer_master_id = $1 ORDER BY lower(source_name), file_source_id`, [admin.customerMasterId])).rows as never;
  });

  serve(app, erpLoadFileSourceGet, async (request) => {
    const admin = await loader(request);
    return findFileSource(db, admin.customerMasterId, request.params.fileSourceId);
  });

  serve(app, erpLoadFileSourcePost, async (request) => {
    const admin = await loader(request);
    const { name, tables } = fieldsOf(request.body);
    const { rows } = await db
      .query<{ id: number }>(
        'INSERT INTO erp.file_source (customer_master_id, source_name, tables, updated_by) VALUES ($1, $2, $3, $4) RETURNING file_source_id AS id',
        [admin.customerMasterId, name, tables, admin.userMasterId],
      )
      .catch(duplicateName(name));
    const source = await findFileSource(db, admin.customerMasterId, rows[0]!.id);
    await audited(request, admin, 'added', source);
    return source;
  });

  serve(app, erpLoadFileSourcePut, async (request) => {
    const admin = await loader(request);
    const { fileSourceId } = await findFileSource(db, admin.customerMasterId, request.params.fileSourceId);
    const { name, tables } = fieldsOf(request.body);
    await db
      .query('UPDATE erp.file_source SET source_name = $2, tables = $3, updated_by = $4, updated_at = now() WHERE file_source_id = $1', [fileSourceId, name, tables, admin.userMasterId])
      .catch(duplicateName(name));
    const source = await findFileSource(db, admin.customerMasterId, fileSourceId);
    await audited(request, admin, 'changed', source);
    return source;
  });

  serve(app, erpLoadFileSourceDelete, async (request, reply) => {
    const admin = await loader(request);
    const source = await findFileSource(db, admin.customerMasterId, request.params.fileSourceId);
    await db.query('DELETE FROM erp.file_source WHERE file_source_id = $1', [source.fileSourceId]);
    await audited(request, admin, 'removed', source);
    return reply.status(204).send();
  });
}
