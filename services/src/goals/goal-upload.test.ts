import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { multipart, type TestBrowser } from '../testing/index.ts';
import { useErpServices } from '../analytics/erp-test-kit.ts';
import { filledTemplate } from './goal-test-kit.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

const upload = async (browser: TestBrowser, url: string, bytes: Buffer, fileName = 'goals.xlsx') => {
  const { body, headers } = multipart(fileName, bytes);
  const response = await browser.request('POST', `/api${url}`, { body, headers });
  return { status: response.statusCode, body: response.json() };
};
const storedRows = async (configId: number) =>
  sql(`SELECT goal_type_value AS value, goal_month AS month, goal1::float8 AS goal1, goal2::float8 AS goal2, hierarchy_value1 AS h1 FROM app.goal_row WHERE goal_config_id = $1 ORDER BY id`, [configId]);

describe('goal spreadsheet upload (Bulk…GoalBatch)', () => {
  it('replaces all rows of the setup with the filled-in template; a save of a row read before is a 409', async () => {
    const { admin } = kit.users;
    await ok(admin, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 });
    const config = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer', setupDescription: 'Upload' });
    const old = { id: 77, configId: config.id, isNew: true, isDirty: true, goalMonth: 3, goalTypeValue: 'SR09', salesGoal: 1 };
    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', [old]);
    const [read] = (await get(admin, `/SalesGoal/SalesGoalsHierarchy/${config.id}`)).body;

    const file = await filledTemplate(admin, config.id, [
      ['01', 2026, 1, 30000, 7500, 'SalesRep', 'SR01', 'Customer', null],
      ['01', 2026, 1, '10,000', null, 'SalesRep', 'SR01', 'Customer', 'C0001'],
      [null, null, 2, 20000, 0, null, 'SR02', null, null],
      [],
    ]);
    expect(await upload(admin, `/SalesGoal/BulkSalesGoalBatch/${config.id}`, file)).toEqual({ status: 200, body: { rows: 3, replaced: 1 } });
    expect(await storedRows(config.id)).toEqual([
      { value: 'SR01', month: 1, goal1: 30000, goal2: 7500, h1: null },
      { value: 'SR01', month: 1, goal1: 10000, goal2: null, h1: 'C0001' },
      { value: 'SR02', month: 2, goal1: 20000, goal2: 0, h1: null },
    ]);
    const grid = (await get(admin, `/SalesGoal/SalesGoalsHierarchy/${config.id}`)).body;
    expect(grid[0]).toMatchObject({ company: '01', goalType: 'SalesRep', goalYear: 2026, hierarchyType1: 'Customer' });

    // A manager who read the rows before the upload cannot overwrite the uploaded ones.
    const stale = await post(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', [{ ...read, id: 1, salesGoal: 5, isDirty: true }]);
    expect(stale.status).toBe(409);
    expect((await storedRows(config.id))[0]).toMatchObject({ goal1: 30000 });
  });

  it('a file with bad rows changes nothing and names each row and why', async () => {
    const { admin } = kit.users;
    const [{ id }] = await sql<{ id: number }>(`SELECT goal_config_id AS id FROM app.goal_config WHERE description = 'Upload'`);
    const before = await storedRows(id!);
    const file = await filledTemplate(admin, id!, [
      ['01', 2026, 4, 100, 0, 'SalesRep', 'SR03', 'Customer', null],
      ['01', 2026, 13, 100, 0, 'SalesRep', 'SR03', 'Customer', null],
      ['01', 2026, 4, 'lots', 0, 'Customer', 'SR03', 'Customer', null],
      ['02', 2025, 4, 100, 0, 'SalesRep', '', 'Branch', null],
      ['01', 2026, 4, 100, 0, 'SalesRep', 'sr03', 'Customer', null],
    ]);
    const answer = await upload(admin, `/SalesGoal/BulkSalesGoalBatch/${id}`, file);
    expect(answer.status).toBe(400);
    const message: string = answer.body.message;
    expect(message).toMatch(/^Nothing was uploaded: 4 problems in the file/);
    expect(message).toContain("row 3: GoalMonth '13' is not a month (0–12)");
    expect(message).toContain("row 4: SalesGoalDollars 'lots' is not a number, GoalType is 'Customer' but this goal setup's is 'SalesRep'");
    expect(message).toContain("row 5: Company is '02' but this goal setup's is '01', Goal Year is '2025' but this goal setup's is '2026', GoalTypeID is empty, HierarchyType1 is 'Branch'");
    expect(message).toContain('row 6: it repeats row 2');
    expect(await storedRows(id!)).toEqual(before);
  });

  it('refuses a sheet without the template columns, an empty sheet, a file that is not XLSX, and callers without access', async () => {
    const { admin, rep } = kit.users;
    const [{ id }] = await sql<{ id: number }>(`SELECT goal_config_id AS id FROM app.goal_config WHERE description = 'Upload'`);
    const before = await storedRows(id!);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Goals').addRow(['Company', 'GoalMonth', 'Goal Year']);
    const wrongColumns = await upload(admin, `/SalesGoal/BulkSalesGoalBatch/${id}`, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(wrongColumns.status).toBe(400);
    expect(wrongColumns.body.message).toContain("column 2 is 'GoalMonth' where 'Goal Year' is expected");
    const empty = await upload(admin, `/SalesGoal/BulkSalesGoalBatch/${id}`, await filledTemplate(admin, id!, []));
    expect(empty).toMatchObject({ status: 400, body: { message: 'Nothing was uploaded: the file has no goal rows below its header row.' } });
    expect((await upload(admin, `/SalesGoal/BulkSalesGoalBatch/${id}`, Buffer.from('Company,Goal Year\n01,2026\n'), 'goals.csv')).status).toBe(415);
    expect((await post(admin, `/SalesGoal/BulkSalesGoalBatch/${id}`, {})).status).toBe(415);
    const file = await filledTemplate(admin, id!, [['01', 2026, 1, 1, 1, 'SalesRep', 'SR01', 'Customer', null]]);
    expect((await upload(rep, `/SalesGoal/BulkSalesGoalBatch/${id}`, file)).status).toBe(403);
    // Another kind's or organization's setup is not found.
    expect((await upload(admin, `/BookingsGoal/BulkBookingsGoalBatch/${id}`, file)).status).toBe(404);
    await sql(`INSERT INTO app.goal_setup (customer_master_id, goal_kind, company, goal_year) VALUES (2, 'Sales', '01', 2026) ON CONFLICT DO NOTHING`);
    const [{ other }] = await sql<{ other: number }>(
      `INSERT INTO app.goal_config (customer_master_id, goal_kind, company, goal_year, goal_type) VALUES (2, 'Sales', '01', 2026, 'SalesRep') RETURNING goal_config_id AS other`,
    );
    expect((await upload(admin, `/SalesGoal/BulkSalesGoalBatch/${other}`, file)).status).toBe(404);
    expect(await storedRows(id!)).toEqual(before);
  });

  it('takes activity goals by their own columns', async () => {
    const { admin } = kit.users;
    await ok(admin, '/ActivityGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 });
    const config = await ok(admin, '/ActivityGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep' });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Goals');
    sheet.addRow(['Company', 'Goal Year', 'GoalMonth', 'ActivityCreatedGoal', 'ActivityCompletedGoal', 'GoalType', 'GoalTypeID']);
    sheet.addRow(['01', 2026, 1, 10, 7, 'SalesRep', 'SR01']);
    expect(await upload(admin, `/ActivityGoal/BulkActivityGoalBatch/${config.id}`, Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual({ status: 200, body: { rows: 1, replaced: 0 } });
    expect((await get(admin, `/ActivityGoal/ActivityGoalsHierarchy/${config.id}`)).body[0]).toMatchObject({ goalTypeValue: 'SR01', activityCreatedGoal: 10, activityCompletedGoal: 7 });
  });
});
