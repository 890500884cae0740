/**
 * File sources (issue 29, docs/decisions.md "ERP data in"): a named source of uploaded extracts an
 * administrator keeps in his organization, holding per layout table the source's file name (when
 * its files are not named after our tables) and its headers mapped to our layout's columns. An
 * upload that names one has its files mapped as the extract is read, before validation, so the
 * report and the load see our tables and columns; what is still unmatched is reported as before.
 */
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { mapRows, type ExtractFile } from './extract.ts';
import { layoutFor } from './layouts.ts';

/** A header of the source and the layout column it fills; null: the header's column is left out. */
export type FileSourceColumn = { header: string; column: string | null };
export type FileSourceTable = { table: string; fileName?: string | null; columns: FileSourceColumn[] };

/** A header as the extract reads it (trimmed, lower case), so a mapping matches it whatever its case. */
export const headerKey = (header: string) => header.trim().toLowerCase();

/** A file name as the table name the extract derives from it: no folder, no .csv/.xlsx, lower case. */
export function fileNameKey(fileName: string): string {
  const base = path.posix.basename(fileName.trim().replace(/\\/g, '/'));
  return base.replace(/\.(csv|xlsx)$/i, '').toLowerCase();
}

/**
 * A mapping as stored: each table of the layouts once, each header once per table, each column a
 * column of the table's layout (once), each file name once; headers and file names kept in the
 * form they are matched in. A mapping that breaks a rule is a 400 naming it.
 */
export function checkedMapping(tables: readonly FileSourceTable[]): FileSourceTable[] {
  const seenTables = new Set<string>();
  const seenFiles = new Map<string, string>();
  return tables.map(({ table, fileName, columns }) => {
    const layout = layoutFor(table);
    if (!layout) throw new HttpError(400, `${table} is not a table of the layouts.`);
    if (seenTables.has(table)) throw new HttpError(400, `${table} is mapped twice; send each table once.`);
    seenTables.add(table);
    const file = fileName?.trim() ? fileNameKey(fileName) : null;
    if (file !== null) {
      if (!file) throw new HttpError(400, `The file name for ${table} is empty.`);
      const other = seenFiles.get(file);
      if (other) throw new HttpError(400, `The file ${fileName} is mapped to both ${other} and ${table}.`);
      seenFiles.set(file, table);
    }
    const headers = new Set<string>();
    const targets = new Map<string, string>();
    const mapped = columns.map(({ header, column }) => {
      const key = headerKey(header);
      if (!key) throw new HttpError(400, `A header mapped in ${table} is empty.`);
      if (headers.has(key)) throw new HttpError(400, `The header ${header} is mapped twice in ${table}.`);
      headers.add(key);
      if (column === null) return { header: key, column };
      if (!layout.columns.some((c) => c.name === column)) throw new HttpError(400, `${column} is not a column of ${table}.`);
      const earlier = targets.get(column);
      if (earlier !== undefined) throw new HttpError(400, `Both ${earlier} and ${header} are mapped to ${table}.${column}; map each column once.`);
      targets.set(column, header);
      return { header: key, column };
    });
    return { table, fileName: file, columns: mapped };
  });
}

/**
 * The extract's files as the source's mapping reads them: a file whose name the mapping gives
 * becomes that table's; each mapped header becomes its column, and a header mapped to null goes
 * with its cells. Headers neither mapped nor a column are left as they are, for the validation to
 * report.
 */
export function applyFileSource(files: readonly ExtractFile[], tables: readonly FileSourceTable[]): ExtractFile[] {
  const byFile = new Map(tables.filter((t) => t.fileName).map((t) => [t.fileName!, t]));
  const byTable = new Map(tables.map((t) => [t.table, t]));
  return files.map((file) => {
    const entry = byFile.get(file.table) ?? byTable.get(file.table);
    if (!entry) return file;
    const columns = new Map(entry.columns.map((c) => [c.header, c.column]));
    const header: Array<string | null> = file.header.map((h) => (columns.has(h) ? columns.get(h)! : h));
    const kept = header.flatMap((h, i) => (h === null ? [] : [i]));
    if (kept.length === header.length) return { ...file, table: entry.table, header: header as string[] };
    return { ...file, table: entry.table, header: kept.map((i) => header[i]!), rows: mapRows(file.rows, (row) => kept.map((i) => row[i] ?? '')) };
  });
}

// ------------------------------------------------------------------------------ storage
export type FileSourceRow = { fileSourceId: number; sourceName: string; tables: Required<FileSourceTable>[]; updatedAt: string };

export const FILE_SOURCE_SELECT = `
  SELECT file_source_id AS "fileSourceId", source_name AS "sourceName", tables,
         to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
    FROM erp.file_source`;

/** One file source of the organization; another organization's, like one that does not exist, is a 404. */
export async function findFileSource(db: Db, customerMasterId: number, fileSourceId: number): Promise<FileSourceRow> {
  const { rows } = await db.query<FileSourceRow>(`${FILE_SOURCE_SELECT} WHERE customer_master_id = $1 AND file_source_id = $2`, [customerMasterId, fileSourceId]);
  if (!rows[0]) throw new HttpError(404, `There is no file source ${fileSourceId}.`);
  return rows[0];
}
