import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import type { TestBrowser } from '../testing/index.ts';
import { TODAY, useErpServices, withChangedRollup } from '../analytics/erp-test-kit.ts';
import { elapsedWorkingDays, pace, workingDays } from './pacing.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

const send = async (browser: TestBrowser, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) => {
  const response = await browser.request(method, `/api${url}`, { ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
  return { status: response.statusCode, body: response.statusCode === 204 ? null : String(response.headers['content-type']).includes('json') ? response.json() : response.rawPayload, headers: response.headers };
};
let nextId = 1000;
const newRow = (configId: number, fields: Record<string, unknown>) => ({ id: nextId++, configId, isNew: true, isDirty: true, goalMonth: 1, ...fields });

describe('goal setups and configs', () => {
  it('InsertHierarchySetup adds a company/year once (409 after), needs the wizard access (403) and a known company (404)', async () => {
    const { admin, rep, manager } = kit.users;
    const added = await ok(admin, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 });
    expect(added).toEqual({ company: '01', companyName: 'Northwind Industrial Supply', goalYear: 2026 });
    expect((await post(admin, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 })).status).toBe(409);
    expect((await post(admin, '/SalesGoal/InsertHierarchySetup', { company: 'ZZ', goalYear: 2026 })).status).toBe(404);
    expect((await post(admin, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 'next' })).status).toBe(400);
    expect((await post(rep, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 2027 })).status).toBe(403);
    expect((await post(manager, '/SalesGoal/InsertHierarchySetup', { company: '01', goalYear: 2027 })).status).toBe(403);
    // The same company and year is a separate setup for each kind.
    await ok(admin, '/BookingsGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 });
    const list = await get(admin, '/SalesGoal/SalesGoalsHierarchySetupList');
    expect(list.body).toEqual([{ company: '01', companyName: 'Northwind Industrial Supply', goalYear: 2026 }]);
    expect((await get(rep, '/SalesGoal/SalesGoalsHierarchySetupList')).status).toBe(403);
  });

  it('InsertHierarchyConfig checks the builder rules, the sales description and the setup; lists, renames and removes with all data', async () => {
    const { admin } = kit.users;
    const base = { company: '01', goalYear: 2026, goalType: 'SalesRep', setupDescription: 'Reps by customer' };
    const bad = [
      { ...base, setupDescription: '' },
      { ...base, setupDescription: 'x'.repeat(51) },
      { ...base, hierarchyType1: 'FiscalMonth' },
      { ...base, hierarchyType1: 'Customer', hierarchyType2: 'Company' },
      { ...base, hierarchyType1: 'Customer', hierarchyType2: 'Customer' },
      { ...base, hierarchyType1: 'SalesRep' },
      { ...base, hierarchyType2: 'Customer' },
      { ...base, hierarchyType1: 'Nope' },
      { ...base, goalType: 'Nope' },
    ];
    for (const body of bad) expect((await post(admin, '/SalesGoal/InsertHierarchyConfig', body)).status, JSON.stringify(body)).toBe(400);
    expect((await post(admin, '/SalesGoal/InsertHierarchyConfig', { ...base, goalYear: 2030 })).status).toBe(404);
    expect((await post(admin, '/ActivityGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Complete' })).status).toBe(400);

    const config = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { ...base, hierarchyType1: 'Branch', hierarchyType2: 'Customer', hierarchyType3: 'ProductGroup' });
    expect(config).toMatchObject({ company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Branch', hierarchyType2: 'Customer', hierarchyType3: 'ProductGroup', hierarchyType4: null, description: 'Reps by customer' });
    const list = await get(admin, '/SalesGoal/SalesGoalsHierarchyConfigList/01/2026');
    expect(list.body.map((c: { id: number }) => c.id)).toContain(config.id);
    expect((await get(admin, '/SalesGoal/SalesGoalsHierarchyConfigList/01/2031')).status).toBe(404);
    expect((await get(admin, `/SalesGoal/SalesGoalsHierarchyConfig/${config.id}`)).body.id).toBe(config.id);
    // Another kind's id is not found through this kind's calls.
    expect((await get(admin, `/BookingsGoal/BookingsGoalsHierarchyConfig/${config.id}`)).status).toBe(404);

    const groupBys = await get(admin, `/SalesGoal/GoalGroupByList/current/${config.id}`);
    expect(groupBys.body.map((g: { groupByValueField: string }) => g.groupByValueField)).toEqual(['SalesRep', 'Branch', 'Customer', 'ProductGroup', 'FiscalMonth', 'Complete']);
    expect((await get(admin, '/SalesGoal/GoalGroupByList/current/0')).body).toHaveLength(7);

    expect((await post(admin, '/SalesGoal/SalesGoalsHierarchyConfigName', { id: config.id, description: '' })).status).toBe(400);
    expect((await ok(admin, '/SalesGoal/SalesGoalsHierarchyConfigName', { id: config.id, description: 'Renamed' })).description).toBe('Renamed');
    expect((await post(admin, '/SalesGoal/SalesGoalsHierarchyConfigName', { id: 999999, description: 'x' })).status).toBe(404);

    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', [newRow(config.id, { goalTypeValue: 'SR01', salesGoal: 100 })]);
    const removed = await send(admin, 'DELETE', `/SalesGoal/SalesGoalsHierarchyConfig/${config.id}`);
    expect(removed.status).toBe(204);
    expect(await sql('SELECT * FROM app.goal_row WHERE goal_config_id = $1', [config.id])).toEqual([]);
    expect((await get(admin, `/SalesGoal/SalesGoalsHierarchyConfig/${config.id}`)).status).toBe(404);
  });

  it("another organization's setup answers 404", async () => {
    const { admin } = kit.users;
    await sql(`INSERT INTO app.goal_setup (customer_master_id, goal_kind, company, goal_year) VALUES (2, 'Sales', '01', 2025)`);
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO app.goal_config (customer_master_id, goal_kind, company, goal_year, goal_type) VALUES (2, 'Sales', '01', 2025, 'SalesRep') RETURNING goal_config_id AS id`,
    );
    expect((await get(admin, `/SalesGoal/SalesGoalsHierarchyConfig/${id}`)).status).toBe(404);
    expect((await get(admin, `/SalesGoal/SalesGoalsHierarchy/${id}`)).status).toBe(404);
    expect((await send(admin, 'DELETE', `/SalesGoal/SalesGoalsHierarchyConfig/${id}`)).status).toBe(404);
    expect((await post(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', [newRow(id!, { goalTypeValue: 'SR01' })])).status).toBe(404);
    expect((await get(admin, '/SalesGoal/SalesGoalsHierarchyConfigList/01/2025')).status).toBe(404);
  });
});

describe('goal rows', () => {
  it('saves only new, dirty and deleted rows; a stale version is a 409 that saves nothing', async () => {
    const { admin } = kit.users;
    await ok(admin, '/ActivityGoal/InsertHierarchySetup', { company: '01', goalYear: 2026 });
    const config = await ok(admin, '/ActivityGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer' });
    const a = newRow(config.id, { goalTypeValue: 'SR01', activityCreatedGoal: 10, activityCompletedGoal: 7, dateLastModified: '2026-11-20T09:30:00' });
    const b = newRow(config.id, { goalTypeValue: 'SR02', activityCreatedGoal: 5, hierarchyValue1: 'C1' });
    const ignored = { ...newRow(config.id, { goalTypeValue: 'SR03' }), isNew: false, isDirty: false };
    expect(await ok(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', [a, b, ignored])).toEqual({ inserted: 2, updated: 0, deleted: 0 });
    const rows = (await get(admin, `/ActivityGoal/ActivityGoalsHierarchy/${config.id}`)).body;
    expect(rows).toHaveLength(2);
    const first = rows.find((r: { id: number }) => r.id === a.id);
    expect(first).toMatchObject({ company: '01', goalType: 'SalesRep', goalTypeValue: 'SR01', activityCreatedGoal: 10, activityCompletedGoal: 7, hierarchyType1: 'Customer', hierarchyValue1: null, dateLastModified: '2026-11-20T09:30:00', rowVersion: 1, isDirty: false, isNew: false, isDelete: false });

    // A new row with an id that is taken is a conflict.
    expect((await post(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', [{ ...a }])).status).toBe(409);
    // Two managers read version 1; the first saves; the second's save of the same row is refused, and his other change is not kept.
    expect(await ok(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', [{ ...first, activityCreatedGoal: 12, goalTypeValue: '', isDirty: true }])).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    const stale = await post(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', [
      { ...first, activityCreatedGoal: 99, isDirty: true },
      newRow(config.id, { goalTypeValue: 'SR04' }),
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain(String(a.id));
    const after = (await get(admin, `/ActivityGoal/ActivityGoalsHierarchy/${config.id}`)).body;
    expect(after).toHaveLength(2);
    // Clearing a text cell stores null.
    expect(after.find((r: { id: number }) => r.id === a.id)).toMatchObject({ activityCreatedGoal: 12, goalTypeValue: null, rowVersion: 2 });
    // Delete.
    const second = after.find((r: { id: number }) => r.id === b.id);
    expect(await ok(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', [{ ...second, isDelete: true, isDirty: true }])).toEqual({ inserted: 0, updated: 0, deleted: 1 });
    expect((await get(admin, `/ActivityGoal/ActivityGoalsHierarchy/${config.id}`)).body).toHaveLength(1);
  });

  it('answers the rows a page at a time (offset, limit) in the order of the whole read: goal type id, month, id', async () => {
    const { admin } = kit.users;
    const config = await ok(admin, '/ActivityGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep' });
    const rows = ['SR02', 'SR01', 'SR03'].flatMap((rep) => [3, 1, 2].map((goalMonth) => newRow(config.id, { goalTypeValue: rep, goalMonth })));
    await ok(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', rows);
    const url = `/ActivityGoal/ActivityGoalsHierarchy/${config.id}`;
    const all = (await get(admin, url)).body as Array<{ goalTypeValue: string; goalMonth: number }>;
    expect(all.map((r) => `${r.goalTypeValue}/${r.goalMonth}`)).toEqual(['SR01', 'SR02', 'SR03'].flatMap((rep) => [1, 2, 3].map((m) => `${rep}/${m}`)));
    const pages = [(await get(admin, `${url}?offset=0&limit=4`)).body, (await get(admin, `${url}?offset=4&limit=4`)).body, (await get(admin, `${url}?offset=8&limit=4`)).body];
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual(all);
    expect((await get(admin, `${url}?limit=0`)).status).toBe(400);
    expect((await get(admin, `${url}?limit=10001`)).status).toBe(400);
  });

  it('refuses rows without a config, twice the same row, ids out of range and wrong types (400)', async () => {
    const { admin, viewer } = kit.users;
    const [{ id }] = await sql<{ id: number }>(`SELECT goal_config_id AS id FROM app.goal_config WHERE goal_kind = 'Activity' AND customer_master_id = 1 LIMIT 1`);
    const row = newRow(id!, { goalTypeValue: 'SR05' });
    for (const body of [[{ ...row, configId: undefined }], [row, row], [{ ...row, id: 2147483647 }], [{ ...row, goalMonth: 13 }], [{ ...row, activityCreatedGoal: 'ten' }], { rows: [] }]) {
      expect((await post(admin, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(viewer, '/ActivityGoal/ActivityGoalsHierarchyBulkUpdate', [row])).status).toBe(403);
  });

  it('the template is an XLSX named in Content-Disposition with the seed columns in order', async () => {
    const { admin, rep } = kit.users;
    const config = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer', setupDescription: 'Template' });
    const answer = await send(admin, 'POST', `/SalesGoal/SalesGoalsTemplateGenerator/${config.id}`, {}, { 'export-results': 'true' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="SalesGoalSetupTemplate_01_2026_${config.id}\\.xlsx"`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.body as unknown as ArrayBuffer);
    const header = (workbook.getWorksheet('Goals')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Company', 'Goal Year', 'GoalMonth', 'SalesGoalDollars', 'ProfitGoalDollars', 'GoalType', 'GoalTypeID', 'HierarchyType1', 'HierarchyID1']);
    expect((await send(rep, 'POST', `/SalesGoal/SalesGoalsTemplateGenerator/${config.id}`, {})).status).toBe(403);
    expect((await send(admin, 'POST', '/SalesGoal/SalesGoalsTemplateGenerator/999999', {})).status).toBe(404);
    const [bookings] = await sql<{ id: number }>(`INSERT INTO app.goal_config (customer_master_id, goal_kind, company, goal_year, goal_type) VALUES (1, 'Bookings', '01', 2026, 'Customer') RETURNING goal_config_id AS id`);
    const viaGet = await send(admin, 'GET', `/BookingsGoal/BookingsGoalsTemplateGenerator?bookingsGoalConfigId=${bookings!.id}`);
    expect(viaGet.status).toBe(200);
    expect(viaGet.headers['content-disposition']).toContain('BookingsGoalSetupTemplate_01_2026');
  });
});

describe('goal type exclusions', () => {
  it('administrators set a role\u2019s excluded goal types; GoalTypeList leaves them out for that role', async () => {
    const { admin, manager } = kit.users;
    const [{ role }] = await sql<{ role: number }>(`SELECT role_master_id AS role FROM app.role_master WHERE role_name = 'SiteAdmin'`);
    expect((await get(admin, '/SalesGoal/GoalTypeList/current')).body.map((t: { groupByValueField: string }) => t.groupByValueField)).toContain('ProductGroup');
    expect(await ok(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: ['ProductGroup', 'Branch'] })).toEqual([
      { roleMasterId: role, goalType: 'Branch' },
      { roleMasterId: role, goalType: 'ProductGroup' },
    ]);
    expect((await get(admin, `/SalesGoal/GoalTypeListExclusions/${role}`)).body).toHaveLength(2);
    expect((await get(admin, `/BookingsGoal/GoalTypeListExclusions/${role}`)).body).toEqual([]);
    expect((await get(admin, '/SalesGoal/GoalTypeList/current')).body.map((t: { groupByValueField: string }) => t.groupByValueField)).toEqual(['SalesRep', 'Customer', 'Company']);
    // An excluded goal type cannot be chosen.
    expect((await post(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'Branch', setupDescription: 'x' })).status).toBe(403);
    expect((await post(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: ['Nope'] })).status).toBe(400);
    expect((await post(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: 99999, goalTypes: [] })).status).toBe(404);
    expect((await get(admin, '/SalesGoal/GoalTypeListExclusions/99999')).status).toBe(404);
    expect((await post(manager, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: [] })).status).toBe(403);
    expect((await get(manager, `/SalesGoal/GoalTypeListExclusions/${role}`)).status).toBe(403);
    await ok(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: [] });
    expect((await get(admin, '/SalesGoal/GoalTypeList/2026')).body).toHaveLength(5);
  });

  it("an organization's exclusions are its own: another organization's admins of the same role keep every goal type", async () => {
    const { admin } = kit.users;
    // A second organization with a SiteAdmin of its own, and a role that only the first organization owns.
    await sql(`INSERT INTO app.customer_master (customer_master_id, customer_name, erp_master_id, edition_master_id) VALUES (3, 'Fabrikam', 1, 3)`);
    await sql(
      `INSERT INTO app.user_master (email, full_name, password_hash, role_master_id, customer_master_id)
       SELECT 'fabrikam-admin@tradeboard.example', 'Fabrikam Admin', password_hash, role_master_id, 3 FROM app.user_master WHERE email = 'admin@tradeboard.example' AND home_user_master_id IS NULL`,
    );
    const other = kit.services.browser();
    expect((await other.login('fabrikam-admin@tradeboard.example', DEMO_PASSWORD)).statusCode).toBe(200);
    const [{ role }] = await sql<{ role: number }>(`SELECT role_master_id AS role FROM app.role_master WHERE role_name = 'SiteAdmin'`);
    const [{ own }] = await sql<{ own: number }>(
      `INSERT INTO app.role_master (role_master_id, role_name, owner_customer_master_id) VALUES (nextval('app.role_master_id_seq'), 'Northwind Goal Setters', 1) RETURNING role_master_id AS own`,
    );
    const types = async (browser: TestBrowser) => (await get(browser, '/SalesGoal/GoalTypeList/current')).body.map((t: { groupByValueField: string }) => t.groupByValueField);

    await ok(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: ['Branch'] });
    expect(await types(admin)).not.toContain('Branch');
    expect(await types(other)).toContain('Branch');
    expect((await get(other, `/SalesGoal/GoalTypeListExclusions/${role}`)).body).toEqual([]);
    // The second organization's own choice does not reach the first.
    await ok(other, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: ['Customer'] });
    expect(await types(admin)).toEqual(['SalesRep', 'Customer', 'ProductGroup', 'Company']);
    expect(await types(other)).toEqual(['SalesRep', 'Branch', 'ProductGroup', 'Company']);
    // Another organization's own role is not found.
    expect((await get(other, `/SalesGoal/GoalTypeListExclusions/${own}`)).status).toBe(404);
    expect((await post(other, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: own, goalTypes: ['Branch'] })).status).toBe(404);
    expect(await ok(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: own, goalTypes: ['Branch'] })).toEqual([{ roleMasterId: own, goalType: 'Branch' }]);
    await ok(admin, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: [] });
    await ok(other, '/SalesGoal/AddGoalTypeExclusions', { roleMasterId: role, goalTypes: [] });
  });
});

describe('goal against actual', () => {
  it('a rep reads his own goal against his invoiced sales with pacing; a manager his team; another rep nothing of his', async () => {
    const { admin, rep, rep2, manager, viewer } = kit.users;
    await sql(`INSERT INTO app.goal_setup (customer_master_id, goal_kind, company, goal_year) VALUES (1, 'Sales', '01', 2026), (1, 'Bookings', '01', 2026) ON CONFLICT DO NOTHING`);
    const config = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer', setupDescription: 'Pacing' });
    const [{ customer }] = await sql<{ customer: string }>(`SELECT customer FROM erp.customer WHERE sales_rep = 'SR01' AND company = '01' ORDER BY customer LIMIT 1`);
    const rows = [];
    for (let month = 1; month <= 12; month++) {
      rows.push(newRow(config.id, { goalTypeValue: 'SR01', goalMonth: month, salesGoal: 10000, profitGoal: 2500 }));
      rows.push(newRow(config.id, { goalTypeValue: 'SR02', goalMonth: month, salesGoal: 5000 }));
    }
    rows.push(newRow(config.id, { goalTypeValue: 'SR01', goalMonth: 11, salesGoal: 1000, hierarchyValue1: customer }));
    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', rows);

    const mine = await ok(rep, `/SalesGoal/Grouped/SalesRep/current/${config.id}`);
    expect(mine.fiscalYear).toBe(2026);
    expect(mine.today).toBe(TODAY);
    expect(mine.rows.map((r: { key: string }) => r.key)).toEqual(['SR01']);
    const [{ ytd, mtd }] = await sql<{ ytd: number; mtd: number }>(
      `SELECT coalesce(sum(sales), 0)::float8 AS ytd, coalesce(sum(sales) FILTER (WHERE invoice_date >= '2026-11-01'), 0)::float8 AS mtd
         FROM erp.invoice_line WHERE sales_rep = 'SR01' AND invoice_date BETWEEN '2026-01-01' AND $1`,
      [TODAY],
    );
    const row = mine.rows[0];
    expect(row.goal).toBe(120000);
    expect(row.goal2).toBe(30000);
    expect(row.monthGoal).toBe(10000);
    expect(row.actual).toBeCloseTo(ytd, 2);
    expect(row.monthActual).toBeCloseTo(mtd, 2);
    // November 2026: 21 weekdays, 15 of them up to Friday the 20th.
    expect(mine.month).toEqual({ from: '2026-11-01', to: '2026-11-30', workingDays: 21, workingDaysElapsed: 15 });
    expect(row.monthPacePercent).toBeCloseTo(Math.round(((mtd / 15) * 21 / 10000) * 1000) / 10, 1);
    expect(row.monthNeededPerWorkingDay).toBeCloseTo(Math.round((Math.max(0, 10000 - mtd) / 6) * 100) / 100, 2);
    expect(row.ytdGoal).toBeCloseTo(100000 + (10000 * 15) / 21, 1);

    // A manager sees his team (SR01 and SR02 report to SM01 in the demo data); the other rep only his own.
    const team = await ok(manager, `/SalesGoal/Grouped/SalesRep/current/0`);
    expect(team.rows.map((r: { key: string }) => r.key).sort()).toEqual(expect.arrayContaining(['SR01']));
    const other = await ok(rep2, `/SalesGoal/Grouped/SalesRep/current/${config.id}`);
    expect(other.rows.map((r: { key: string }) => r.key)).toEqual(['SR02']);
    expect((await ok(admin, `/SalesGoal/Grouped/SalesRep/2026/${config.id}`)).rows).toHaveLength(2);

    // The customer level: the goal set under SR01 for one customer, against SR01's sales to it.
    const customers = await ok(rep, `/SalesGoal/Grouped/Customer/current/${config.id}`);
    expect(customers.rows).toHaveLength(1);
    expect(customers.rows[0]).toMatchObject({ key: customer, goal: 1000, level: 1 });
    expect((await ok(rep2, `/SalesGoal/Grouped/Customer/current/${config.id}`)).rows).toEqual([]);

    const months = await ok(admin, `/SalesGoal/Grouped/FiscalMonth/current/${config.id}`);
    expect(months.rows.map((r: { key: string }) => r.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(months.rows[0].goal).toBe(15000);
    const quarters = await ok(rep, `/SalesGoal/Grouped/Quarterly/SalesRep/current/${config.id}`);
    expect(quarters.rows.map((r: { quarter: number; goal: number }) => [r.quarter, r.goal])).toEqual([[1, 30000], [2, 30000], [3, 30000], [4, 30000]]);

    expect((await post(rep, `/SalesGoal/Grouped/Branch/current/${config.id}`, {})).status).toBe(400);
    expect((await post(rep, `/SalesGoal/Grouped/Nope/current/${config.id}`, {})).status).toBe(400);
    expect((await post(rep, `/SalesGoal/Grouped/SalesRep/someday/${config.id}`, {})).status).toBe(400);
    expect((await post(rep, `/SalesGoal/Grouped/SalesRep/current/999999`, {})).status).toBe(404);
    expect((await post(viewer, `/SalesGoal/Grouped/SalesRep/current/0`, {})).status).toBe(403);
    const setRight = (value: string) =>
      sql(
        `UPDATE app.setting_role SET setting_value = $1 WHERE role_master_id = (SELECT role_master_id FROM app.role_master WHERE role_name = 'SalesRep')
            AND setting_master_id = (SELECT setting_master_id FROM app.setting_master WHERE setting_name = 'SalesGoalAccessRight')`,
        [value],
      );
    await setRight('false');
    try {
      expect((await post(rep, `/SalesGoal/Grouped/SalesRep/current/0`, {})).status).toBe(403);
    } finally {
      await setRight('true');
    }
  });

  it('the actuals read from the rollups (whole months) and the days of this month are the raw lines\' sums: every level, month and quarter', async () => {
    const { admin } = kit.users;
    await sql(`INSERT INTO app.goal_setup (customer_master_id, goal_kind, company, goal_year) VALUES (1, 'Sales', '01', 2026), (1, 'Bookings', '01', 2026) ON CONFLICT DO NOTHING`);
    const config = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'Branch', hierarchyType1: 'SalesRep', hierarchyType2: 'Customer', setupDescription: 'Rollups' });
    const groups = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'ProductGroup', hierarchyType1: 'SalesRep', setupDescription: 'Groups' });
    const bookings = await ok(admin, '/BookingsGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer' });
    const paths = await sql<{ branch: string; rep: string; customer: string; group: string }>(
      `SELECT branch, sales_rep AS rep, customer, min(product_group) AS "group" FROM erp.invoice_line
        WHERE company = '01' AND invoice_date BETWEEN '2026-11-01' AND $1 GROUP BY 1, 2, 3 ORDER BY sum(sales) DESC, 3 LIMIT 3`,
      [TODAY],
    );
    const rows = paths.flatMap(({ branch, rep, customer }) => [
      newRow(config.id, { goalTypeValue: branch, goalMonth: 1, salesGoal: 1 }),
      newRow(config.id, { goalTypeValue: branch, hierarchyValue1: rep, goalMonth: 1, salesGoal: 1 }),
      newRow(config.id, { goalTypeValue: branch, hierarchyValue1: rep, hierarchyValue2: customer, goalMonth: 1, salesGoal: 1 }),
    ]);
    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', rows.filter((r, i) => rows.findIndex((o) => JSON.stringify({ ...o, id: 0 }) === JSON.stringify({ ...r, id: 0 })) === i));
    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', paths.map(({ rep, group }) => newRow(groups.id, { goalTypeValue: group, hierarchyValue1: rep, salesGoal: 1 })));
    await ok(admin, '/BookingsGoal/BookingsGoalsHierarchyBulkUpdate', paths.map(({ rep, customer }) => newRow(bookings.id, { goalTypeValue: rep, hierarchyValue1: customer, bookingsGoal: 1 })));

    /** The raw lines' sales and gross profit of a path from `from` to `to`. */
    const raw = async (table: string, date: string, where: Record<string, string>, from: string, to: string) => {
      const keys = Object.keys(where);
      const [sums] = await sql<{ sales: number; profit: number }>(
        `SELECT coalesce(sum(sales), 0)::float8 AS sales, coalesce(sum(sales - cost), 0)::float8 AS profit FROM ${table}
          WHERE ${date} BETWEEN $1 AND $2 ${keys.map((k, i) => `AND ${k} = $${i + 3}`).join(' ')}`,
        [from, to, ...Object.values(where)],
      );
      return sums!;
    };
    const check = async (url: string, table: string, date: string, where: (key: string) => Record<string, string>) => {
      const answer = await ok(admin, url);
      expect(answer.rows.length, url).toBeGreaterThan(0);
      for (const row of answer.rows) {
        const ytd = await raw(table, date, where(row.key), '2026-01-01', TODAY);
        const mtd = await raw(table, date, where(row.key), '2026-11-01', TODAY);
        expect(row.actual, `${url} ${row.key}`).toBeCloseTo(ytd.sales, 2);
        expect(row.actual2, `${url} ${row.key}`).toBeCloseTo(ytd.profit, 2);
        expect(row.monthActual, `${url} ${row.key}`).toBeCloseTo(mtd.sales, 2);
      }
    };
    const path = (key: string) => paths.find((p) => p.customer === key || p.rep === key || p.branch === key || p.group === key)!;
    await check(`/SalesGoal/Grouped/Branch/current/${config.id}`, 'erp.invoice_line', 'invoice_date', (key) => ({ company: '01', branch: key }));
    await check(`/SalesGoal/Grouped/Customer/current/${config.id}`, 'erp.invoice_line', 'invoice_date', (key) => ({ branch: path(key).branch, sales_rep: path(key).rep, customer: key }));
    await check(`/SalesGoal/Grouped/SalesRep/current/${groups.id}`, 'erp.invoice_line', 'invoice_date', (key) => ({ sales_rep: key, product_group: path(key).group }));
    await check(`/BookingsGoal/Grouped/Customer/current/${bookings.id}?bookingDateBasis=OrderLineDate`, 'erp.booking', 'order_line_date', (key) => ({ sales_rep: path(key).rep, customer: key }));

    const months = await ok(admin, `/SalesGoal/Grouped/FiscalMonth/current/${config.id}`);
    const branches = [...new Set(paths.map((p) => p.branch))];
    const [january] = await sql<{ sales: number }>(
      `SELECT coalesce(sum(sales), 0)::float8 AS sales FROM erp.invoice_line WHERE company = '01' AND branch = ANY($1) AND invoice_date BETWEEN '2026-01-01' AND '2026-01-31'`,
      [branches],
    );
    expect(months.rows.find((r: { key: string }) => r.key === '1').actual).toBeCloseTo(january!.sales, 2);
    const quarters = await ok(admin, `/SalesGoal/Grouped/Quarterly/Customer/current/${config.id}`);
    for (const row of quarters.rows) {
      const from = `2026-${String(row.quarter * 3 - 2).padStart(2, '0')}-01`;
      const to = ['2026-03-31', '2026-06-30', '2026-09-30', '2026-12-31'][row.quarter - 1]!;
      const { sales } = await raw('erp.invoice_line', 'invoice_date', { branch: path(row.key).branch, sales_rep: path(row.key).rep, customer: row.key }, from, to);
      expect(row.actual, `Q${row.quarter} ${row.key}`).toBeCloseTo(sales, 2);
    }

    // A customer's product group (SalesRep › Customer › ProductGroup, the 50,000-row setup's shape): read from the month ×
    // customer × product group rollup (migration 280); each group's actual sums its paths' raw lines (two paths may share a group).
    const deep = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer', hierarchyType2: 'ProductGroup', setupDescription: 'Customer groups' });
    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', paths.map(({ rep, customer, group }) => newRow(deep.id, { goalTypeValue: rep, hierarchyValue1: customer, hierarchyValue2: group, salesGoal: 1 })));
    const pathSums = async (group: string, from: string, to: string) => {
      const sums = await Promise.all(paths.filter((p) => p.group === group).map((p) => raw('erp.invoice_line', 'invoice_date', { sales_rep: p.rep, customer: p.customer, product_group: group }, from, to)));
      return { sales: sums.reduce((s, x) => s + x.sales, 0), profit: sums.reduce((s, x) => s + x.profit, 0) };
    };
    const checkGroups = async () => {
      const answer = await ok(admin, `/SalesGoal/Grouped/ProductGroup/current/${deep.id}`);
      expect(answer.rows.map((r: { key: string }) => r.key).sort()).toEqual([...new Set(paths.map((p) => p.group))].sort());
      for (const row of answer.rows) {
        const ytd = await pathSums(row.key, '2026-01-01', TODAY);
        expect(row.actual, `ProductGroup ${row.key}`).toBeCloseTo(ytd.sales, 2);
        expect(row.actual2, `ProductGroup ${row.key}`).toBeCloseTo(ytd.profit, 2);
        expect(row.monthActual, `ProductGroup ${row.key}`).toBeCloseTo((await pathSums(row.key, '2026-11-01', TODAY)).sales, 2);
      }
      for (const row of (await ok(admin, `/SalesGoal/Grouped/Quarterly/ProductGroup/current/${deep.id}`)).rows) {
        const from = `2026-${String(row.quarter * 3 - 2).padStart(2, '0')}-01`;
        const to = ['2026-03-31', '2026-06-30', '2026-09-30', '2026-12-31'][row.quarter - 1]!;
        expect(row.actual, `Q${row.quarter} ProductGroup ${row.key}`).toBeCloseTo((await pathSums(row.key, from, to)).sales, 2);
      }
      return answer;
    };
    const before = await checkGroups();
    // The rollup is what is read: 1,000 more in one of its rows of the first path is 1,000 more in that group's actual.
    const [first] = paths;
    const [row] = await sql<{ ctid: string }>(
      `SELECT ctid::text FROM erp.invoice_month_customer_product_group WHERE sales_rep = $1 AND customer = $2 AND product_group = $3 AND month BETWEEN '2026-01-01' AND $4 LIMIT 1`,
      [first!.rep, first!.customer, first!.group, TODAY],
    );
    expect(row, 'a rollup row of the first path this year').toBeDefined();
    await withChangedRollup(kit, `UPDATE erp.invoice_month_customer_product_group SET sales = sales + 1000 WHERE ctid = '${row!.ctid}'::tid`, 'erp.refresh_invoice_month_customer_product_group', async () => {
      const changed = await ok(admin, `/SalesGoal/Grouped/ProductGroup/current/${deep.id}`);
      const actualOf = (answer: { rows: Array<{ key: string; actual: number }> }) => answer.rows.find((r) => r.key === first!.group)!.actual;
      expect(actualOf(changed)).toBeCloseTo(actualOf(before) + 1000, 2);
    });
  });

  it('sums the goal rows per path: the year, the month, the months before it and each quarter; a rep sees the paths of his reps and customers', async () => {
    const { admin, rep, rep2 } = kit.users;
    await sql(`INSERT INTO app.goal_setup (customer_master_id, goal_kind, company, goal_year) VALUES (1, 'Sales', '01', 2026) ON CONFLICT DO NOTHING`);
    const byCustomer = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'Customer', hierarchyType1: 'ProductGroup', setupDescription: 'Sums' });
    const byRep = await ok(admin, '/SalesGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep', hierarchyType1: 'Customer', setupDescription: 'Sums by rep' });
    // A customer of SR01's and one of SR02's (in every company), and a product group.
    const customerOf = async (salesRep: string) =>
      (await sql<{ customer: string }>(`SELECT customer FROM erp.customer GROUP BY customer HAVING bool_and(sales_rep = $1) ORDER BY customer LIMIT 1`, [salesRep]))[0]!.customer;
    const [a, b] = [await customerOf('SR01'), await customerOf('SR02')];
    const [{ group }] = await sql<{ group: string }>(`SELECT product_group AS "group" FROM erp.product_group ORDER BY 1 LIMIT 1`);
    const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    await ok(admin, '/SalesGoal/SalesGoalsHierarchyBulkUpdate', [
      ...months.map((m) => newRow(byCustomer.id, { goalTypeValue: a, goalMonth: m, salesGoal: m * 100, profitGoal: m * 10 })),
      ...months.map((m) => newRow(byCustomer.id, { goalTypeValue: b, goalMonth: m, salesGoal: m * 1000, profitGoal: m * 100 })),
      // A deeper row: the product group level's, not the customer's; a second row of a's path and month.
      newRow(byCustomer.id, { goalTypeValue: a, hierarchyValue1: group, goalMonth: 11, salesGoal: 99999 }),
      newRow(byCustomer.id, { goalTypeValue: a, goalMonth: 3, salesGoal: 0.5, profitGoal: 0.25 }),
      // a under both reps: SR01's path and SR02's.
      ...months.map((m) => newRow(byRep.id, { goalTypeValue: 'SR01', hierarchyValue1: a, goalMonth: m, salesGoal: 10 })),
      ...months.map((m) => newRow(byRep.id, { goalTypeValue: 'SR02', hierarchyValue1: a, goalMonth: m, salesGoal: 1 })),
    ]);
    const byKey = (answer: { rows: Array<Record<string, unknown> & { key: string }> }) => Object.fromEntries(answer.rows.map((r) => [r.key, r]));

    const all = await ok(admin, `/SalesGoal/Grouped/Customer/current/${byCustomer.id}`);
    const { workingDays: days, workingDaysElapsed: elapsed } = all.month;
    expect(all.month.from).toBe('2026-11-01');
    expect(all.rows.map((r: { key: string }) => r.key)).toEqual([b, a]);
    expect(byKey(all)[a]).toMatchObject({ goal: 7800.5, goal2: 780.25, monthGoal: 1100, level: 0 });
    expect(byKey(all)[a]!.ytdGoal).toBeCloseTo(5500.5 + (1100 * elapsed) / days, 2);
    expect(byKey(all)[b]).toMatchObject({ goal: 78000, goal2: 7800, monthGoal: 11000 });
    expect(byKey(all)[b]!.ytdGoal).toBeCloseTo(55000 + (11000 * elapsed) / days, 2);
    const quarters = await ok(admin, `/SalesGoal/Grouped/Quarterly/Customer/current/${byCustomer.id}`);
    expect(quarters.rows.map((r: { key: string; quarter: number; goal: number; goal2: number }) => [r.key, r.quarter, r.goal, r.goal2])).toEqual([
      [b, 1, 6000, 600], [b, 2, 15000, 1500], [b, 3, 24000, 2400], [b, 4, 33000, 3300],
      [a, 1, 600.5, 60.25], [a, 2, 1500, 150], [a, 3, 2400, 240], [a, 4, 3300, 330],
    ]);
    const fiscalMonths = await ok(admin, `/SalesGoal/Grouped/FiscalMonth/current/${byCustomer.id}`);
    expect(fiscalMonths.rows.map((r: { goal: number }) => r.goal)).toEqual(months.map((m) => m * 1100 + (m === 3 ? 0.5 : 0)));
    expect(fiscalMonths.rows.map((r: { monthGoal: number }) => r.monthGoal)).toEqual(months.map((m) => (m === 11 ? 12100 : 0)));
    expect((await ok(admin, `/SalesGoal/Grouped/Complete/current/${byCustomer.id}`)).rows).toMatchObject([{ key: 'Complete', goal: 85800.5, monthGoal: 12100 }]);
    expect((await ok(admin, `/SalesGoal/Grouped/ProductGroup/current/${byCustomer.id}`)).rows).toMatchObject([{ key: group, goal: 99999, monthGoal: 99999, level: 1 }]);
    expect((await post(admin, `/SalesGoal/Grouped/Customer/current/${byCustomer.id}`, { searchString: b.toLowerCase() })).body.rows.map((r: { key: string }) => r.key)).toEqual([b]);

    // Scope: a customer's goal is his rep's; a path is visible when it names a rep of the caller's or a customer of one.
    expect((await ok(rep, `/SalesGoal/Grouped/Customer/current/${byCustomer.id}`)).rows.map((r: { key: string }) => r.key)).toEqual([a]);
    expect((await ok(rep2, `/SalesGoal/Grouped/Customer/current/${byCustomer.id}`)).rows.map((r: { key: string }) => r.key)).toEqual([b]);
    expect((await ok(rep, `/SalesGoal/Grouped/FiscalMonth/current/${byCustomer.id}`)).rows.map((r: { goal: number }) => r.goal)).toEqual(
      months.map((m) => m * 100 + (m === 3 ? 0.5 : 0)),
    );
    expect((await ok(rep2, `/SalesGoal/Grouped/Quarterly/Customer/current/${byCustomer.id}`)).rows.map((r: { goal: number }) => r.goal)).toEqual([6000, 15000, 24000, 33000]);
    expect((await ok(admin, `/SalesGoal/Grouped/Customer/current/${byRep.id}`)).rows).toMatchObject([{ key: a, goal: 132, monthGoal: 11 }]);
    expect((await ok(rep, `/SalesGoal/Grouped/Customer/current/${byRep.id}`)).rows).toMatchObject([{ key: a, goal: 132, monthGoal: 11 }]);
    expect((await ok(rep2, `/SalesGoal/Grouped/Customer/current/${byRep.id}`)).rows).toMatchObject([{ key: a, goal: 12, monthGoal: 1 }]);
    expect((await ok(rep2, `/SalesGoal/Grouped/Quarterly/Customer/current/${byRep.id}`)).rows.map((r: { goal: number }) => r.goal)).toEqual([3, 3, 3, 3]);
  });

  it('bookings count by the booking date basis; activity goals have no actuals yet', async () => {
    const { admin } = kit.users;
    const config = await ok(admin, '/BookingsGoal/InsertHierarchyConfig', { company: '01', goalYear: 2026, goalType: 'SalesRep' });
    await ok(admin, '/BookingsGoal/BookingsGoalsHierarchyBulkUpdate', [newRow(config.id, { goalTypeValue: 'SR01', goalMonth: 11, bookingsGoal: 5000 })]);
    for (const [basis, column] of [['OrderLineDate', 'order_line_date'], ['BookingDate', 'booking_date']] as const) {
      const answer = await ok(admin, `/BookingsGoal/Grouped/SalesRep/current/${config.id}?bookingDateBasis=${basis}`);
      const [{ ytd }] = await sql<{ ytd: number }>(`SELECT coalesce(sum(sales), 0)::float8 AS ytd FROM erp.booking WHERE sales_rep = 'SR01' AND ${column} BETWEEN '2026-01-01' AND $1`, [TODAY]);
      expect(answer.rows[0].actual).toBeCloseTo(ytd, 2);
    }
    expect((await post(admin, `/BookingsGoal/Grouped/SalesRep/current/${config.id}?bookingDateBasis=Nope`, {})).status).toBe(400);
    const activity = await ok(admin, '/ActivityGoal/Grouped/SalesRep/current/0');
    expect(activity.rows.every((r: { actual: unknown }) => r.actual === null)).toBe(true);
  });
});

describe('pacing', () => {
  it('counts weekdays and projects the pace', () => {
    expect(workingDays('2026-11-01', '2026-11-30')).toBe(21);
    expect(workingDays('2026-11-07', '2026-11-08')).toBe(0);
    expect(workingDays('2026-11-02', '2026-11-06', new Set(['2026-11-03']))).toBe(4);
    expect(elapsedWorkingDays('2026-11-01', '2026-11-30', '2026-10-01')).toBe(0);
    expect(elapsedWorkingDays('2026-11-01', '2026-11-30', '2027-01-01')).toBe(21);
    expect(pace(21000, 7000, 21, 7)).toEqual({ total: 21, elapsed: 7, pacePercent: 100, neededPerWorkingDay: 1000 });
    expect(pace(1000, 2000, 10, 10)).toMatchObject({ pacePercent: 200, neededPerWorkingDay: null });
    expect(pace(0, 100, 10, 5).pacePercent).toBeNull();
    expect(pace(100, null, 10, 5)).toMatchObject({ pacePercent: null, neededPerWorkingDay: null });
  });
});
