/**
 * The goal sums kept per path (app.goal_path_total, migration 320) equal the stored goal rows
 * summed here, in JavaScript, after every way the rows are written: saves (inserts, edits that move
 * a row to another path, level or month, deletes), a refused save, an upload that replaces a
 * config's rows, two saves at once, the removal of a config and of a company/year setup.
 */
import { describe, expect, it } from 'vitest';
import { multipart, type TestBrowser } from '../testing/index.ts';
import { useErpServices } from '../analytics/erp-test-kit.ts';
import { filledTemplate } from './goal-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

/** Exact cents of a numeric's text (null: 0). */
const cents = (text: string | null): number => {
  if (text === null) return 0;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};

type Sums = { rows: number; goal1: number; goal2: number; month1: number[]; month2: number[] };
const sumsKey = (config: number, level: number, path: Array<string | null>) => JSON.stringify([config, level, path]);

/** The kept sums and the stored rows summed per level and path (a row's level: its deepest hierarchy value). */
async function keptAndSummed(): Promise<{ kept: Map<string, Sums>; summed: Map<string, Sums> }> {
  const kept = new Map<string, Sums>();
  const stored = await sql<{ id: number; level: number; path: Array<string | null>; n: number; goal1: string; goal2: string; month1: string[]; month2: string[] }>(
    `SELECT goal_config_id AS id, level, path, goal_rows AS n, goal1::text, goal2::text, month_goal1::text[] AS month1, month_goal2::text[] AS month2 FROM app.goal_path_total`,
  );
  for (const t of stored) {
    kept.set(sumsKey(t.id, t.level, t.path), { rows: t.n, goal1: cents(t.goal1), goal2: cents(t.goal2), month1: t.month1.map(cents), month2: t.month2.map(cents) });
  }
  const summed = new Map<string, Sums>();
  const rows = await sql<Record<string, string | number | null>>(
    `SELECT goal_config_id AS id, goal_type_value AS h0, hierarchy_value1 AS h1, hierarchy_value2 AS h2, hierarchy_value3 AS h3, hierarchy_value4 AS h4, hierarchy_value5 AS h5,
            goal_month AS month, goal1::text AS goal1, goal2::text AS goal2 FROM app.goal_row`,
  );
  for (const row of rows) {
    if (row.h0 === null) continue;
    const values = [0, 1, 2, 3, 4, 5].map((l) => row[`h${l}`] as string | null);
    const level = Math.max(0, ...values.map((v, l) => (l > 0 && v !== null ? l : 0)));
    const key = sumsKey(Number(row.id), level, values.slice(0, level + 1));
    const sums = summed.get(key) ?? { rows: 0, goal1: 0, goal2: 0, month1: Array<number>(12).fill(0), month2: Array<number>(12).fill(0) };
    const [goal1, goal2] = [cents(row.goal1 as string | null), cents(row.goal2 as string | null)];
    sums.rows += 1;
    sums.goal1 += goal1;
    sums.goal2 += goal2;
    const month = row.month === null ? 0 : Number(row.month);
    if (month >= 1 && month <= 12) {
      sums.month1[month - 1]! += goal1;
      sums.month2[month - 1]! += goal2;
    }
    summed.set(key, sums);
  }
  return { kept, summed };
}

async function expectKeptSumsEqualRows(): Promise<number> {
  const { kept, summed } = await keptAndSummed();
  expect(Object.fromEntries([...kept].sort())).toEqual(Object.fromEntries([...summed].sort()));
  return kept.size;
}

let nextId = 5000;
const save = (browser: TestBrowser, rows: Array<Record<string, unknown>>) => ok(browser, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', rows);
const added = (configId: number, fields: Record<string, unknown>) => ({ id: nextId++, configId, isNew: true, isDirty: true, goalMonth: 1, ...fields });

describe('goal sums kept per path', () => {
  it('equal the stored rows after saves, a refused save, an upload, two saves at once and the removal of a config and of a setup', async () => {
    const { admin } = kit.users;
    await ok(admin, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 });
    const deep = await ok(admin, '/SalesGoal/InsertHierarchyConfig', {
      company: '01',
      goalYear: 2026,
      goalType: 'SalesRep',
      hierarchyType1: 'Customer',
      hierarchyType2: 'ProductGroup',
      setupDescription: 'Kept sums',
    });
    const other = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'Branch', setupDescription: 'Beside it' });
    await save(admin, [added(other.id, { goalTypeValue: '01', salesGoal: 5, profitGoal: 1 })]);
    expect(await expectKeptSumsEqualRows()).toBe(1);

    // Inserts at every level, each month, month 0 and none, empty goals, a gap in the hierarchy, no goal type value.
    const rows = [
      ...Array.from({ length: 12 }, (_, m) => added(deep.id, { goalTypeValue: 'SR01', goalMonth: m + 1, salesGoal: 1000.1 * (m + 1), profitGoal: 100.25 })),
      added(deep.id, { goalTypeValue: 'SR01', goalMonth: 0, salesGoal: 7.07, profitGoal: null }),
      added(deep.id, { goalTypeValue: 'SR01', goalMonth: null, salesGoal: null, profitGoal: 3 }),
      added(deep.id, { goalTypeValue: 'SR01', hierarchyValue1: 'C0001', goalMonth: 2, salesGoal: 250.5, profitGoal: 50 }),
      added(deep.id, { goalTypeValue: 'SR01', hierarchyValue1: 'C0001', goalMonth: 2, salesGoal: 249.5, profitGoal: 50 }),
      added(deep.id, { goalTypeValue: 'SR01', hierarchyValue1: 'C0001', hierarchyValue2: 'PG01', goalMonth: 11, salesGoal: 99.99, profitGoal: 9.99 }),
      added(deep.id, { goalTypeValue: 'SR02', hierarchyValue2: 'PG02', goalMonth: 4, salesGoal: 10, profitGoal: 1 }),
      added(deep.id, { goalTypeValue: null, hierarchyValue1: 'C0002', goalMonth: 5, salesGoal: 20, profitGoal: 2 }),
      added(deep.id, { goalTypeValue: 'SR03', hierarchyValue1: 'C0003', goalMonth: 12, salesGoal: -40, profitGoal: -4 }),
    ];
    await save(admin, rows);
    expect(await expectKeptSumsEqualRows()).toBe(6);
    const read = (await kit.get(admin, `/SalesGoal/SalesGoalsHierarchy/${deep.id}`)).body as Array<Record<string, unknown> & { id: number }>;
    const byId = new Map(read.map((r) => [r.id, r]));
    const row = (r: { id: number }) => byId.get(r.id)!;

    // Edits: a goal changed, a row moved to another month, to another path, to a deeper and a shallower
    // level, its goal type value emptied; deletes, one emptying its path.
    await save(admin, [
      { ...row(rows[0]!), salesGoal: 1, isDirty: true },
      { ...row(rows[1]!), goalMonth: 7, isDirty: true },
      { ...row(rows[14]!), hierarchyValue1: 'C0009', isDirty: true },
      { ...row(rows[2]!), hierarchyValue1: 'C0001', hierarchyValue2: 'PG01', isDirty: true },
      { ...row(rows[16]!), hierarchyValue1: null, hierarchyValue2: null, isDirty: true },
      { ...row(rows[3]!), goalTypeValue: null, isDirty: true },
      { ...row(rows[15]!), isDelete: true },
      { ...row(rows[19]!), isDelete: true },
      added(deep.id, { goalTypeValue: 'SR04', goalMonth: 6, salesGoal: 600, profitGoal: 60 }),
    ]);
    await expectKeptSumsEqualRows();
    const kept = (await sql<{ path: string[] }>('SELECT path FROM app.goal_path_total WHERE goal_config_id = $1 ORDER BY level, path', [deep.id])).map((t) => t.path.join(' › '));
    expect(kept).toEqual(['SR01', 'SR04', 'SR01 › C0009', 'SR01 › C0001 › PG01', 'SR02 ›  › PG02']);

    // A refused save (a stale version) changes neither the rows nor their sums.
    const before = await keptAndSummed();
    expect((await post(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', [{ ...row(rows[4]!), salesGoal: 1e6, isDirty: true }, { ...row(rows[0]!), salesGoal: 2, isDirty: true }])).status).toBe(409);
    expect((await keptAndSummed()).kept).toEqual(before.kept);
    await expectKeptSumsEqualRows();

    // Two saves at once, adding to the same paths.
    await Promise.all(
      [0, 1].map((n) =>
        save(admin, Array.from({ length: 40 }, (_, i) => added(deep.id, { goalTypeValue: 'SR05', hierarchyValue1: `C00${10 + (i % 4)}`, goalMonth: (i % 12) + 1, salesGoal: n + i, profitGoal: 1 }))),
      ),
    );
    await expectKeptSumsEqualRows();

    // An upload replaces the config's rows: their sums go, the uploaded rows' come.
    const file = await filledTemplate(admin, deep.id, [
      ['01', 2026, 1, 30000, 7500, 'SalesRep', 'SR01', 'Customer', null, 'ProductGroup', null],
      ['01', 2026, 2, 30000, 7500, 'SalesRep', 'SR01', 'Customer', null, 'ProductGroup', null],
      ['01', 2026, 1, 10000.55, null, 'SalesRep', 'SR01', 'Customer', 'C0001', 'ProductGroup', null],
      ['01', 2026, 0, 4000, 400, 'SalesRep', 'SR02', 'Customer', 'C0002', 'ProductGroup', 'PG01'],
    ]);
    const { body, headers } = multipart('goals.xlsx', file);
    const uploaded = await admin.request('POST', `/api/SalesGoal/BulkSalesGoalBatch/${deep.id}`, { body, headers });
    expect(uploaded.statusCode).toBe(200);
    await expectKeptSumsEqualRows();
    expect(await sql('SELECT level, path, goal_rows AS n, goal1::float8 AS goal1 FROM app.goal_path_total WHERE goal_config_id = $1 ORDER BY level, path', [deep.id])).toEqual([
      { level: 0, path: ['SR01'], n: 2, goal1: 60000 },
      { level: 1, path: ['SR01', 'C0001'], n: 1, goal1: 10000.55 },
      { level: 2, path: ['SR02', 'C0002', 'PG01'], n: 1, goal1: 4000 },
    ]);

    // Removing a config removes its sums; the other config's stay.
    expect((await admin.request('DELETE', `/api/SalesGoal/SalesGoalsHierarchyConfig/${deep.id}`)).statusCode).toBe(204);
    expect(await expectKeptSumsEqualRows()).toBe(1);
    expect(await sql('SELECT count(*)::int AS n FROM app.goal_path_total WHERE goal_config_id = $1', [deep.id])).toEqual([{ n: 0 }]);

    // Removing the company/year setup removes its configs, their rows and their sums.
    await sql("DELETE FROM app.goal_setup WHERE goal_kind = 'Sales' AND company = '01' AND goal_year = 2026");
    expect(await expectKeptSumsEqualRows()).toBe(0);
  });
});
