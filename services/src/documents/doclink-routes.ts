/**
 * DocLink (seed 001 §7.13): files attached to the caller's accounts and documents, through the
 * one upload path (files/upload.ts). A file is named by its path source/company/id/fileName
 * (each part URI-encoded); a path is only ever looked up, never joined onto a folder, and one
 * with `..`, `.`, an empty part, a backslash or a leading `/` is refused with 400 before
 * anything is read. The account or document the path names is checked like every read
 * (another rep's answers 404), and the file is looked up within the caller's organization.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { DOC_LINK_MAX_BYTES, docLinkDelete, docLinkDownload, docLinkList, docLinkUpload, DOC_LINK_SOURCES, type DocLinkFile } from '@tradeboard/shared/contracts';
import { erpCall, type ErpCall } from '../analytics/erp-common.ts';
import { cleanFileName, DOCUMENT_TYPES, fileStorage, receiveUpload, sendStoredFile, storeThenRecord, uploadRoutes } from '../files/index.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import type { SessionUser } from '../platform/session.ts';
import { checkSource, DOCUMENT_SETTINGS, type DocSource } from './document-scope.ts';

type DocRef = { source: DocSource; company: string; id: string; fileName: string };

/** The path of an attached file: source/company/id/fileName, each part URI-encoded. */
export function filePathOf(ref: DocRef): string {
  return [ref.source, ref.company, ref.id, ref.fileName].map(encodeURIComponent).join('/');
}

/** A file path's parts; 400 for anything that is not exactly source/company/id/fileName (no .., no absolute path). */
export function parseFilePath(filePath: string): DocRef {
  const bad = (why: string) => new HttpError(400, `filePath '${filePath.slice(0, 200)}' ${why}; use a path DocLink/List answered`);
  if (filePath.startsWith('/') || /^[a-z]:/i.test(filePath)) throw bad('is absolute');
  if (filePath.includes('\\')) throw bad('holds a backslash');
  const raw = filePath.split('/');
  let parts: string[];
  try {
    parts = raw.map((part) => decodeURIComponent(part));
  } catch {
    throw bad('is not URI-encoded');
  }
  if ([...raw, ...parts].some((part) => part === '..' || part === '.' || part.split(/[\\/]/).includes('..'))) throw bad('climbs out of its folder (..)');
  if (parts.length !== 4 || parts.some((part) => part.trim() === '')) throw bad('is not source/company/id/fileName');
  const [source, company, id, fileName] = parts as [string, string, string, string];
  if (!(DOC_LINK_SOURCES as readonly string[]).includes(source)) throw bad(`names no source (one of ${DOC_LINK_SOURCES.join(', ')})`);
  if (cleanFileName(fileName) !== fileName) throw bad('names a file that cannot exist');
  return { source: source as DocSource, company, id, fileName };
}

const docCall = (db: FastifyInstance['db'], user: SessionUser) => erpCall(db, user, DOCUMENT_SETTINGS);

const FILE_COLUMNS = `d.source, d.ref_id2 AS company, d.ref_id AS id, d.file_name AS "fileName", d.content_type AS "contentType", d.byte_size AS "byteSize",
  u.full_name AS "uploadedBy", to_char(d.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "uploadedAt"`;
type FileRow = Omit<Static<typeof DocLinkFile>, 'filePath'> & { source: DocSource; company: string; id: string; fileKey?: string };
const withPath = ({ source, company, id, fileKey: _key, ...rest }: FileRow): Static<typeof DocLinkFile> => ({ ...rest, filePath: filePathOf({ source, company, id, fileName: rest.fileName }) });

/** The caller's organization. */
async function organizationOf(call: ErpCall, user: SessionUser): Promise<number> {
  const { rows } = await call.db.query<{ id: number }>('SELECT customer_master_id AS id FROM app.user_master WHERE user_master_id = $1', [user.userMasterId]);
  return rows[0]!.id;
}

/** The attached file a path names, after checking the caller may touch its account or document; 404 otherwise. */
async function findFile(call: ErpCall, user: SessionUser, filePath: string): Promise<FileRow & { fileKey: string }> {
  const ref = parseFilePath(filePath);
  await checkSource(call, ref.source, ref.id, ref.company);
  const { rows } = await call.db.query<FileRow & { fileKey: string }>(
    `SELECT ${FILE_COLUMNS}, d.file_key AS "fileKey" FROM app.doc_link d LEFT JOIN app.user_master u ON u.user_master_id = d.uploaded_by
      WHERE d.customer_master_id = $1 AND d.source = $2 AND d.ref_id = $3 AND d.ref_id2 = $4 AND d.file_name = $5`,
    [await organizationOf(call, user), ref.source, ref.id, ref.company, ref.fileName],
  );
  if (!rows[0]) throw new HttpError(404, `No file ${ref.fileName} is attached to ${ref.source} ${ref.id}`);
  return rows[0];
}

export async function docLinkRoutes(app: FastifyInstance): Promise<void> {
  const storage = fileStorage(app);

  await uploadRoutes(
    app,
    (scope) => {
      serve(scope, docLinkUpload, async (request) => {
        const call = await docCall(app.db, request.user);
        const { source } = request.params;
        const { id, id2, fileName: askedName } = request.query;
        // The account or document first: nothing is received for one the caller may not touch.
        const company = await checkSource(call, source, id, id2);
        const file = await receiveUpload(request, { what: 'a document', maxBytes: DOC_LINK_MAX_BYTES, types: DOCUMENT_TYPES });
        const fileName = askedName === undefined ? file.fileName : cleanFileName(askedName);
        if (!fileName) throw new HttpError(400, 'fileName names no file');
        const organization = await organizationOf(call, request.user);
        const replaced = await storeThenRecord(storage, file.bytes, file.contentType, async (stored) => {
          const { rows } = await app.db.query<{ oldKey: string | null }>(
            `WITH old AS (SELECT file_key FROM app.doc_link WHERE customer_master_id = $1 AND source = $2 AND ref_id = $3 AND ref_id2 = $4 AND file_name = $5)
             INSERT INTO app.doc_link (customer_master_id, source, ref_id, ref_id2, file_name, file_key, content_type, byte_size, uploaded_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (customer_master_id, source, ref_id, ref_id2, file_name)
             DO UPDATE SET file_key = EXCLUDED.file_key, content_type = EXCLUDED.content_type, byte_size = EXCLUDED.byte_size,
                           uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()
             RETURNING (SELECT file_key FROM old) AS "oldKey"`,
            [organization, source, id, company, fileName, stored.key, stored.contentType, stored.byteSize, request.user.userMasterId],
          );
          return rows[0]?.oldKey ?? null;
        });
        if (replaced) await storage.delete(replaced);
        return withPath((await findFile(call, request.user, filePathOf({ source, company, id, fileName }))) as FileRow);
      });
    },
    DOC_LINK_MAX_BYTES,
  );

  serve(app, docLinkList, async (request) => {
    const call = await docCall(app.db, request.user);
    const { source, id, id2 } = request.body;
    const company = await checkSource(call, source, id, id2);
    const { rows } = await app.db.query<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM app.doc_link d LEFT JOIN app.user_master u ON u.user_master_id = d.uploaded_by
        WHERE d.customer_master_id = $1 AND d.source = $2 AND d.ref_id = $3 AND d.ref_id2 = $4
        ORDER BY d.uploaded_at DESC, d.file_name LIMIT 500`,
      [await organizationOf(call, request.user), source, id, company],
    );
    return { files: rows.map(withPath) };
  });

  serve(app, docLinkDownload, async (request, reply) => {
    const call = await docCall(app.db, request.user);
    const file = await findFile(call, request.user, request.query.filePath);
    return sendStoredFile(reply, storage, file.fileKey, file.fileName);
  });

  serve(app, docLinkDelete, async (request, reply) => {
    const call = await docCall(app.db, request.user);
    const file = await findFile(call, request.user, request.query.filePath);
    await app.db.query('DELETE FROM app.doc_link WHERE file_key = $1', [file.fileKey]);
    await storage.delete(file.fileKey);
    return reply.status(204).send();
  });
}
