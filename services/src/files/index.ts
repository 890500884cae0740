/**
 * The one upload path of the product (DESIGN §9 Files; docs/decisions.md "Files"): receive a
 * file with a per-route size limit and type policy, store it all-or-nothing behind the storage
 * interface (the database by default), stream it back with its type and name.
 */
export {
  cleanFileName,
  contentDisposition,
  detectContentType,
  DOCUMENT_TYPES,
  fileStorage,
  IMAGE_TYPES,
  MiB,
  OFFICE_TYPES,
  PDF,
  receiveUpload,
  sendBytes,
  sendStoredFile,
  sizeText,
  SPREADSHEET_TYPES,
  TEXT_TYPES,
  uploadRoutes,
  useFileStorage,
  XLSX,
  type ReceivedFile,
  type UploadPolicy,
} from './upload.ts';
export { CHUNK_BYTES, databaseStorage, storeThenRecord, type FileStorage, type StoredFileInfo } from './storage.ts';
