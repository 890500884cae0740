/**
 * The goal spreadsheet upload (issue 28; docs/decisions.md "Goals"): a filled-in template
 * (goal-template.ts) replaces all goal rows of its config, all or nothing. The "Goals" sheet (or
 * the first) must carry the template's columns in order; every row is checked before anything is
 * stored, and a file with bad rows is refused with a 400 naming each row and why.
 */
import ExcelJS from 'exceljs';
import { GOAL_HIERARCHY_DEPTH, GOAL_ROWS_MAX, type GoalKind } from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../boards/board-access.ts';
import { cellText } from '../erp-load/extract.ts';
import { HttpError } from '../platform/errors.ts';
import type { GoalCaller } from './goal-access.ts';
import { hierarchyOf, type GoalConfigRow } from './goal-store.ts';
import { templateColumns } from './goal-template.ts';

/** One goal row read from the file: its row number in the sheet and the values to store. */
export type UploadedGoalRow = {
  rowNumber: number;
  goalMonth: number;
  goalTypeValue: string;
  goal1: number | null;
  goal2: number | null;
  hierarchyValues: Array<string | null>;
};

/** Problems listed in the refusal before "… and N more". */
const LISTED_PROBLEMS = 20;
/** numeric(16,2): the largest goal value stored. */
const GOAL_VALUE_LIMIT = 1e14;
const VALUE_MAX_LENGTH = 100;

const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function refuse(problems: string[]): never {
  const listed = problems.slice(0, LISTED_PROBLEMS).join('; ');
  const more = problems.length > LISTED_PROBLEMS ? `; and ${problems.length - LISTED_PROBLEMS} more` : '';
  throw new HttpError(400, `Nothing was uploaded: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} in the file — ${listed}${more}`);
}

async function goalSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(400, 'Nothing was uploaded: the file could not be read as an XLSX workbook; save it as XLSX from the template.');
  }
  const sheet = workbook.getWorksheet('Goals') ?? workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, 'Nothing was uploaded: the workbook has no sheet.');
  return sheet;
}

/** A goal value: empty is null; a number, or text of one ("30,000", "$1,200.50"), within numeric(16,2). */
function goalValue(text: string, column: string, problems: string[]): number | null {
  if (text === '') return null;
  const value = Number(text.replace(/[$,\s]/g, ''));
  if (!Number.isFinite(value)) problems.push(`${column} '${text.slice(0, 40)}' is not a number`);
  else if (Math.abs(value) >= GOAL_VALUE_LIMIT) problems.push(`${column} ${text.slice(0, 40)} is too large`);
  else return value;
  return null;
}

/** A cell that must hold the config's value (or be empty). */
function fixedCell(text: string, column: string, expected: string, problems: string[]): void {
  if (text !== '' && !sameHeader(text, expected)) problems.push(`${column} is '${text.slice(0, 40)}' but this goal setup's is '${expected}'`);
}

/** A text cell of at most 100 characters; empty is null. */
function valueCell(text: string, column: string, problems: string[]): string | null {
  if (text.length > VALUE_MAX_LENGTH) problems.push(`${column} is longer than ${VALUE_MAX_LENGTH} characters`);
  return text === '' ? null : text;
}

/** The goal rows of an uploaded template of `config`; 400 naming every row that is wrong (and why), nothing read then. */
export async function readGoalSheet(kind: GoalKind, config: GoalConfigRow, bytes: Buffer): Promise<UploadedGoalRow[]> {
  const sheet = await goalSheet(bytes);
  const columns = templateColumns(kind, config);
  const header = columns.map((_, i) => cellText(sheet.getRow(1).getCell(i + 1).value).trim());
  const wrong = columns.findIndex((column, i) => !sameHeader(header[i]!, column));
  if (wrong >= 0) {
    throw new HttpError(
      400,
      `Nothing was uploaded: the first row must hold the template's columns in order (${columns.join(', ')}); column ${wrong + 1} is '${header[wrong]!.slice(0, 40)}' where '${columns[wrong]}' is expected. Download the template again.`,
    );
  }
  const hierarchy = hierarchyOf(config);
  const [firstGoal, secondGoal] = [columns[3]!, columns[4]!];
  const rows: UploadedGoalRow[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = columns.map((_, i) => cellText(row.getCell(i + 1).value).trim());
    if (cells.every((cell) => cell === '')) return;
    const [company, year, month, goal1, goal2, goalType, goalTypeId] = cells as [string, string, string, string, string, string, string];
    const found: string[] = [];
    fixedCell(company, 'Company', config.company, found);
    fixedCell(year, 'Goal Year', String(config.goalYear), found);
    const goalMonth = Number(month);
    if (month === '' || !Number.isInteger(goalMonth) || goalMonth < 0 || goalMonth > 12) found.push(`GoalMonth '${month.slice(0, 40)}' is not a month (0–12)`);
    const values = [goalValue(goal1, firstGoal, found), goalValue(goal2, secondGoal, found)] as const;
    fixedCell(goalType, 'GoalType', config.goalType, found);
    if (goalTypeId === '') found.push('GoalTypeID is empty');
    valueCell(goalTypeId, 'GoalTypeID', found);
    const hierarchyValues = hierarchy.map((type, i) => {
      fixedCell(cells[7 + i * 2]!, `HierarchyType${i + 1}`, type, found);
      return valueCell(cells[8 + i * 2]!, `HierarchyID${i + 1}`, found);
    });
    const gap = hierarchyValues.findIndex((value, i) => value !== null && hierarchyValues.slice(0, i).some((above) => above === null));
    if (gap >= 0) found.push(`HierarchyID${gap + 1} is set but a level above it is empty`);
    const key = JSON.stringify([goalMonth, goalTypeId.toLowerCase(), ...hierarchyValues.map((v) => v?.toLowerCase() ?? null)]);
    const first = seen.get(key);
    if (first !== undefined && !found.length) found.push(`it repeats row ${first} (same GoalMonth, GoalTypeID and hierarchy IDs)`);
    seen.set(key, first ?? rowNumber);
    if (found.length) problems.push(`row ${rowNumber}: ${found.join(', ')}`);
    else rows.push({ rowNumber, goalMonth, goalTypeValue: goalTypeId, goal1: values[0], goal2: values[1], hierarchyValues: [...hierarchyValues, ...Array<null>(GOAL_HIERARCHY_DEPTH - hierarchy.length).fill(null)] });
  });
  if (problems.length) refuse(problems);
  if (!rows.length) throw new HttpError(400, 'Nothing was uploaded: the file has no goal rows below its header row.');
  if (rows.length > GOAL_ROWS_MAX) throw new HttpError(400, `Nothing was uploaded: the file has ${rows.length} goal rows; a goal setup takes at most ${GOAL_ROWS_MAX}.`);
  return rows;
}

/**
 * Replaces every goal row of the config with `rows` in one transaction. The new rows' version is
 * above every replaced row's, so a save of a row read before the upload is a 409 (goal-store's saveRows).
 */
export async function replaceGoalRows(db: Db, caller: GoalCaller, config: GoalConfigRow, rows: readonly UploadedGoalRow[]): Promise<{ rows: number; replaced: number }> {
  const records = rows.map((row, index) => ({
    id: index + 1,
    month: row.goalMonth,
    value: row.goalTypeValue,
    goal1: row.goal1,
    goal2: row.goal2,
    h: row.hierarchyValues,
  }));
  return inTransaction(db, async (client) => {
    // The config row is locked so two uploads (or an upload and a save) of one config run one after the other.
    await client.query('SELECT 1 FROM app.goal_config WHERE goal_config_id = $1 AND customer_master_id = $2 FOR UPDATE', [config.id, caller.organization]);
    const { rows: old } = await client.query<{ n: number; version: number }>(
      'SELECT count(*)::int AS n, coalesce(max(row_version), 0)::int AS version FROM app.goal_row WHERE goal_config_id = $1',
      [config.id],
    );
    await client.query('DELETE FROM app.goal_row WHERE goal_config_id = $1', [config.id]);
    await client.query(
      `INSERT INTO app.goal_row (goal_config_id, id, company, goal_type, goal_type_value, goal_month, goal_year, goal1, goal2,
                                 hierarchy_value1, hierarchy_value2, hierarchy_value3, hierarchy_value4, hierarchy_value5, date_last_modified, row_version)
       SELECT $2, x.id, $3, $4, x.value, x.month, $5, x.goal1, x.goal2, x.h->>0, x.h->>1, x.h->>2, x.h->>3, x.h->>4, localtimestamp(0), $6
         FROM jsonb_to_recordset($1::jsonb) AS x(id int, month int, value text, goal1 numeric, goal2 numeric, h jsonb)`,
      [JSON.stringify(records), config.id, config.company, config.goalType, config.goalYear, old[0]!.version + 1],
    );
    return { rows: records.length, replaced: old[0]!.n };
  });
}
