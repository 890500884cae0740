import { GOAL_NEW_ROW_ID_LIMIT } from '@tradeboard/shared/contracts';

/** A goal row as the grid holds it (seed 000 §3): the server's fields plus the edit flags. */
export type GoalRow = Record<string, unknown> & { id: number; isDirty?: boolean; isNew?: boolean; isDelete?: boolean; configId?: number };
export type ConfigLike = { id: number; company: string; goalType: string; goalYear: number } & Record<string, unknown>;

/** yyyy-MM-ddTHH:mm:ss in local time (seed 001 §9). */
export function localTimestamp(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A random id below 2147483647 that no row has (seed 000 §3). */
export function newRowId(taken: ReadonlySet<number>, random: () => number = Math.random): number {
  for (;;) {
    const id = 1 + Math.floor(random() * (GOAL_NEW_ROW_ID_LIMIT - 2));
    if (!taken.has(id)) return id;
  }
}

/** Seed 000 §4 Add Row: new and dirty, month 0, goals 0, empty values; company, type, year and hierarchy types from the config. */
export function newRow(config: ConfigLike, goalFields: readonly [string, string], taken: ReadonlySet<number>): GoalRow {
  const hierarchy = Object.fromEntries([1, 2, 3, 4, 5].flatMap((l) => [[`hierarchyType${l}`, config[`hierarchyType${l}`] ?? null], [`hierarchyValue${l}`, null]]));
  return {
    id: newRowId(taken),
    company: config.company,
    goalType: config.goalType,
    goalTypeValue: null,
    goalMonth: 0,
    goalYear: config.goalYear,
    [goalFields[0]]: 0,
    [goalFields[1]]: 0,
    ...hierarchy,
    isNew: true,
    isDirty: true,
    isDelete: false,
    dateLastModified: localTimestamp(),
    configId: config.id,
  };
}

/** An edited cell: text cleared stores null; numbers as typed (a number, or null when not one). */
export function editRow(row: GoalRow, field: string, text: string, numeric: boolean): GoalRow {
  let value: unknown = text === '' ? null : text;
  if (numeric && text !== '') value = Number.isFinite(Number(text)) ? Number(text) : null;
  return { ...row, [field]: value, isDirty: true, dateLastModified: localTimestamp() };
}

/** Seed 000 §4 Save: only deleted, dirty or new rows are sent. */
export const rowsToSave = (rows: readonly GoalRow[]) => rows.filter((r) => r.isDelete || r.isDirty || r.isNew);

/** The rows shown: not deleted, matching every column filter (contains, case-insensitive), sorted. */
export function visibleRows(rows: readonly GoalRow[], filters: Readonly<Record<string, string>>, sort: { field: string; dir: 'asc' | 'desc' } | null): GoalRow[] {
  const active = Object.entries(filters).filter(([, text]) => text.trim());
  const shown = rows.filter((r) => !r.isDelete && active.every(([field, text]) => String(r[field] ?? '').toLowerCase().includes(text.trim().toLowerCase())));
  if (!sort) return shown;
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...shown].sort((a, b) => {
    const [x, y] = [a[sort.field], b[sort.field]];
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x ?? '').localeCompare(String(y ?? ''), 'en', { numeric: true });
  });
}
