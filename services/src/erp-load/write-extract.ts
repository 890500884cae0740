/**
 * Writes the erp tables of a PostgreSQL database out as an extract: a directory of
 * `<table>.csv` files in the published layouts (header, then the rows), each streamed from
 * `COPY (SELECT …) TO STDOUT` to disk, so a database of any size is written in bounded memory.
 * The import bench makes its scale-40 extract with it (a full reload from CSV).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../db/database.ts';
import { ERP_LAYOUTS } from './layouts.ts';

/** Writes each layout table of `db` (PostgreSQL) to `<dir>/<table>.csv`; answers each file's rows. */
export async function writeExtractDir(db: Db, dir: string, onTable?: (table: string, rows: number) => void): Promise<Map<string, number>> {
  await mkdir(dir, { recursive: true });
  const client = await db.connect();
  const counts = new Map<string, number>();
  try {
    // One snapshot for all tables: the files agree with each other.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const layout of ERP_LAYOUTS) {
      const columns = layout.columns.map((c) => c.name).join(', ');
      const stream = client.query(copyTo(`COPY (SELECT ${columns} FROM erp.${layout.table}) TO STDOUT WITH (FORMAT csv, HEADER)`));
      await pipeline(stream, createWriteStream(path.join(dir, `${layout.table}.csv`)));
      counts.set(layout.table, stream.rowCount ?? 0);
      onTable?.(layout.table, stream.rowCount ?? 0);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return counts;
}
