/**
 * Where uploaded files live (DESIGN §9 Files): a small interface — put, get, stream, delete — so
 * an object store can replace the database later without touching a route. The default keeps
 * the files in the database (app.stored_file and its 1 MiB chunks), so every gateway replica
 * sees them and a backup of the database holds them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { inTransaction } from '../boards/board-access.ts';
import type { Db } from '../db/database.ts';

/** What is known of a stored file besides its bytes. */
export type StoredFileInfo = { key: string; contentType: string; byteSize: number; sha256: string };

export interface FileStorage {
  /** Stores the bytes under a new key, whole or not at all; answers the key. */
  put(bytes: Uint8Array, contentType: string): Promise<StoredFileInfo>;
  /** The file's bytes, or null when there is no such key. */
  get(key: string): Promise<{ info: StoredFileInfo; bytes: Buffer } | null>;
  /** The file's bytes as a stream (read a chunk at a time), or null when there is no such key. */
  stream(key: string): Promise<{ info: StoredFileInfo; body: Readable } | null>;
  /** Removes the file; a key that is gone already is no error. */
  delete(key: string): Promise<void>;
}

/** How large each stored chunk is: one statement parameter, never the whole file. */
export const CHUNK_BYTES = 1024 * 1024;

/** The default storage: the files in the database, each written in one transaction. */
export function databaseStorage(db: Db): FileStorage {
  const info = async (key: string): Promise<StoredFileInfo | null> => {
    const { rows } = await db.query<{ contentType: string; byteSize: number; sha256: string }>(
      'SELECT content_type AS "contentType", byte_size AS "byteSize", sha256 FROM app.stored_file WHERE file_key = $1',
      [key],
    );
    return rows[0] ? { key, ...rows[0] } : null;
  };
  const chunks = async function* (key: string, count: number) {
    for (let chunkNo = 0; chunkNo < count; chunkNo++) {
      const { rows } = await db.query<{ data: Buffer }>('SELECT data FROM app.stored_file_chunk WHERE file_key = $1 AND chunk_no = $2', [key, chunkNo]);
      if (rows[0]) yield rows[0].data;
    }
  };
  const chunkCount = (size: number) => Math.ceil(size / CHUNK_BYTES);
  return {
    async put(bytes, contentType) {
      const stored: StoredFileInfo = { key: randomUUID(), contentType, byteSize: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
      await inTransaction(db, async (client) => {
        await client.query('INSERT INTO app.stored_file (file_key, content_type, byte_size, sha256) VALUES ($1, $2, $3, $4)', [stored.key, contentType, stored.byteSize, stored.sha256]);
        for (let chunkNo = 0; chunkNo < chunkCount(bytes.byteLength); chunkNo++) {
          const part = Buffer.from(bytes.buffer, bytes.byteOffset + chunkNo * CHUNK_BYTES, Math.min(CHUNK_BYTES, bytes.byteLength - chunkNo * CHUNK_BYTES));
          await client.query('INSERT INTO app.stored_file_chunk (file_key, chunk_no, data) VALUES ($1, $2, $3)', [stored.key, chunkNo, part]);
        }
      });
      return stored;
    },
    async get(key) {
      const found = await info(key);
      if (!found) return null;
      const parts: Buffer[] = [];
      for await (const part of chunks(key, chunkCount(found.byteSize))) parts.push(part);
      return { info: found, bytes: Buffer.concat(parts) };
    },
    async stream(key) {
      const found = await info(key);
      return found ? { info: found, body: Readable.from(chunks(key, chunkCount(found.byteSize))) } : null;
    },
    async delete(key) {
      await db.query('DELETE FROM app.stored_file WHERE file_key = $1', [key]);
    },
  };
}

/**
 * Stores the bytes, then runs `record` with the stored file (writing the row that refers to it);
 * when `record` fails the file is removed again, so a failed save leaves nothing behind.
 */
export async function storeThenRecord<T>(storage: FileStorage, bytes: Uint8Array, contentType: string, record: (stored: StoredFileInfo) => Promise<T>): Promise<T> {
  const stored = await storage.put(bytes, contentType);
  try {
    return await record(stored);
  } catch (error) {
    await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}
