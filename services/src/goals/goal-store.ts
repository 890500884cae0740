/**
 * Goal setups, configs, rows and role exclusions in the database (migration 110), always read
 * through the caller's organization and kind: an id of another organization or kind is a 404.
 */
import {
  GOAL_GROUP_BY_NAMES,
  GOAL_GROUP_BYS,
  GOAL_HIERARCHY_DEPTH,
  GOAL_KIND_NAMES,
  GOAL_TYPES,
  type GoalGroupBy,
  type GoalKind,
} from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../boards/board-access.ts';
import { HttpError } from '../platform/errors.ts';
import { badRequest } from '../analytics/search-request.ts';
import type { GoalCaller } from './goal-access.ts';

const LEVELS = Array.from({ length: GOAL_HIERARCHY_DEPTH }, (_, i) => i + 1);

export type GoalConfigRow = {
  id: number;
  company: string;
  companyName: string;
  goalType: string;
  goalYear: number;
  hierarchyType1: string | null;
  hierarchyType2: string | null;
  hierarchyType3: string | null;
  hierarchyType4: string | null;
  hierarchyType5: string | null;
  description: string | null;
};

/** A config's hierarchy types, level 1 first, up to the last one set. */
export function hierarchyOf(config: GoalConfigRow): string[] {
  return LEVELS.map((level) => config[`hierarchyType${level}` as keyof GoalConfigRow] as string | null).filter((t): t is string => !!t);
}

const CONFIG_SELECT = `SELECT g.goal_config_id AS id, g.company, coalesce(c.company_name, g.company) AS "companyName", g.goal_type AS "goalType",
         g.goal_year AS "goalYear", ${LEVELS.map((l) => `g.hierarchy_type${l} AS "hierarchyType${l}"`).join(', ')}, g.description
    FROM app.goal_config g LEFT JOIN erp.company c ON c.company = g.company`;

// ------------------------------------------------------------------------------ setups
export async function setupList(db: Db, caller: GoalCaller) {
  const { rows } = await db.query(
    `SELECT s.company, coalesce(c.company_name, s.company) AS "companyName", s.goal_year AS "goalYear"
       FROM app.goal_setup s LEFT JOIN erp.company c ON c.company = s.company
      WHERE s.customer_master_id = $1 AND s.goal_kind = $2 ORDER BY s.goal_year DESC, s.company`,
    [caller.organization, caller.kind],
  );
  return rows as Array<{ company: string; companyName: string; goalYear: number }>;
}

async function companyName(db: Db, company: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT company_name AS name FROM erp.company WHERE company = $1', [company]);
  if (!rows[0]) throw new HttpError(404, `Company ${company} not found`);
  return rows[0].name;
}

export async function insertSetup(db: Db, caller: GoalCaller, company: string, goalYear: number) {
  const name = await companyName(db, company);
  const { rowCount } = await db.query(
    `INSERT INTO app.goal_setup (customer_master_id, goal_kind, company, goal_year) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [caller.organization, caller.kind, company, goalYear],
  );
  if (!rowCount) throw new HttpError(409, `Company ${company} year ${goalYear} was already added to the ${caller.kind.toLowerCase()} goal setup`);
  return { company, companyName: name, goalYear };
}

async function requireSetup(db: Db, caller: GoalCaller, company: string, goalYear: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM app.goal_setup WHERE customer_master_id = $1 AND goal_kind = $2 AND company = $3 AND goal_year = $4', [
    caller.organization,
    caller.kind,
    company,
    goalYear,
  ]);
  if (!rows[0]) throw new HttpError(404, `Company ${company} year ${goalYear} is not in the ${caller.kind.toLowerCase()} goal setup`);
}

// ------------------------------------------------------------------------------ configs
export async function configList(db: Db, caller: GoalCaller, company: string, goalYear: number): Promise<GoalConfigRow[]> {
  await requireSetup(db, caller, company, goalYear);
  const { rows } = await db.query(`${CONFIG_SELECT} WHERE g.customer_master_id = $1 AND g.goal_kind = $2 AND g.company = $3 AND g.goal_year = $4 ORDER BY g.goal_config_id`, [
    caller.organization,
    caller.kind,
    company,
    goalYear,
  ]);
  return rows as GoalConfigRow[];
}

/** One config of the caller's organization and kind; 404 otherwise. */
export async function findConfig(db: Db, caller: GoalCaller, id: number): Promise<GoalConfigRow> {
  const { rows } = await db.query(`${CONFIG_SELECT} WHERE g.goal_config_id = $1 AND g.customer_master_id = $2 AND g.goal_kind = $3`, [id, caller.organization, caller.kind]);
  if (!rows[0]) throw new HttpError(404, `${caller.kind} goal setup ${id} not found`);
  return rows[0] as GoalConfigRow;
}

/** The goal types the caller's role may choose for this kind. */
export async function allowedGoalTypes(db: Db, caller: GoalCaller): Promise<GoalGroupBy[]> {
  const excluded = new Set((await exclusions(db, caller.organization, caller.kind, caller.roleMasterId)).map((e) => e.goalType));
  return GOAL_TYPES[caller.kind].filter((type) => !excluded.has(type));
}

/**
 * Seed 000 §4's hierarchy builder rules, checked on the server: levels filled from 1 without gaps,
 * each a known group-by, none used twice (nor the goal type), FiscalMonth never, Company only at
 * level 1, Complete never for activity goals.
 */
export function checkHierarchy(kind: GoalKind, goalType: string, types: ReadonlyArray<string | null | undefined>): string[] {
  const set: string[] = [];
  let gap = false;
  types.forEach((type, index) => {
    const level = index + 1;
    if (!type) {
      gap = true;
      return;
    }
    if (gap) throw badRequest(`hierarchyType${level} is set but a level above it is empty`);
    if (!(GOAL_GROUP_BYS as readonly string[]).includes(type)) throw badRequest(`hierarchyType${level}: unknown group-by '${type}'; expected one of ${GOAL_GROUP_BYS.join(', ')}`);
    if (type === 'FiscalMonth') throw badRequest(`hierarchyType${level}: FiscalMonth may not be a hierarchy level`);
    if (type === 'Company' && level > 1) throw badRequest(`hierarchyType${level}: Company may be hierarchy level 1 only`);
    if (type === 'Complete' && kind === 'Activity') throw badRequest(`hierarchyType${level}: Complete may not be used for activity goals`);
    if (type === goalType || set.includes(type)) throw badRequest(`hierarchyType${level}: ${type} is used at another level`);
    set.push(type);
  });
  return set;
}

export type ConfigInput = { company: string; goalYear: number; goalType: string; setupDescription?: string } & Partial<Record<`hierarchyType${number}`, string | null>>;

export async function insertConfig(db: Db, caller: GoalCaller, input: ConfigInput): Promise<GoalConfigRow> {
  const goalType = input.goalType;
  if (!(GOAL_TYPES[caller.kind] as readonly string[]).includes(goalType)) {
    throw badRequest(`Unknown ${caller.kind.toLowerCase()} goal type '${goalType}'; expected one of ${GOAL_TYPES[caller.kind].join(', ')}`);
  }
  if (!(await allowedGoalTypes(db, caller)).includes(goalType as GoalGroupBy)) throw new HttpError(403, `Your role may not set ${goalType} goals`);
  const description = input.setupDescription?.trim();
  if (caller.kind === 'Sales' && !description) throw badRequest('setupDescription required!');
  const types = checkHierarchy(caller.kind, goalType, LEVELS.map((l) => input[`hierarchyType${l}`]));
  await requireSetup(db, caller, input.company, input.goalYear);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.goal_config (customer_master_id, goal_kind, company, goal_year, goal_type, ${LEVELS.map((l) => `hierarchy_type${l}`).join(', ')}, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING goal_config_id AS id`,
    [caller.organization, caller.kind, input.company, input.goalYear, goalType, ...LEVELS.map((l) => types[l - 1] ?? null), description || null],
  );
  return findConfig(db, caller, rows[0]!.id);
}

export async function renameConfig(db: Db, caller: GoalCaller, id: number, description: string): Promise<GoalConfigRow> {
  const text = description.trim();
  if (caller.kind === 'Sales' && !text) throw badRequest('description required!');
  await findConfig(db, caller, id);
  await db.query('UPDATE app.goal_config SET description = $2 WHERE goal_config_id = $1', [id, text || null]);
  return findConfig(db, caller, id);
}

export async function deleteConfig(db: Db, caller: GoalCaller, id: number): Promise<void> {
  await findConfig(db, caller, id);
  await db.query('DELETE FROM app.goal_config WHERE goal_config_id = $1', [id]);
}

/** The group-bys: every one (configId 0) or a config's goal type and hierarchy types, with FiscalMonth and Complete. */
export async function groupByList(db: Db, caller: GoalCaller, configId: number) {
  const option = (type: string) => ({ groupByValueField: type, groupByName: GOAL_GROUP_BY_NAMES[type as GoalGroupBy] ?? type });
  if (configId === 0) return GOAL_GROUP_BYS.map(option);
  const config = await findConfig(db, caller, configId);
  const extra = caller.kind === 'Activity' ? ['FiscalMonth'] : ['FiscalMonth', 'Complete'];
  return [config.goalType, ...hierarchyOf(config), ...extra].map(option);
}

// ------------------------------------------------------------------------------ exclusions
// An organization's own: roles are shared by organizations (migration 150).
export async function exclusions(db: Db, organization: number, kind: GoalKind, roleMasterId: number) {
  const { rows } = await db.query<{ roleMasterId: number; goalType: string }>(
    `SELECT role_master_id AS "roleMasterId", goal_type AS "goalType" FROM app.goal_type_exclusion
      WHERE customer_master_id = $1 AND role_master_id = $2 AND goal_kind = $3 ORDER BY goal_type`,
    [organization, roleMasterId, kind],
  );
  return rows;
}

/** 404 unless the role is one the organization can see (a built-in role or its own). */
export async function requireRole(db: Db, organization: number, roleMasterId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM app.role_master WHERE role_master_id = $1 AND (owner_customer_master_id IS NULL OR owner_customer_master_id = $2)', [
    roleMasterId,
    organization,
  ]);
  if (!rows[0]) throw new HttpError(404, `Role ${roleMasterId} not found`);
}

export async function setExclusions(db: Db, organization: number, kind: GoalKind, roleMasterId: number, goalTypes: readonly string[]) {
  for (const type of goalTypes) {
    if (!(GOAL_TYPES[kind] as readonly string[]).includes(type)) throw badRequest(`Unknown ${kind.toLowerCase()} goal type '${type}'; expected one of ${GOAL_TYPES[kind].join(', ')}`);
  }
  await requireRole(db, organization, roleMasterId);
  await inTransaction(db, async (client) => {
    await client.query('DELETE FROM app.goal_type_exclusion WHERE customer_master_id = $1 AND role_master_id = $2 AND goal_kind = $3', [organization, roleMasterId, kind]);
    await client.query(
      `INSERT INTO app.goal_type_exclusion (customer_master_id, role_master_id, goal_kind, goal_type)
       SELECT $1, $2, $3, t FROM unnest($4::text[]) AS t ON CONFLICT DO NOTHING`,
      [organization, roleMasterId, kind, [...new Set(goalTypes)]],
    );
  });
  return exclusions(db, organization, kind, roleMasterId);
}

// ------------------------------------------------------------------------------ goal rows
export type GoalRowInput = Record<string, unknown> & {
  id: number;
  configId?: number;
  isNew?: boolean;
  isDirty?: boolean;
  isDelete?: boolean;
  rowVersion?: number;
};

const ROW_COLUMNS = (kind: GoalKind) => {
  const [first, second] = GOAL_KIND_NAMES[kind].goalFields;
  return `r.id, r.company, r.goal_type AS "goalType", r.goal_type_value AS "goalTypeValue", r.goal_month AS "goalMonth", r.goal_year AS "goalYear",
          r.goal1::float8 AS "${first}", r.goal2::float8 AS "${second}",
          ${LEVELS.map((l) => `r.hierarchy_value${l} AS "hierarchyValue${l}"`).join(', ')},
          to_char(r.date_last_modified, 'YYYY-MM-DD"T"HH24:MI:SS') AS "dateLastModified", r.goal_config_id AS "configId", r.row_version AS "rowVersion"`;
};

/**
 * A config's goal rows (with its hierarchy types and clear flags) by goal type id, goal month and
 * id: all of them, or the page `offset`, `limit` (the grid draws its first page while the rest
 * loads). The order is goal_row_by_value's, so a page is read from the index, not from a sort of
 * every row of the config (50,000 rows on the embedded database: the first page 10 ms, not 490).
 */
export async function goalRows(db: Db, caller: GoalCaller, configId: number, page: { offset?: number; limit?: number } = {}) {
  const config = await findConfig(db, caller, configId);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${ROW_COLUMNS(caller.kind)} FROM app.goal_row r WHERE r.goal_config_id = $1 ORDER BY r.goal_type_value, r.goal_month, r.id OFFSET $2 LIMIT $3`,
    [configId, page.offset ?? 0, page.limit ?? null],
  );
  const extra = { ...Object.fromEntries(LEVELS.map((l) => [`hierarchyType${l}`, config[`hierarchyType${l}` as keyof GoalConfigRow] ?? null])), isDirty: false, isNew: false, isDelete: false };
  for (const row of rows) Object.assign(row, extra);
  return rows;
}

const nullableText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
};

/**
 * Saves the new, dirty and deleted rows (others are ignored) all or nothing. A dirty or deleted
 * row naming a rowVersion that is no longer the stored one, a dirty row that no longer exists, or
 * a new row whose id is taken, is a concurrent edit: 409 naming the rows, nothing saved.
 */
export async function saveRows(db: Db, caller: GoalCaller, rows: readonly GoalRowInput[]) {
  const [first, second] = GOAL_KIND_NAMES[caller.kind].goalFields;
  const changed = rows.filter((r) => r.isNew || r.isDirty || r.isDelete).filter((r) => !(r.isNew && r.isDelete));
  const missing = changed.find((r) => r.configId === undefined || r.configId === 0);
  if (missing) throw badRequest(`Goal row ${missing.id}: configId is required`);
  const configs = new Map<number, GoalConfigRow>();
  for (const id of new Set(changed.map((r) => r.configId!))) configs.set(id, await findConfig(db, caller, id));
  const seen = new Set<string>();
  for (const r of changed) {
    const key = `${r.configId}/${r.id}`;
    if (seen.has(key)) throw badRequest(`Goal row ${r.id} appears twice`);
    seen.add(key);
  }
  const record = (r: GoalRowInput) => {
    const config = configs.get(r.configId!)!;
    return {
      config: r.configId,
      id: r.id,
      company: caller.kind === 'Sales' ? (nullableText(r.company) ?? config.company) : config.company,
      goalType: config.goalType,
      goalTypeValue: nullableText(r.goalTypeValue),
      goalMonth: r.goalMonth ?? null,
      goalYear: r.goalYear ?? config.goalYear,
      goal1: r[first] ?? null,
      goal2: r[second] ?? null,
      ...Object.fromEntries(LEVELS.map((l) => [`h${l}`, nullableText(r[`hierarchyValue${l}`])])),
      modified: typeof r.dateLastModified === 'string' ? r.dateLastModified.slice(0, 19) : null,
      version: r.rowVersion ?? null,
    };
  };
  const inserts = changed.filter((r) => r.isNew).map(record);
  const updates = changed.filter((r) => !r.isNew && !r.isDelete).map(record);
  const deletes = changed.filter((r) => !r.isNew && r.isDelete).map(record);
  const recordset = `jsonb_to_recordset($1::jsonb) AS x(config int, id int, company text, "goalType" text, "goalTypeValue" text, "goalMonth" int, "goalYear" int,
      goal1 numeric, goal2 numeric, h1 text, h2 text, h3 text, h4 text, h5 text, modified timestamp, version int)`;
  return inTransaction(db, async (client) => {
    const conflicts: number[] = [];
    /** Runs a statement over the records (RETURNING the ids it changed); the records it missed are conflicts. */
    const apply = async (records: ReadonlyArray<{ id: number }>, statement: string) => {
      if (!records.length) return;
      const { rows: done } = await client.query<{ id: number }>(statement, [JSON.stringify(records)]);
      const ids = new Set(done.map((d) => d.id));
      conflicts.push(...records.filter((r) => !ids.has(r.id)).map((r) => r.id));
    };
    await apply(
      deletes,
      `DELETE FROM app.goal_row r USING ${recordset}
        WHERE r.goal_config_id = x.config AND r.id = x.id AND (x.version IS NULL OR r.row_version = x.version) RETURNING r.id`,
    );
    await apply(
      updates,
      `UPDATE app.goal_row r SET company = x.company, goal_type = x."goalType", goal_type_value = x."goalTypeValue", goal_month = x."goalMonth",
                goal_year = x."goalYear", goal1 = x.goal1, goal2 = x.goal2, hierarchy_value1 = x.h1, hierarchy_value2 = x.h2, hierarchy_value3 = x.h3,
                hierarchy_value4 = x.h4, hierarchy_value5 = x.h5, date_last_modified = coalesce(x.modified, localtimestamp(0)), row_version = r.row_version + 1
           FROM ${recordset}
          WHERE r.goal_config_id = x.config AND r.id = x.id AND (x.version IS NULL OR r.row_version = x.version) RETURNING r.id`,
    );
    if (inserts.length) {
      const { rows: taken } = await client.query<{ id: number }>(
        `SELECT r.id FROM app.goal_row r JOIN ${recordset} ON r.goal_config_id = x.config AND r.id = x.id`,
        [JSON.stringify(inserts)],
      );
      conflicts.push(...taken.map((t) => t.id));
      if (!taken.length) {
        await client.query(
          `INSERT INTO app.goal_row (goal_config_id, id, company, goal_type, goal_type_value, goal_month, goal_year, goal1, goal2,
                                     hierarchy_value1, hierarchy_value2, hierarchy_value3, hierarchy_value4, hierarchy_value5, date_last_modified)
           SELECT x.config, x.id, x.company, x."goalType", x."goalTypeValue", x."goalMonth", x."goalYear", x.goal1, x.goal2, x.h1, x.h2, x.h3, x.h4, x.h5,
                  coalesce(x.modified, localtimestamp(0))
             FROM ${recordset}`,
          [JSON.stringify(inserts)],
        );
      }
    }
    if (conflicts.length) {
      const ids = [...new Set(conflicts)].sort((a, b) => a - b);
      throw new HttpError(409, `Goal rows changed by someone else since you read them (ids ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ' …' : ''}): nothing was saved; Reset to read them again`);
    }
    return { inserted: inserts.length, updated: updates.length, deleted: deletes.length };
  });
}
