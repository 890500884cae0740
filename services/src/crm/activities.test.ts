import { describe, expect, it } from 'vitest';
import { milesBetween } from '@tradeboard/shared/constants';
import { addDays } from '@tradeboard/shared/dates';
import type { TestBrowser } from '../testing/index.ts';
import { TODAY, useErpServices, withRoleSettings } from '../analytics/erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

type Row = Record<string, any>;
const send = async (browser: TestBrowser, method: 'PUT' | 'DELETE' | 'POST' | 'GET', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

/** A customer of the rep with a location, and an activity type id. */
async function customerOf(rep: string) {
  const [c] = await sql(
    'SELECT company, customer, latitude, longitude FROM erp.customer WHERE sales_rep = $1 AND latitude IS NOT NULL ORDER BY company, customer LIMIT 1',
    [rep],
  );
  return c!;
}
const typeId = async (name = 'Visit') => (await sql("SELECT data_item_id AS id FROM crm.data_item WHERE data_type = 'ActivityType' AND name = $1", [name]))[0]!.id as number;

async function logActivity(browser: TestBrowser, account: Row, extra: Row = {}, query = '') {
  return send(browser, 'POST', `/ActivityTransaction${query}`, {
    company: account.company,
    accountType: 'Customer',
    accountId: account.customer,
    activityTypeId: await typeId(),
    subject: 'Walked the warehouse',
    ...extra,
  });
}

describe('activities: demo data, reads and scope', () => {
  it('the demo holds activities for the demo reps over two years, deterministic ids in due order', async () => {
    const [{ n, reps, first, last }] = await sql(
      "SELECT count(*)::int AS n, count(DISTINCT sales_rep)::int AS reps, min(due_date)::text AS first, max(due_date)::text AS last FROM crm.activity",
    );
    expect(n).toBeGreaterThan(200);
    expect(reps).toBeGreaterThan(3);
    expect(first < addDays(TODAY, -600)).toBe(true);
    expect(last > TODAY).toBe(true);
    const [{ verified }] = await sql('SELECT count(*)::int AS verified FROM crm.gps_verification WHERE is_verified');
    expect(verified).toBeGreaterThan(0);
  });

  it('List: a rep reads only his accounts\u2019 activities, latest due first; a manager his team\u2019s; the admin all', async () => {
    const { rep, manager, admin } = kit.users;
    const [{ n }] = await sql("SELECT count(*)::int AS n FROM crm.activity WHERE sales_rep = 'SR01'");
    const page = await ok(rep, '/ActivityTransaction/List', { pageSize: 50 });
    expect(page.totalCount).toBe(n);
    expect(page.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const dues = page.rows.map((r: Row) => r.dueDate);
    expect(dues).toEqual([...dues].sort().reverse());
    const [{ team }] = await sql(
      "SELECT count(*)::int AS team FROM crm.activity a WHERE a.sales_rep IN (SELECT 'SM01' UNION SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01')",
    );
    expect((await ok(manager, '/ActivityTransaction/List', {})).totalCount).toBe(team);
    const [{ all }] = await sql('SELECT count(*)::int AS all FROM crm.activity');
    expect((await ok(admin, '/ActivityTransaction/List', {})).totalCount).toBe(all);
    // Filters and the status the rows carry agree.
    const overdue = await ok(rep, '/ActivityTransaction/List', { filters: [{ field: 'status', comparison: 'equals', values: ['Overdue'] }], pageSize: 500 });
    expect(overdue.rows.every((r: Row) => r.status === 'Overdue' && r.completedDate === null && r.dueDate < TODAY)).toBe(true);
    expect((await post(rep, '/ActivityTransaction/List', { filters: [{ field: 'nope', comparison: 'equals', values: ['x'] }] })).status).toBe(400);
    // The search finds an account's name, a type's name and a subject.
    const [named] = await sql("SELECT c.customer_name AS name, count(*)::int AS n FROM crm.activity a JOIN erp.customer c ON c.company = a.company AND c.customer = a.account_id WHERE a.sales_rep = 'SR01' AND a.account_type = 'Customer' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1");
    const byName = await ok(rep, '/ActivityTransaction/List', { searchString: named!.name, searchOperator: 'Exact', pageSize: 500 });
    expect(byName.rows.length).toBeGreaterThanOrEqual(named!.n);
    expect(byName.rows.every((r: Row) => r.accountName === named!.name || r.subject === named!.name)).toBe(true);
    const visits = await ok(rep, '/ActivityTransaction/List', { searchString: 'visit', pageSize: 500 });
    expect(visits.rows.some((r: Row) => r.activityType === 'Visit')).toBe(true);
    expect((await ok(rep, '/ActivityTransaction/List', { sortBy: 'accountName', sortDir: 'asc', pageSize: 20 })).rows).toHaveLength(20);
  });

  it('Exact: another rep\u2019s activity is a 404, like one that does not exist', async () => {
    const { rep, rep2 } = kit.users;
    const [a] = await sql("SELECT activity_transaction_number AS id FROM crm.activity WHERE sales_rep = 'SR01' ORDER BY 1 LIMIT 1");
    expect((await ok(rep, `/ActivityTransaction/Exact/${a!.id}`)).activityTransactionNumber).toBe(a!.id);
    expect((await post(rep2, `/ActivityTransaction/Exact/${a!.id}`)).status).toBe(404);
    expect((await post(rep, '/ActivityTransaction/Exact/2000000000')).status).toBe(404);
    expect((await send(rep2, 'PUT', `/ActivityTransaction/${a!.id}`, { activityTypeId: await typeId(), subject: 'x', version: 1 })).status).toBe(404);
    expect((await send(rep2, 'DELETE', `/ActivityTransaction/${a!.id}`)).status).toBe(404);
    expect((await get(rep2, `/DataManager/Local/GPSVerification/${a!.id}`)).status).toBe(404);
  });

  it('KPI and Grouped count the same rows as the table, per period', async () => {
    const { rep } = kit.users;
    const kpi = await ok(rep, '/ActivityTransaction/KPI', { dateSlug: 'last-12-months' });
    const [raw] = await sql(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE completed_date IS NOT NULL)::int AS completed,
              count(*) FILTER (WHERE completed_date IS NULL AND due_date < $3::date)::int AS overdue
         FROM crm.activity WHERE sales_rep = 'SR01' AND due_date BETWEEN $1::date AND $2::date`,
      [kpi.from, kpi.to, TODAY],
    );
    expect([kpi.totalCount, kpi.completedCount, kpi.overdueCount]).toEqual([raw!.total, raw!.completed, raw!.overdue]);
    expect(kpi.openCount + kpi.overdueCount + kpi.completedCount).toBe(kpi.totalCount);
    // Each group's name, as each of its activities names it (the names are looked up once per group).
    const names = await sql(
      `SELECT 'activityType' AS "groupBy", a.activity_type_id::text AS key, max(t.name) AS name FROM crm.activity a JOIN crm.data_item t ON t.data_item_id = a.activity_type_id
        WHERE a.sales_rep = 'SR01' AND a.due_date BETWEEN $1::date AND $2::date GROUP BY 2
       UNION ALL
       SELECT 'salesRep', a.sales_rep, max(r.name) FROM crm.activity a JOIN erp.sales_rep r ON r.company = a.company AND r.sales_rep = a.sales_rep
        WHERE a.sales_rep = 'SR01' AND a.due_date BETWEEN $1::date AND $2::date GROUP BY 2
       UNION ALL
       SELECT 'account', a.account_type || ':' || a.company || ':' || a.account_id, max(coalesce(c.customer_name, s.ship_to_name, p.prospect_name, a.account_id)) FROM crm.activity a
         LEFT JOIN erp.customer c ON a.account_type = 'Customer' AND c.company = a.company AND c.customer = a.account_id
         LEFT JOIN erp.ship_to s ON a.account_type = 'ShipTo' AND s.company = a.company AND s.ship_to = a.account_id
         LEFT JOIN erp.prospect p ON a.account_type = 'Prospect' AND p.company = a.company AND p.prospect = a.account_id
        WHERE a.sales_rep = 'SR01' AND a.due_date BETWEEN $1::date AND $2::date GROUP BY 2
       UNION ALL
       SELECT 'month', to_char(a.due_date, 'YYYY-MM'), to_char(min(a.due_date), 'Mon YYYY') FROM crm.activity a
        WHERE a.sales_rep = 'SR01' AND a.due_date BETWEEN $1::date AND $2::date GROUP BY 2`,
      [kpi.from, kpi.to],
    );
    for (const groupBy of ['activityType', 'month', 'salesRep', 'status', 'account']) {
      const grouped = await ok(rep, `/ActivityTransaction/Grouped/${groupBy}/last-12-months`, { pageSize: 500 });
      expect(grouped.rows.reduce((sum: number, r: Row) => sum + r.totalCount, 0), groupBy).toBe(kpi.totalCount);
      const byKey = (rows: Row[]) => rows.map((r) => `${r.key} = ${r.name}`).sort();
      const expected = groupBy === 'status' ? grouped.rows.map((r: Row) => ({ key: r.key, name: r.key })) : names.filter((n) => n.groupBy === groupBy);
      expect(byKey(grouped.rows), groupBy).toEqual(byKey(expected));
    }
    expect((await post(rep, '/ActivityTransaction/Grouped/nope/last-12-months', {})).status).toBe(400);
    expect((await post(rep, '/ActivityTransaction/KPI', { dateSlug: 'someday' })).status).toBe(400);
  });
});

describe('activities: writes', () => {
  it('logs an activity completed today with a follow-up FollowUpDays (7) later, linked, both audited', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const { status, body } = await logActivity(rep, account, { notes: 'Good visit', completedDate: TODAY, scheduleFollowUp: true });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ subject: 'Walked the warehouse', status: 'Completed', completedDate: TODAY, dueDate: TODAY, version: 1, salesRep: 'SR01', activityType: 'Visit' });
    expect(body.followUpTransactionNumber).toEqual(expect.any(Number));
    const followUp = await ok(rep, `/ActivityTransaction/Exact/${body.followUpTransactionNumber}`);
    expect(followUp).toMatchObject({ dueDate: addDays(TODAY, 7), followupOf: body.activityTransactionNumber, status: 'Open', completedDate: null, subject: 'Follow-up: Walked the warehouse' });
    const audit = await sql("SELECT entity_id, action, user_master_id FROM crm.audit WHERE entity = 'Activity' AND entity_id = ANY($1::text[]) ORDER BY audit_id", [
      [String(body.activityTransactionNumber), String(followUp.activityTransactionNumber)],
    ]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'create']);
    const [{ id: repId }] = await sql("SELECT user_master_id AS id FROM app.user_master WHERE email = 'rep@tradeboard.example'");
    expect(audit.every((a) => a.user_master_id === repId)).toBe(true);
    // The account's list shows both.
    const list = await ok(rep, '/ActivityTransaction/List', { company: account.company, accountType: 'Customer', accountId: account.customer, pageSize: 500 });
    expect(list.rows.map((r: Row) => r.activityTransactionNumber)).toEqual(expect.arrayContaining([body.activityTransactionNumber, followUp.activityTransactionNumber]));
  });

  it('a follow-up logged by query followupTransactionNumber links to its activity on the same account', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const first = (await logActivity(rep, account)).body;
    const second = await logActivity(rep, account, { subject: 'Called back' }, `?followupTransactionNumber=${first.activityTransactionNumber}`);
    expect(second.status).toBe(200);
    expect(second.body.followupOf).toBe(first.activityTransactionNumber);
    const [other] = await sql("SELECT activity_transaction_number AS id FROM crm.activity WHERE sales_rep = 'SR01' AND NOT (company = $1 AND account_id = $2) LIMIT 1", [account.company, account.customer]);
    expect((await logActivity(rep, account, {}, `?followupTransactionNumber=${other!.id}`)).status).toBe(400);
  });

  it('an update from an older version is a 409 carrying the current activity; nothing is overwritten', async () => {
    const { rep, manager } = kit.users;
    const created = (await logActivity(rep, await customerOf('SR01'))).body;
    const url = `/ActivityTransaction/${created.activityTransactionNumber}`;
    const edit = { activityTypeId: created.activityTypeId, subject: 'Edited by the rep', version: 1 };
    const first = await send(rep, 'PUT', url, edit);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ subject: 'Edited by the rep', version: 2 });
    // The manager (his team's records) edits from the version he read before the rep's edit.
    const stale = await send(manager, 'PUT', url, { ...edit, subject: 'Edited by the manager' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ subject: 'Edited by the rep', version: 2 });
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await ok(rep, `/ActivityTransaction/Exact/${created.activityTransactionNumber}`)).subject).toBe('Edited by the rep');
    expect((await send(manager, 'PUT', url, { ...edit, subject: 'Edited by the manager', version: 2 })).body.version).toBe(3);
    const audit = await sql("SELECT action FROM crm.audit WHERE entity = 'Activity' AND entity_id = $1 ORDER BY audit_id", [String(created.activityTransactionNumber)]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    // A stale delete is a 409 too; the right version deletes (204), audited.
    expect((await send(rep, 'DELETE', `${url}?version=1`)).status).toBe(409);
    expect((await send(rep, 'DELETE', `${url}?version=3`)).status).toBe(204);
    expect((await post(rep, `/ActivityTransaction/Exact/${created.activityTransactionNumber}`)).status).toBe(404);
    const [{ action }] = await sql("SELECT action FROM crm.audit WHERE entity = 'Activity' AND entity_id = $1 ORDER BY audit_id DESC LIMIT 1", [String(created.activityTransactionNumber)]);
    expect(action).toBe('delete');
  });

  it('bad input is a 400 naming the problem; another rep\u2019s account is a 404', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    expect((await logActivity(rep, account, { activityTypeId: 999999 })).body.message).toMatch(/activityTypeId/);
    expect((await logActivity(rep, account, { dueDate: '2026-02-31' })).status).toBe(400);
    expect((await logActivity(rep, account, { subject: '   ' })).body.message).toMatch(/subject is required/);
    expect((await logActivity(rep, account, { scheduleFollowUp: true })).body.message).toMatch(/completedDate/);
    expect((await logActivity(rep, account, { contact: 'NOPE' })).status).toBe(400);
    expect((await logActivity(rep, account, { orderNumber: 'NOPE' })).status).toBe(400);
    expect((await logActivity(rep, await customerOf('SR02'))).status).toBe(404);
  });

  it('OrderQuote: the account\u2019s orders and quotes, latest first; linking one of them works, another\u2019s does not', async () => {
    const { rep } = kit.users;
    const [c] = await sql(
      "SELECT c.company, c.customer FROM erp.customer c WHERE c.sales_rep = 'SR01' AND EXISTS (SELECT 1 FROM erp.quote_header q WHERE q.company = c.company AND q.customer = c.customer) ORDER BY 1, 2 LIMIT 1",
    );
    const answer = await ok(rep, '/ActivityTransaction/OrderQuote', { company: c!.company, accountType: 'Customer', accountId: c!.customer, pageSize: 100 });
    expect(answer.rows.length).toBeGreaterThan(0);
    const dates = answer.rows.map((r: Row) => r.documentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const quote = answer.rows.find((r: Row) => r.documentType === 'Quote');
    const linked = await logActivity(rep, c!, { quoteNumber: quote.documentNumber });
    expect(linked.body.quoteNumber).toBe(quote.documentNumber);
    expect((await post(kit.users.rep2, '/ActivityTransaction/OrderQuote', { company: c!.company, accountType: 'Customer', accountId: c!.customer })).status).toBe(404);
  });
});

describe('activities: GPS verification', () => {
  it('within 5 miles is verified; 10 miles away needs a reason; no location needs a reason', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const near = { latitude: account.latitude + 0.02, longitude: account.longitude };
    const far = { latitude: account.latitude + 10 / 69.09, longitude: account.longitude };
    expect(milesBetween(account as never, near)).toBeLessThan(5);
    expect(milesBetween(account as never, far)).toBeGreaterThan(9.5);
    const url = `/DataManager/Local/Add/Customer/${account.customer}`;

    const a = (await logActivity(rep, account)).body;
    const verified = await ok(rep, url, { activityTransId: a.activityTransactionNumber, userLatitude: near.latitude, userLongitude: near.longitude });
    expect(verified).toMatchObject({ isVerified: true, radiusMiles: 5, reasonNotVerified: null });
    expect(verified.distanceMiles).toBeLessThan(5);
    expect((await get(rep, `/DataManager/Local/GPSVerification/${a.activityTransactionNumber}`)).body.isVerified).toBe(true);
    expect((await ok(rep, `/ActivityTransaction/Exact/${a.activityTransactionNumber}`)).gpsVerified).toBe(true);

    const b = (await logActivity(rep, account)).body;
    const refused = await post(rep, url, { activityTransId: b.activityTransactionNumber, userLatitude: far.latitude, userLongitude: far.longitude });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/miles from the account.*5-mile.*reason/);
    const explained = await ok(rep, url, { activityTransId: b.activityTransactionNumber, userLatitude: far.latitude, userLongitude: far.longitude, reasonNotVerified: 'Met at the trade show' });
    expect(explained).toMatchObject({ isVerified: false, reasonNotVerified: 'Met at the trade show' });

    const c = (await logActivity(rep, account)).body;
    expect((await post(rep, url, { activityTransId: c.activityTransactionNumber })).body.message).toMatch(/location is not available/);
    expect((await ok(rep, url, { activityTransId: c.activityTransactionNumber, reasonNotVerified: 'Location blocked' })).isVerified).toBe(false);
    // Not the activity's account: 400; another rep's activity: 404.
    expect((await post(rep, `/DataManager/Local/Add/Customer/OTHER`, { activityTransId: c.activityTransactionNumber, reasonNotVerified: 'x' })).status).toBe(400);
    expect((await post(kit.users.rep2, url, { activityTransId: c.activityTransactionNumber, reasonNotVerified: 'x' })).status).toBe(404);
  });
});

describe('activities: ActivityAccessRight', () => {
  it('a role without it gets 403 on every activity call', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const [a] = await sql("SELECT activity_transaction_number AS id FROM crm.activity WHERE sales_rep = 'SR01' LIMIT 1");
    await withRoleSettings(kit, 'SalesRep', { ActivityAccessRight: 'false' }, async () => {
      expect((await post(rep, '/ActivityTransaction/List', {})).status).toBe(403);
      expect((await post(rep, '/ActivityTransaction/KPI', {})).status).toBe(403);
      expect((await post(rep, '/ActivityTransaction/ActivityType/List', {})).status).toBe(403);
      expect((await post(rep, `/ActivityTransaction/Exact/${a!.id}`)).status).toBe(403);
      expect((await logActivity(rep, account)).status).toBe(403);
      expect((await send(rep, 'DELETE', `/ActivityTransaction/${a!.id}`)).status).toBe(403);
      expect((await post(rep, '/ActivityTransaction/Grouped/month/last-12-months', {})).status).toBe(403);
    });
    expect((await post(rep, '/ActivityTransaction/List', {})).status).toBe(200);
  });
});

describe('DataManager/Local reference lists', () => {
  it('an administrator adds an activity type a rep can then log with; reps get 403; stale edits 409; used items are not deleted', async () => {
    const { admin, rep } = kit.users;
    expect((await post(rep, '/DataManager/Local/ActivityType/List', {})).status).toBe(403);
    expect((await post(rep, '/DataManager/Local/ActivityType', { name: 'Webinar' })).status).toBe(403);
    const added = await ok(admin, '/DataManager/Local/ActivityType', { name: 'Webinar' });
    expect(added).toMatchObject({ dataType: 'ActivityType', name: 'Webinar', isActive: true, version: 1 });
    expect((await post(admin, '/DataManager/Local/ActivityType', { name: 'webinar' })).body.message).toMatch(/already has/);
    const types = await ok(rep, '/ActivityTransaction/ActivityType/List', {});
    expect(types.rows.map((t: Row) => t.activityTypeName)).toContain('Webinar');
    const logged = await logActivity(rep, await customerOf('SR01'), { activityTypeId: added.id });
    expect(logged.body.activityType).toBe('Webinar');

    const url = `/DataManager/Local/ActivityType/${added.id}`;
    const renamed = await send(admin, 'PUT', url, { name: 'Online Webinar', version: 1 });
    expect(renamed.body).toMatchObject({ name: 'Online Webinar', version: 2 });
    const stale = await send(admin, 'PUT', url, { name: 'Webinar again', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current.name).toBe('Online Webinar');
    expect((await send(admin, 'DELETE', url)).body.message).toMatch(/in use: deactivate it instead/);
    // Deactivated, it leaves the editor's list but stays on the activities that use it.
    await send(admin, 'PUT', url, { name: 'Online Webinar', isActive: false, version: 2 });
    expect((await ok(rep, '/ActivityTransaction/ActivityType/List', {})).rows.map((t: Row) => t.activityTypeName)).not.toContain('Online Webinar');
    expect((await ok(rep, `/ActivityTransaction/Exact/${logged.body.activityTransactionNumber}`)).activityType).toBe('Online Webinar');

    expect((await post(admin, '/DataManager/Local/Stage', { name: 'Proposal', probability: 60 })).body.message).toBe("The Stage list already has 'Proposal'");
    const stage = await ok(admin, '/DataManager/Local/Stage', { name: 'Site survey', probability: 60, closesAs: null });
    expect([stage.probability, stage.closesAs]).toEqual([60, null]);
    // A stage an opportunity uses is not deleted.
    const used = (await sql("SELECT data_item_id AS id FROM crm.data_item WHERE data_type = 'Stage' AND name = 'Proposal'"))[0]!.id;
    expect((await send(admin, 'DELETE', `/DataManager/Local/Stage/${used}`)).body.message).toBe("Stage 'Proposal' is in use: deactivate it instead");
    expect((await send(admin, 'DELETE', `/DataManager/Local/Stage/${stage.id}`)).status).toBe(204);
    expect((await send(admin, 'DELETE', `/DataManager/Local/Stage/${stage.id}`)).status).toBe(404);
    expect((await post(admin, '/DataManager/Local/Holiday', { name: 'Thanksgiving' })).body.message).toMatch(/itemDate/);
    const audit = await sql("SELECT action FROM crm.audit WHERE entity = 'ActivityType' AND entity_id = $1 ORDER BY audit_id", [String(added.id)]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });
});
