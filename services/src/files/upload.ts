/**
 * The one upload path of the product (DESIGN §9 Files). A route that takes a file:
 *
 *   await uploadRoutes(app, async (scope) => {
 *     serve(scope, myUploadContract, async (request) => {
 *       const file = await receiveUpload(request, { what: 'a goal sheet', maxBytes: 5 * MiB, types: SPREADSHEET_TYPES });
 *       return storeThenRecord(fileStorage(app), file.bytes, file.contentType, (stored) => …insert the row…);
 *     });
 *   });
 *
 * - the body is multipart/form-data (@fastify/multipart, registered in `uploadRoutes`' scope
 *   only, so every other route keeps the gateway's small JSON body limit);
 * - the size limit is the route's own (`maxBytes`): a larger file is refused with 413 naming the
 *   limit, before anything is stored;
 * - the content type is read from the bytes (file-type's magic numbers; plain text when the bytes
 *   are UTF-8 text), never from the name or the browser's claim; a type the route does not take
 *   is refused with 415 naming what it takes;
 * - the file is received whole before anything is stored, and stored in one transaction
 *   (storage.ts), so a failed, cancelled or refused upload leaves nothing behind;
 * - `sendStoredFile` streams a download with its type and a Content-Disposition carrying the name.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { databaseStorage, type FileStorage } from './storage.ts';

export const MiB = 1024 * 1024;

/** Content types a route may take (what `detectContentType` answers). */
export const PDF = 'application/pdf';
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const OFFICE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
] as const;
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SPREADSHEET_TYPES = [XLSX, 'application/x-cfb', 'text/csv'] as const;
export const TEXT_TYPES = ['text/plain', 'text/csv'] as const;
/** What a document link may be: PDFs, images, office documents, text and CSV. */
export const DOCUMENT_TYPES = [PDF, ...IMAGE_TYPES, ...OFFICE_TYPES, ...TEXT_TYPES, 'application/zip'] as const;

/** Readable names of the types, for the messages. */
const TYPE_NAMES: Record<string, string> = {
  [PDF]: 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/x-cfb': 'XLS/DOC',
  'text/plain': 'text',
  'text/csv': 'CSV',
  'application/zip': 'ZIP',
};

export type UploadPolicy = {
  /** What the file is, for the messages ("a document", "an image"). */
  what: string;
  /** The largest file the route takes, in bytes. */
  maxBytes: number;
  /** The content types the route takes (detected from the bytes). */
  types: readonly string[];
};

export type ReceivedFile = { fileName: string; contentType: string; bytes: Buffer };

/** "10 MB", "512 KB": a size for a message. */
export function sizeText(bytes: number): string {
  return bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The content type of the bytes: their magic numbers, else text (CSV by the name) when they are UTF-8 text without NUL; null when unknown. */
export async function detectContentType(bytes: Uint8Array, fileName: string): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.mime;
  try {
    const text = UTF8.decode(bytes.subarray(0, 64 * 1024));
    if (text.includes('\u0000')) return null;
  } catch {
    // A sample cut in the middle of a character is still text.
    if (bytes.byteLength <= 64 * 1024) return null;
  }
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** A file name as stored and shown: its last path segment, control and reserved characters dropped, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim().replace(/^\.+/, '');
  return cleaned.slice(-200);
}

/**
 * Registers routes that take uploads: `routes` runs in a scope with the multipart parser. Each
 * route still sets its own limit in `receiveUpload`; the scope's limits are the most any may take.
 */
export async function uploadRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => Promise<void> | void, maxBytes = 25 * MiB): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } });
    await routes(scope);
  });
}

/** The uploaded file of a multipart request, whole, checked against the route's policy (413, 415, 400 otherwise). */
export async function receiveUpload(request: FastifyRequest, policy: UploadPolicy): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new HttpError(415, `Send ${policy.what} as multipart/form-data, in a field named file`);
  let bytes: Buffer;
  let fileName: string;
  try {
    const part = await request.file({ limits: { fileSize: policy.maxBytes, files: 1 } });
    if (!part) throw new HttpError(400, `The upload holds no file; send ${policy.what} in a field named file`);
    fileName = part.filename;
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `The file is larger than ${sizeText(policy.maxBytes)}, the most ${policy.what} may be`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, `The upload is not one file in multipart/form-data: ${(error as Error).message}`);
    }
    // The client went away or sent a broken body: nothing was stored.
    throw new HttpError(400, `The upload did not arrive whole (${(error as Error).message}); nothing was saved`);
  }
  const name = cleanFileName(fileName);
  if (!name) throw new HttpError(400, 'The file needs a name');
  if (bytes.byteLength === 0) throw new HttpError(400, `The file ${name} is empty`);
  const contentType = await detectContentType(bytes, name);
  if (!contentType || !policy.types.includes(contentType)) {
    const accepted = [...new Set(policy.types.map((t) => TYPE_NAMES[t] ?? t))].join(', ');
    throw new HttpError(415, `${name} is ${contentType ? `a ${TYPE_NAMES[contentType] ?? contentType} file` : 'of a kind that cannot be recognised'}; ${policy.what} may be ${accepted}`);
  }
  return { fileName: name, contentType, bytes };
}

/** Content-Disposition for a name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends bytes made on the server (a PDF) as a download named `fileName`. */
export function sendBytes(reply: FastifyReply, bytes: Buffer, contentType: string, fileName: string, disposition: 'attachment' | 'inline' = 'attachment') {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName, disposition))
    .header('content-length', bytes.byteLength)
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(bytes);
}

/** Streams a stored file as a download named `fileName` (404 when its bytes are gone). */
export async function sendStoredFile(reply: FastifyReply, storage: FileStorage, key: string, fileName: string, disposition: 'attachment' | 'inline' = 'attachment') {
  const found = await storage.stream(key);
  if (!found) throw new HttpError(404, `The file ${fileName} is no longer stored`);
  return reply
    .header('content-type', found.info.contentType)
    .header('content-disposition', contentDisposition(fileName, disposition))
    .header('content-length', found.info.byteSize)
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(found.body);
}

const storages = new WeakMap<Db, FileStorage>();

/** The app's file storage: the database's unless `useFileStorage` set another (an object store). */
export function fileStorage(app: FastifyInstance): FileStorage {
  let storage = storages.get(app.db);
  if (!storage) {
    storage = databaseStorage(app.db);
    storages.set(app.db, storage);
  }
  return storage;
}

/** Puts another storage (an object store) behind every upload of this database's app. */
export function useFileStorage(db: Db, storage: FileStorage): void {
  storages.set(db, storage);
}

