import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { startTestServices } from '../testing/index.ts';
import { call, scalar, signIn, userId, type Method, type Services } from '../boards/boards-testing.ts';

/**
 * Global filters (seed 001 §7.9): CRUD, copy, one default, shares with users and roles, other
 * users and organizations refused with nothing changed, filter values scoped like the data,
 * the filter-master catalogue and per-role exclusions, and 400s naming the field.
 */
let services: Services;
let admin: TestBrowser, rep: TestBrowser, rep2: TestBrowser, manager: TestBrowser, viewer: TestBrowser, sso: TestBrowser;

const VIEWER_ROLE = 8;
const SALES_REP_ROLE = 7;

async function ok(browser: TestBrowser, method: Method, url: string, body?: unknown) {
  const response = await call(browser, method, url, body);
  expect(response.status, `${method} ${url} → ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

const create = (browser: TestBrowser, name: string, filters: unknown[] = [], isDefault?: boolean) =>
  ok(browser, 'POST', '/GlobalFilter', { globalFilterName: name, filters, ...(isDefault === undefined ? {} : { isDefault }) });

const customer = (...values: string[]) => ({ field: 'customer', comparison: 'include', values });

/** Every global-filter table as JSON, to prove a refused call changed nothing. */
async function snapshot(): Promise<string> {
  const tables = ['global_filter', 'global_filter_x_user_master', 'global_filter_x_role_master', 'global_filter_user_default', 'filter_master', 'filter_master_role_exclusion'];
  const parts: string[] = [];
  for (const table of tables) parts.push(await scalar<string>(services, `SELECT coalesce(json_agg(t ORDER BY t::text)::text, '[]') FROM app.${table} t`));
  return parts.join('\n');
}

/** A small ERP mirror: SR01 (managed by SM01) and SR02 each with their own customers. */
async function seedErp() {
  await services.db.query(`
    INSERT INTO erp.company VALUES ('01', 'Northwind East'), ('02', 'Northwind West');
    INSERT INTO erp.branch (company, branch, branch_name) VALUES ('01', 'B1', 'Boston'), ('01', 'B2', 'Albany'), ('02', 'B9', 'Denver');
    INSERT INTO erp.sales_rep (company, sales_rep, name, manager_sales_rep) VALUES
      ('01', 'SM01', 'Mary Manager', NULL), ('01', 'SR01', 'Rick Rep', 'SM01'), ('01', 'SR02', 'Rita Rep2', NULL), ('02', 'SR02', 'Rita Rep2', NULL);
    INSERT INTO erp.customer (company, customer, customer_name, branch, sales_rep, account_class1, created_date) VALUES
      ('01', 'C100', 'Acme Tools', 'B1', 'SR01', 'Gold', '2020-01-01'),
      ('01', 'C101', 'Acme Hardware', 'B1', 'SR01', 'Silver', '2020-01-01'),
      ('01', 'C200', 'Bolt Supply', 'B2', 'SR02', 'Gold', '2020-01-01'),
      ('02', 'C900', 'Western Pipe', 'B9', 'SR02', 'Bronze', '2020-01-01');
    INSERT INTO erp.product_group VALUES ('01', 'PG1', 'Fasteners'), ('01', 'PG2', 'Pipe');
  `);
}

beforeAll(async () => {
  services = await startTestServices();
  await seedErp();
  // The other organization's user is one of its administrators here.
  await services.db.query("UPDATE app.user_master SET role_master_id = 3 WHERE email = 'sso@tradeboard.example'");
  [admin, rep, rep2, manager, viewer, sso] = await Promise.all(
    ['admin', 'rep', 'rep2', 'manager', 'viewer', 'sso'].map((name) => signIn(services, `${name}@tradeboard.example`)),
  );
});
afterAll(() => services?.close());

describe('GlobalFilter CRUD', () => {
  it('creates, reads, lists, updates and deletes his own filter', async () => {
    const created = await create(rep, '  Key accounts ', [customer('C100'), { field: 'branch', comparison: 'equals', values: [] }]);
    expect(created).toMatchObject({ globalFilterName: 'Key accounts', isOwner: true, canEdit: true, isShared: false, isDefault: false });
    // A filter with no values is removed (seed 000 §4).
    expect(created.filters).toEqual([customer('C100')]);
    expect(await ok(rep, 'GET', `/GlobalFilter/${created.id}`)).toEqual(created);
    expect((await ok(rep, 'GET', '/GlobalFilter/List')).map((f: { id: number }) => f.id)).toContain(created.id);

    const updated = await ok(rep, 'PUT', `/GlobalFilter/${created.id}`, { globalFilterName: 'Top accounts', filters: [customer('C100', 'C101')] });
    expect(updated).toMatchObject({ globalFilterName: 'Top accounts', filters: [customer('C100', 'C101')] });
    expect(await scalar(services, 'SELECT filters::text FROM app.global_filter WHERE global_filter_id = $1', [created.id])).toContain('C101');

    expect((await call(rep, 'DELETE', `/GlobalFilter/${created.id}`)).status).toBe(204);
    expect((await call(rep, 'GET', `/GlobalFilter/${created.id}`)).status).toBe(404);
  });

  it('answers 400 naming the bad field', async () => {
    const cases: Array<[Method, string, unknown, string]> = [
      ['POST', '/GlobalFilter', { filters: [] }, 'globalFilterName'],
      ['POST', '/GlobalFilter', { globalFilterName: '   ', filters: [] }, 'body.globalFilterName'],
      ['POST', '/GlobalFilter', { globalFilterName: 'x', filters: [{ field: 'price', comparison: 'include', values: ['1'] }] }, 'body.filters/0/field'],
      ['POST', '/GlobalFilter', { globalFilterName: 'x', filters: [{ field: 'customer', comparison: 'like', values: ['1'] }] }, 'comparison'],
      ['POST', '/GlobalFilter', { globalFilterName: 'x', filters: [{ field: 'customer', comparison: 'equals', values: ['1', '2'] }] }, 'body.filters/0/values'],
      ['POST', '/GlobalFilter', { globalFilterName: 'x', filters: [customer('1'), customer('2')] }, 'body.filters/1/field'],
      ['GET', '/GlobalFilter/abc', undefined, 'globalFilterId'],
      ['POST', '/GlobalFilter/Copy', { globalFilterId: 0 }, 'globalFilterId'],
      ['POST', '/GlobalFilter/User/Share', { globalFilterId: 1, userMasterId: 'me' }, 'userMasterId'],
      ['POST', '/Filter/List/price', {}, 'filterType'],
      ['POST', '/Filter/List/customer', { pageSize: 0 }, 'pageSize'],
      ['POST', '/Filter/List/dynamicData', {}, 'dynamicDataColumn'],
    ];
    const before = await snapshot();
    for (const [method, url, body, field] of cases) {
      const response = await call(rep, method, url, body);
      expect(response.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.message).toContain(field);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('default global filter', () => {
  it('keeps exactly one default per user, set on create or update and cleared by update', async () => {
    const first = await create(rep2, 'First', [customer('C200')], true);
    const second = await create(rep2, 'Second', [customer('C200')], true);
    const defaults = async () => (await ok(rep2, 'GET', '/GlobalFilter/List')).filter((f: { isDefault: boolean }) => f.isDefault).map((f: { id: number }) => f.id);
    expect(await defaults()).toEqual([second.id]);
    await ok(rep2, 'PUT', `/GlobalFilter/${first.id}`, { isDefault: true });
    expect(await defaults()).toEqual([first.id]);
    expect(await scalar(services, 'SELECT count(*)::int FROM app.global_filter_user_default WHERE user_master_id = $1', [await userId(services, 'rep2@tradeboard.example')])).toBe(1);
    await ok(rep2, 'PUT', `/GlobalFilter/${second.id}`, { isDefault: false });
    expect(await defaults()).toEqual([first.id]);
    await ok(rep2, 'PUT', `/GlobalFilter/${first.id}`, { isDefault: false });
    expect(await defaults()).toEqual([]);
  });
});

describe('shares and copies', () => {
  it('shares with a user read-only by default: he sees it, may make it his default, may not change or delete it', async () => {
    const filter = await create(rep, 'Shared with Rita', [customer('C100')]);
    const rita = await userId(services, 'rep2@tradeboard.example');
    const users = await ok(rep, 'GET', `/GlobalFilter/User/Share/${filter.id}`);
    expect(users.find((u: { userMasterId: number }) => u.userMasterId === rita)).toMatchObject({ globalFilterXUserMasterId: null });
    expect(users.map((u: { email: string }) => u.email)).not.toContain('rep@tradeboard.example');
    expect(users.map((u: { email: string }) => u.email)).not.toContain('sso@tradeboard.example');

    const share = await ok(rep, 'POST', '/GlobalFilter/User/Share', { globalFilterId: filter.id, userMasterId: rita });
    expect(share).toMatchObject({ userMasterId: rita, canEdit: false });
    expect(share.globalFilterXUserMasterId).toBeGreaterThan(0);

    const seen = (await ok(rep2, 'GET', '/GlobalFilter/Share/List')).find((f: { id: number }) => f.id === filter.id);
    expect(seen).toMatchObject({ isShared: true, isOwner: false, canEdit: false, createdByName: 'Rick Rep' });
    expect((await ok(rep2, 'PUT', `/GlobalFilter/${filter.id}`, { isDefault: true })).isDefault).toBe(true);
    expect((await ok(rep, 'GET', `/GlobalFilter/${filter.id}`)).isDefault).toBe(false);

    const before = await snapshot();
    expect((await call(rep2, 'PUT', `/GlobalFilter/${filter.id}`, { globalFilterName: 'Mine now' })).status).toBe(403);
    expect((await call(rep2, 'DELETE', `/GlobalFilter/${filter.id}`)).status).toBe(403);
    expect((await call(rep2, 'POST', '/GlobalFilter/Role/Share', { globalFilterId: filter.id, roleMasterId: VIEWER_ROLE })).status).toBe(403);
    expect((await call(rep2, 'DELETE', `/GlobalFilter/User/Share/${share.globalFilterXUserMasterId}`)).status).toBe(403);
    expect(await snapshot()).toBe(before);

    expect((await call(rep, 'DELETE', `/GlobalFilter/User/Share/${share.globalFilterXUserMasterId}`)).status).toBe(204);
    expect((await call(rep2, 'GET', `/GlobalFilter/${filter.id}`)).status).toBe(404);
  });

  it('shares with a role: its users see it, others do not; canEdit lets them change it', async () => {
    const filter = await create(rep, 'For viewers', [customer('C101')]);
    expect((await call(viewer, 'GET', `/GlobalFilter/${filter.id}`)).status).toBe(404);
    const share = await ok(rep, 'POST', '/GlobalFilter/Role/Share', { globalFilterId: filter.id, roleMasterId: VIEWER_ROLE });
    expect(share).toMatchObject({ roleMasterId: VIEWER_ROLE, roleName: 'Viewer', canEdit: false });
    expect((await ok(rep, 'GET', `/GlobalFilter/Role/Share/${filter.id}`)).find((r: { roleMasterId: number }) => r.roleMasterId === VIEWER_ROLE)).toEqual(share);
    expect(await ok(viewer, 'GET', `/GlobalFilter/${filter.id}`)).toMatchObject({ isShared: true, canEdit: false });
    expect((await call(rep2, 'GET', `/GlobalFilter/${filter.id}`)).status).toBe(404);
    expect((await call(viewer, 'PUT', `/GlobalFilter/${filter.id}`, { filters: [] })).status).toBe(403);

    await ok(rep, 'POST', '/GlobalFilter/Role/Share', { globalFilterId: filter.id, roleMasterId: VIEWER_ROLE, canEdit: true });
    expect((await ok(viewer, 'PUT', `/GlobalFilter/${filter.id}`, { filters: [customer('C100')] })).filters).toEqual([customer('C100')]);

    expect((await call(rep, 'DELETE', `/GlobalFilter/Role/Share/${share.globalFilterXRoleMasterId}`)).status).toBe(204);
    expect((await call(viewer, 'GET', `/GlobalFilter/${filter.id}`)).status).toBe(404);
    expect((await call(rep, 'DELETE', `/GlobalFilter/Role/Share/${share.globalFilterXRoleMasterId}`)).status).toBe(404);
  });

  it('copies a filter he sees into his own, with its shares only when asked', async () => {
    const filter = await create(rep, 'Original', [customer('C100')]);
    await ok(rep, 'POST', '/GlobalFilter/Role/Share', { globalFilterId: filter.id, roleMasterId: VIEWER_ROLE });
    const plain = await ok(rep, 'POST', '/GlobalFilter/Copy', { globalFilterId: filter.id });
    expect(plain).toMatchObject({ globalFilterName: 'Original (copy)', filters: [customer('C100')], isOwner: true, hasShares: false });
    const withShares = await ok(rep, 'POST', '/GlobalFilter/Copy', { globalFilterId: filter.id, copyShares: true });
    expect(withShares.hasShares).toBe(true);
    // The viewer copies the one shared with his role: the copy is his own.
    const viewersCopy = await ok(viewer, 'POST', '/GlobalFilter/Copy', { globalFilterId: filter.id });
    expect(viewersCopy).toMatchObject({ isOwner: true, createdByName: 'Vera Viewer' });
    expect((await call(rep, 'GET', `/GlobalFilter/${viewersCopy.id}`)).status).toBe(404);
  });
});

describe('isolation', () => {
  it("another user's and another organization's users get 404 on a private filter, and nothing changes", async () => {
    const filter = await create(rep, 'Private', [customer('C100')]);
    const shared = await create(rep, 'Shared', [customer('C100')]);
    const userShare = await ok(rep, 'POST', '/GlobalFilter/User/Share', { globalFilterId: shared.id, userMasterId: await userId(services, 'admin@tradeboard.example') });
    const roleShare = await ok(rep, 'POST', '/GlobalFilter/Role/Share', { globalFilterId: shared.id, roleMasterId: SALES_REP_ROLE });
    const rita = await userId(services, 'rep2@tradeboard.example');
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/GlobalFilter/${filter.id}`],
      ['PUT', `/GlobalFilter/${filter.id}`, { globalFilterName: 'Taken' }],
      ['PUT', `/GlobalFilter/${filter.id}`, { isDefault: true }],
      ['DELETE', `/GlobalFilter/${filter.id}`],
      ['POST', '/GlobalFilter/Copy', { globalFilterId: filter.id, copyShares: true }],
      ['GET', `/GlobalFilter/User/Share/${filter.id}`],
      ['GET', `/GlobalFilter/Role/Share/${filter.id}`],
      ['POST', '/GlobalFilter/User/Share', { globalFilterId: filter.id, userMasterId: rita, canEdit: true }],
      ['POST', '/GlobalFilter/Role/Share', { globalFilterId: filter.id, roleMasterId: VIEWER_ROLE, canEdit: true }],
    ];
    const before = await snapshot();
    for (const browser of [rep2, manager, admin, sso]) {
      for (const [method, url, body] of attempts) {
        const response = await call(browser, method, url, body);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(JSON.stringify(response.body)).not.toContain('Private');
      }
    }
    // Shares of a filter shared with the whole SalesRep role: the other organization cannot reach
    // them (404); rep2, a SalesRep who sees it read-only, may not change them (403).
    for (const [method, url] of [
      ['GET', `/GlobalFilter/${shared.id}`],
      ['DELETE', `/GlobalFilter/Role/Share/${roleShare.globalFilterXRoleMasterId}`],
      ['DELETE', `/GlobalFilter/User/Share/${userShare.globalFilterXUserMasterId}`],
    ] as Array<[Method, string]>) {
      expect((await call(sso, method, url)).status).toBe(404);
    }
    expect((await call(rep2, 'DELETE', `/GlobalFilter/User/Share/${userShare.globalFilterXUserMasterId}`)).status).toBe(403);
    expect((await ok(sso, 'GET', '/GlobalFilter/List')).map((f: { globalFilterName: string }) => f.globalFilterName)).not.toContain('Shared');
    expect(await snapshot()).toBe(before);
    // rep2 has the SalesRep role: he sees the role-shared filter, read-only.
    expect((await ok(rep2, 'GET', `/GlobalFilter/${shared.id}`)).canEdit).toBe(false);
  });
});

describe('Filter values', () => {
  const values = async (browser: TestBrowser, url: string, body: unknown = {}) =>
    (await ok(browser, 'POST', url, body)).map((o: { value: string; company: string }) => `${o.company}:${o.value}`);

  it("are scoped to the user's data: a rep lists only his customers and cannot fetch another rep's", async () => {
    expect(await values(rep, '/Filter/List/customer')).toEqual(['01:C101', '01:C100']);
    expect(await values(rep2, '/Filter/List/customer')).toEqual(['01:C200', '02:C900']);
    expect(await values(manager, '/Filter/List/customer')).toEqual(['01:C101', '01:C100']);
    expect(await values(admin, '/Filter/List/customer')).toEqual(['01:C101', '01:C100', '01:C200', '02:C900']);
    expect(await values(viewer, '/Filter/List/customer')).toEqual([]);
    expect(await values(rep, '/Filter/List/salesRep')).toEqual(['01:SR01']);
    expect(await values(rep, '/Filter/List/branch')).toEqual(['01:B1']);
    expect(await values(rep2, '/Filter/List/company')).toEqual(['01:01', '02:02']);
    expect(await values(rep, '/Filter/List/dynamicData?dynamicDataColumn=accountClass1')).toEqual(['01:Gold', '01:Silver']);
    // The product catalogue is everyone's.
    expect(await values(rep, '/Filter/List/productGroup')).toEqual(['01:PG1', '01:PG2']);

    expect((await ok(rep, 'POST', '/Filter/ById/customer/C100/01')).label).toBe('Acme Tools');
    expect((await call(rep, 'POST', '/Filter/ById/customer/C200/01')).status).toBe(404);
    expect((await call(rep, 'POST', '/Filter/List/Admin/customer', {})).status).toBe(403);
    expect(await values(admin, '/Filter/List/Admin/customer?company=02')).toEqual(['02:C900']);
  });

  it('search, company and paging narrow the list', async () => {
    expect(await values(admin, '/Filter/List/customer', { searchString: 'acme' })).toEqual(['01:C101', '01:C100']);
    expect(await values(admin, '/Filter/List/customer?company=01', { pageSize: 2, pageNumber: 2 })).toEqual(['01:C200']);
    expect(await values(rep, '/Filter/List/customer', { searchString: 'bolt' })).toEqual([]);
  });
});

describe('FilterMaster catalogue and role exclusions', () => {
  it('starts with the built-in fields and is for administrators only', async () => {
    const list = await ok(admin, 'GET', '/FilterMaster/List');
    expect(list.map((m: { filterName: string }) => m.filterName)).toEqual([
      'company', 'branch', 'salesRep', 'customer', 'shipTo', 'productGroup', 'itemNumber', 'supplier', 'location',
    ]);
    expect((await call(rep, 'GET', '/FilterMaster/List')).status).toBe(403);
    expect((await call(rep, 'POST', '/FilterMaster/ResetDefault')).status).toBe(403);
    // The other organization's administrator cannot reach this organization's masters.
    expect((await call(sso, 'GET', `/FilterMaster/GetExact/${list[0].filterMasterId}`)).status).toBe(404);
    expect((await call(sso, 'POST', `/FilterMaster/Remove/${list[0].filterMasterId}`)).status).toBe(404);
    expect((await ok(sso, 'GET', '/FilterMaster/List')).map((m: { filterMasterId: number }) => m.filterMasterId)).not.toContain(list[0].filterMasterId);
  });

  it('adds, updates and removes custom fields; ResetDefault restores the built-in set', async () => {
    const added = await ok(admin, 'POST', '/FilterMaster/Add', { filterName: 'customerClass', displayName: 'Customer class', filterType: 'dynamicData', dynamicDataColumn: 'accountClass1' });
    expect(added).toMatchObject({ isCustom: true, dynamicDataColumn: 'accountClass1' });
    expect((await call(admin, 'POST', '/FilterMaster/Add', { filterName: 'CustomerClass', displayName: 'Again', filterType: 'customer' })).body.message).toContain('body.filterName');
    expect((await call(admin, 'POST', '/FilterMaster/Add', { filterName: 'x', displayName: 'X', filterType: 'dynamicData' })).body.message).toContain('body.dynamicDataColumn');
    expect(await ok(admin, 'POST', '/FilterMaster/Update', { filterMasterId: added.filterMasterId, displayName: 'Class', filterType: 'dynamicData', dynamicDataColumn: 'accountClass2' })).toMatchObject({ displayName: 'Class', dynamicDataColumn: 'accountClass2' });
    expect((await ok(admin, 'GET', `/FilterMaster/GetExact/${added.filterMasterId}`)).displayName).toBe('Class');

    const org = await scalar(services, "SELECT customer_master_id FROM app.user_master WHERE email = 'admin@tradeboard.example' AND home_user_master_id IS NULL");
    expect((await ok(rep, 'GET', `/GlobalFilter/CustomGroupBy/List/${SALES_REP_ROLE}/${org}`)).map((m: { filterName: string }) => m.filterName)).toEqual(['customerClass']);
    expect((await call(rep, 'GET', `/GlobalFilter/CustomGroupBy/List/${VIEWER_ROLE}/${org}`)).status).toBe(403);
    expect((await call(sso, 'GET', `/GlobalFilter/GroupByFilterValues/${org}`)).status).toBe(404);

    const branch = (await ok(admin, 'GET', '/FilterMaster/List')).find((m: { filterName: string }) => m.filterName === 'branch');
    expect((await call(admin, 'POST', `/FilterMaster/Remove/${branch.filterMasterId}`)).status).toBe(204);
    const reset = await ok(admin, 'POST', '/FilterMaster/ResetDefault');
    expect(reset.map((m: { filterName: string }) => m.filterName)).toContain('branch');
    expect(reset.map((m: { filterName: string }) => m.filterName)).not.toContain('customerClass');
    expect(reset.every((m: { isCustom: boolean }) => !m.isCustom)).toBe(true);
  });

  it("hides excluded fields from the role: not in its FilterList, refused in its filters", async () => {
    const masters = await ok(admin, 'GET', '/FilterMaster/List');
    const salesRep = masters.find((m: { filterName: string }) => m.filterName === 'salesRep');
    const result = await ok(admin, 'POST', '/GlobalFilter/AddFilterMasterExclusions', { roleMasterId: SALES_REP_ROLE, filterMasterIds: [salesRep.filterMasterId] });
    expect(result.filter((m: { isExcluded: boolean }) => m.isExcluded).map((m: { filterName: string }) => m.filterName)).toEqual(['salesRep']);
    expect((await ok(admin, 'GET', `/GlobalFilter/FilterMasterExclusions/${SALES_REP_ROLE}`))).toEqual(result);

    expect((await ok(rep, 'GET', '/GlobalFilter/FilterList')).map((m: { filterName: string }) => m.filterName)).not.toContain('salesRep');
    expect((await ok(manager, 'GET', '/GlobalFilter/FilterList')).map((m: { filterName: string }) => m.filterName)).toContain('salesRep');
    const refused = await call(rep, 'POST', '/GlobalFilter', { globalFilterName: 'By rep', filters: [{ field: 'salesRep', comparison: 'include', values: ['SR01'] }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('body.filters/0/field');

    expect((await call(rep, 'POST', '/GlobalFilter/AddFilterMasterExclusions', { roleMasterId: SALES_REP_ROLE, filterMasterIds: [] })).status).toBe(403);
    expect((await call(admin, 'POST', '/GlobalFilter/AddCustomFilterMasterExclusions', { roleMasterId: SALES_REP_ROLE, filterMasterIds: [salesRep.filterMasterId] })).body.message).toContain('body.filterMasterIds');
    expect((await call(admin, 'GET', '/GlobalFilter/FilterMasterExclusions/999')).status).toBe(404);

    await ok(admin, 'POST', '/GlobalFilter/AddFilterMasterExclusions', { roleMasterId: SALES_REP_ROLE, filterMasterIds: [] });
    expect((await ok(rep, 'GET', '/GlobalFilter/FilterList')).map((m: { filterName: string }) => m.filterName)).toContain('salesRep');
  });
});
