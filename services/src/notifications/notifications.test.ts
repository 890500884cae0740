import { describe, expect, it } from 'vitest';
import { NOTIFICATION_RESULT_LIMIT } from '@tradeboard/shared/contracts';
import type { TestBrowser } from '../testing/index.ts';
import { TODAY, useErpServices } from '../analytics/erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, get, sql } = kit;

const TYPE = { CustomerInactivity: 1, ShipToInactivity: 2, OrderLinePastDue: 3, QuoteLinePastDue: 4, Comparison: 5, ReorderRhythm: 6 } as const;
const COLUMN = { Branch: 2, SalesRep: 3, Customer: 4, Amount: 7 } as const;
const OPERATOR = { In: 1, NotIn: 2, GreaterThan: 4 } as const;

const userId = async (email: string) => (await sql<{ id: number }>('SELECT user_master_id AS id FROM app.user_master WHERE email = $1 AND home_user_master_id IS NULL', [`${email}@tradeboard.example`]))[0]!.id;
const roleId = async (name: string) => (await sql<{ id: number }>('SELECT role_master_id AS id FROM app.role_master WHERE role_name = $1 AND owner_customer_master_id IS NULL', [name]))[0]!.id;
const process = async (user: string, ignorePrevious = false) => {
  const answer = await get(kit.users.admin, `/Notifications/ProcessNotificationsForTesting/1/${await userId(user)}/${ignorePrevious}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.processed as Array<{ notificationUserInstanceId: number; notificationId: number | null; resultCount: number }>;
};
/** A POST answered with no content: its status. */
const status = async (browser: TestBrowser, url: string, body: unknown = {}) => (await browser.request('POST', `/api${url}`, { body })).statusCode;
const add = (browser: TestBrowser, body: Record<string, unknown>) => ok(browser, '/Notifications/AddNotificationUserInstance', body);

describe('notification engine', () => {
  it('CustomerInactivity delivers the rep only his own accounts, narrowed by the filter, once (ignorePreviousNotifications again), with the e-mail digest', async () => {
    const { rep, admin } = kit.users;
    const [branch] = await sql<{ branch: string }>("SELECT branch FROM erp.customer WHERE sales_rep = 'SR01' GROUP BY branch ORDER BY count(*) DESC LIMIT 1");
    const instance = await add(rep, {
      notificationMasterId: TYPE.CustomerInactivity,
      notificationName: 'Lapsed customers',
      parameters: { dayBasis: 30, activityExcludeDayBasis: 0 },
      filters: [{ notificationColumnMasterId: COLUMN.Branch, notificationOperatorId: OPERATOR.In, filterValues: [branch!.branch] }],
    });
    expect(instance).toMatchObject({ notificationName: 'Lapsed customers', notificationType: 'CustomerInactivity', isOwner: true, resultLimit: 500, sharedByType: null });
    expect(instance.filters).toEqual([expect.objectContaining({ columnKey: 'Branch', operatorKey: 'In', filterValues: [branch!.branch] })]);

    const before = (await get(rep, '/Notifications/UnreadCount')).body.unreadNotificationsCount;
    const [first] = await process('rep');
    expect(first!.notificationUserInstanceId).toBe(instance.notificationUserInstanceId);
    expect(first!.resultCount).toBeGreaterThan(0);
    expect((await get(rep, '/Notifications/UnreadCount')).body.unreadNotificationsCount).toBe(before + 1);

    const results = await get(rep, `/Notifications/Results/${first!.notificationId}`);
    expect(results.body.rows).toHaveLength(first!.resultCount);
    const customers = results.body.rows.map((row: { customer: string }) => row.customer);
    const inScope = await sql<{ customer: string }>('SELECT customer FROM erp.customer WHERE customer = ANY($1) AND sales_rep = $2 AND branch = $3', [customers, 'SR01', branch!.branch]);
    expect(inScope).toHaveLength(new Set(customers).size);
    // Another user cannot open them.
    expect((await get(kit.users.rep2, `/Notifications/Results/${first!.notificationId}`)).status).toBe(404);

    // Nothing new the second time; everything again when previous deliveries are ignored.
    expect((await process('rep'))[0]!.notificationId).toBeNull();
    expect((await process('rep', true))[0]!.resultCount).toBe(first!.resultCount);

    const [mail] = await sql<{ body: string; to_emails: string[] }>('SELECT body, to_emails FROM app.mail_outbox ORDER BY mail_id DESC LIMIT 1');
    expect(mail!.to_emails).toEqual(['rep@tradeboard.example']);
    expect(mail!.body).toContain(`/notifications?unsubscribe=${instance.notificationUserInstanceId}&userId=${await userId('rep')}`);

    // Acknowledging lowers the count.
    const acknowledged = await ok(rep, '/Notifications/MarkAsAcknowledged', { notificationIds: [first!.notificationId] });
    expect(acknowledged.unreadNotificationsCount).toBe(before + 1);
    expect((await ok(rep, '/Notifications/MarkAsAcknowledged', { all: true })).unreadNotificationsCount).toBe(0);
    expect((await post(rep, '/Notifications/MarkAsAcknowledged', {})).status).toBe(400);
    const list = await ok(rep, '/Notifications/List', { pageSize: 5 });
    expect(list.notifications[0]).toMatchObject({ isAcknowledged: true, notificationType: 'CustomerInactivity' });

    // The unsubscribe link's call opts him out: the next run skips him.
    expect((await post(rep, `/Notifications/OptOut/${instance.notificationUserInstanceId}/${await userId('rep2')}`)).status).toBe(403);
    await ok(rep, `/Notifications/OptOut/${instance.notificationUserInstanceId}/${await userId('rep')}`);
    expect(await process('rep', true)).toEqual([]);
    expect((await ok(admin, '/Notifications/NotificationUserInstance/List')).length).toBeGreaterThanOrEqual(0);
  });

  it('caps a delivery at 500 results, the rest left for later runs', async () => {
    const { rep } = kit.users;
    const [customer] = await sql<{ company: string; customer: string }>("SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY customer LIMIT 1");
    await sql(
      `INSERT INTO erp.quote_line (company, quote_number, quote_line_number, customer, sales_rep, quote_date, expiration_date, status, item_number, product_group, qty, unit_price, unit_cost, sales, cost)
       SELECT $1, 'CAPTEST', n, $2, 'SR01', $3::date - 60, $3::date - 30, 'Open', 'ITEM', 'PG', 1, 1, 1, n, 1 FROM generate_series(1, 620) n`,
      [customer!.company, customer!.customer, TODAY],
    );
    try {
      await add(rep, {
        notificationMasterId: TYPE.QuoteLinePastDue,
        notificationName: 'Expired quotes',
        filters: [{ notificationColumnMasterId: COLUMN.Customer, notificationOperatorId: OPERATOR.In, filterValues: [customer!.customer] }],
      });
      const processed = await process('rep');
      const quotes = processed.find((p) => p.resultCount >= NOTIFICATION_RESULT_LIMIT)!;
      expect(quotes.resultCount).toBe(NOTIFICATION_RESULT_LIMIT);
      const rows = (await get(rep, `/Notifications/Results/${quotes.notificationId}`)).body.rows;
      expect(rows).toHaveLength(NOTIFICATION_RESULT_LIMIT);
      // The next run delivers what the cap held back (and the lines found before), not the same 500.
      const next = (await process('rep')).find((p) => p.notificationUserInstanceId === quotes.notificationUserInstanceId)!;
      expect(next.resultCount).toBeGreaterThanOrEqual(120);
      expect(next.resultCount).toBeLessThan(NOTIFICATION_RESULT_LIMIT);
    } finally {
      await sql("DELETE FROM erp.quote_line WHERE quote_number = 'CAPTEST'");
    }
  });

  it('the reorder rhythm flags a weekly buyer that skipped three weeks', async () => {
    const { rep } = kit.users;
    await sql(
      `INSERT INTO erp.customer (company, customer, customer_name, branch, sales_rep, created_date)
       SELECT company, 'WEEKLY1', 'Weekly Widgets', branch, sales_rep, '2020-01-01' FROM erp.customer WHERE sales_rep = 'SR01' LIMIT 1`,
    );
    await sql(
      `INSERT INTO erp.invoice_header (company, invoice_number, invoice_type, invoice_date, customer, ship_to, sales_rep, branch, location, line_count, sales, cost, freight, tax)
       SELECT c.company, 'WK' || n, 'IN', $1::date - 22 - 7 * n, 'WEEKLY1', 'WEEKLY1', 'SR01', c.branch, 'L1', 1, 100, 50, 0, 0
         FROM erp.customer c CROSS JOIN generate_series(0, 20) n WHERE c.customer = 'WEEKLY1'`,
      [TODAY],
    );
    try {
      const instance = await add(rep, { notificationMasterId: TYPE.ReorderRhythm, notificationName: 'Missed orders' });
      const delivered = (await process('rep')).find((p) => p.notificationUserInstanceId === instance.notificationUserInstanceId)!;
      const rows = (await get(rep, `/Notifications/Results/${delivered.notificationId}`)).body.rows;
      const weekly = rows.find((row: { customer: string }) => row.customer === 'WEEKLY1');
      expect(weekly).toMatchObject({ kind: 'Customer', name: 'Weekly Widgets' });
      expect(weekly.detail).toMatch(/Usually orders within 7 days; none for 22 days/);
    } finally {
      await sql("DELETE FROM erp.invoice_header WHERE customer = 'WEEKLY1'");
      await sql("DELETE FROM erp.customer WHERE customer = 'WEEKLY1'");
    }
  });

  it('the comparison lists groups down more than the percentage, in the caller\'s scope', async () => {
    const { rep } = kit.users;
    const answer = await ok(rep, '/Notifications/Comparison/Customer/last-12-months', { percentDown: 10 });
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const row of answer.rows) expect(row.changePercent).toBeLessThan(-10);
    const keys = answer.rows.map((row: { key: string }) => row.key.split('|')[1]);
    expect(await sql('SELECT 1 FROM erp.customer WHERE customer = ANY($1) AND sales_rep <> $2', [keys, 'SR01'])).toEqual([]);
    expect((await post(rep, '/Notifications/Comparison/Nope/last-12-months')).status).toBe(400);
    expect((await post(rep, '/Notifications/Comparison/Customer/someday')).status).toBe(400);
  });
});

describe('alerts, filters, copies, shares and opt-outs', () => {
  it('copies an alert with its filters as the caller\'s own; only the creator changes it', async () => {
    const { rep, rep2 } = kit.users;
    const source = await add(rep, {
      notificationMasterId: TYPE.OrderLinePastDue,
      notificationName: 'Late lines',
      filters: [{ notificationColumnMasterId: COLUMN.Amount, notificationOperatorId: OPERATOR.GreaterThan, filterValues: ['100'] }],
    });
    const copy = await ok(rep, `/Notifications/Copy/${source.notificationUserInstanceId}`);
    expect(copy).toMatchObject({ notificationName: 'Copy of Late lines', isOwner: true, notificationType: 'OrderLinePastDue' });
    expect(copy.filters.map((f: { columnKey: string; filterValues: string[] }) => [f.columnKey, f.filterValues])).toEqual([['Amount', ['100']]]);
    expect(copy.notificationUserInstanceId).not.toBe(source.notificationUserInstanceId);

    const updated = await ok(rep, '/Notifications/UpdateNotificationUserInstance', { notificationUserInstanceId: copy.notificationUserInstanceId, notificationName: 'Late big lines', sendEmail: false });
    expect(updated).toMatchObject({ notificationName: 'Late big lines', sendEmail: false });
    const filter = await ok(rep, '/Notifications/AddNotificationUserInstanceFilter', {
      notificationUserInstanceId: copy.notificationUserInstanceId,
      notificationColumnMasterId: COLUMN.SalesRep,
      notificationOperatorId: OPERATOR.NotIn,
      filterValues: ['SR99'],
    });
    const changed = await ok(rep, '/Notifications/UpdateNotificationUserInstanceFilter', { ...filter, filterValues: ['SR98'] });
    expect(changed.filterValues).toEqual(['SR98']);
    expect((await get(rep, `/Notifications/GetFiltersExact/${copy.notificationUserInstanceId}`)).body).toHaveLength(2);
    // Columns and operators are checked against the type; Amount takes numbers.
    const bad = [
      { notificationColumnMasterId: 5, notificationOperatorId: 1, filterValues: ['x'] },
      { notificationColumnMasterId: COLUMN.Branch, notificationOperatorId: OPERATOR.GreaterThan, filterValues: ['x'] },
      { notificationColumnMasterId: COLUMN.Amount, notificationOperatorId: OPERATOR.GreaterThan, filterValues: ['lots'] },
    ];
    const comparison = await add(rep, { notificationMasterId: TYPE.Comparison, notificationName: 'Down', parameters: { groupBy: 'Branch', dateSlug: 'last-12-months' } });
    expect((await post(rep, '/Notifications/AddNotificationUserInstanceFilter', { notificationUserInstanceId: comparison.notificationUserInstanceId, ...bad[0] })).status).toBe(400);
    for (const body of bad.slice(1)) expect((await post(rep, '/Notifications/AddNotificationUserInstanceFilter', { notificationUserInstanceId: copy.notificationUserInstanceId, ...body })).status).toBe(400);
    expect((await post(rep, '/Notifications/AddNotificationUserInstance', { notificationMasterId: TYPE.Comparison, notificationName: 'x', parameters: { dateSlug: 'never' } })).status).toBe(400);
    expect((await post(rep, '/Notifications/AddNotificationUserInstance', { notificationMasterId: 999, notificationName: 'x' })).status).toBe(404);
    expect((await post(rep, '/Notifications/AddNotificationUserInstance', { notificationMasterId: 1, notificationName: '   ' })).status).toBe(400);

    // rep2 does not see it (404), and once it is shared with him he may copy but not change it.
    expect((await get(rep2, `/Notifications/GetExact/${copy.notificationUserInstanceId}`)).status).toBe(404);
    await ok(rep, '/Notifications/User/Share/Add', { notificationUserInstanceId: copy.notificationUserInstanceId, userMasterId: await userId('rep2') });
    expect((await get(rep2, `/Notifications/GetExact/${copy.notificationUserInstanceId}`)).body).toMatchObject({ isOwner: false, sharedByType: 'User' });
    expect((await post(rep2, '/Notifications/UpdateNotificationUserInstance', { notificationUserInstanceId: copy.notificationUserInstanceId, notificationName: 'Mine' })).status).toBe(403);
    expect((await post(rep2, `/Notifications/RemoveNotificationUserInstanceFilter/${filter.notificationUserInstanceFilterId}`)).status).toBe(403);
    expect((await ok(rep2, `/Notifications/Copy/${copy.notificationUserInstanceId}`)).createdBy).toBe(await userId('rep2'));

    expect(await status(rep, `/Notifications/RemoveNotificationUserInstanceFilter/${filter.notificationUserInstanceFilterId}`)).toBe(204);
    expect(await status(rep, `/Notifications/RemoveNotificationUserInstance/${copy.notificationUserInstanceId}`)).toBe(204);
    expect((await get(rep, `/Notifications/GetExact/${copy.notificationUserInstanceId}`)).status).toBe(404);
  });

  it('a role share reaches rep2 until he opts out; a shared-creator opt-out stops everything one creator shares', async () => {
    const { rep, rep2 } = kit.users;
    const rep2Id = await userId('rep2');
    const instance = await add(rep, { notificationMasterId: TYPE.CustomerInactivity, notificationName: 'Team lapsed', parameters: { dayBasis: 30, activityExcludeDayBasis: 0 } });
    const share = await ok(rep, '/Notifications/Role/Share/Add', { notificationUserInstanceId: instance.notificationUserInstanceId, roleMasterId: await roleId('SalesRep') });
    expect(share.notificationUserInstanceXRoleMasterId).toEqual(expect.any(Number));
    const seen = (await get(rep2, `/Notifications/Shared/Role/List/${rep2Id}`)).body;
    expect(seen.map((i: { notificationUserInstanceId: number }) => i.notificationUserInstanceId)).toContain(instance.notificationUserInstanceId);
    expect((await get(rep2, `/Notifications/Shared/Count/${rep2Id}`)).body.sharedCount).toBeGreaterThan(0);
    expect((await get(rep2, `/Notifications/Shared/Count/${await userId('rep')}`)).status).toBe(403);

    const delivered = (await process('rep2')).find((p) => p.notificationUserInstanceId === instance.notificationUserInstanceId)!;
    expect(delivered.resultCount).toBeGreaterThan(0);
    // rep2's rows are his own accounts, not rep's.
    const rows = (await get(rep2, `/Notifications/Results/${delivered.notificationId}`)).body.rows;
    expect(await sql("SELECT 1 FROM erp.customer WHERE customer = ANY($1) AND sales_rep <> 'SR02'", [rows.map((r: { customer: string }) => r.customer)])).toEqual([]);

    await ok(rep2, '/Notifications/OptOut/Add', { masterIdXOptOut: share.notificationUserInstanceXRoleMasterId, sharedByType: 'Role' });
    expect((await get(rep2, `/Notifications/GetExact/${instance.notificationUserInstanceId}`)).body.isOptedOut).toBe(true);
    expect((await get(rep, `/Notifications/Role/OptOut/User/List/${instance.notificationUserInstanceId}`)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ userMasterId: rep2Id, isOptedOut: true })]),
    );
    expect((await process('rep2', true)).map((p) => p.notificationUserInstanceId)).not.toContain(instance.notificationUserInstanceId);
    expect(await status(rep2, '/Notifications/OptOut/Remove', { masterIdXOptOut: share.notificationUserInstanceXRoleMasterId, sharedByType: 'Role' })).toBe(204);
    expect((await process('rep2', true)).map((p) => p.notificationUserInstanceId)).toContain(instance.notificationUserInstanceId);
    // An opt-out of a share that does not reach him is 404.
    expect((await post(rep2, '/Notifications/OptOut/Add', { masterIdXOptOut: 999999, sharedByType: 'User' })).status).toBe(404);

    const creatorOptOut = await ok(rep2, '/Notifications/SharedCreator/OptOut/Add', { creatorUserMasterId: await userId('rep') });
    expect(creatorOptOut).toMatchObject({ creatorName: 'Rick Rep' });
    expect((await get(rep2, '/Notifications/SharedCreator/OptOut/List')).body).toHaveLength(1);
    expect((await process('rep2', true)).map((p) => p.notificationUserInstanceId)).not.toContain(instance.notificationUserInstanceId);
    expect((await post(rep2, '/Notifications/SharedCreator/OptOut/Add', { creatorUserMasterId: rep2Id })).status).toBe(400);
    expect(await status(rep2, `/Notifications/SharedCreator/OptOut/Remove/${creatorOptOut.notificationSharedCreatorOptOutId}`)).toBe(204);
    expect((await process('rep2', true)).map((p) => p.notificationUserInstanceId)).toContain(instance.notificationUserInstanceId);

    // Only the creator manages shares.
    expect((await get(rep2, `/Notifications/Role/Share/List/${instance.notificationUserInstanceId}`)).status).toBe(403);
    expect((await post(rep2, `/Notifications/Role/Share/Remove/${share.notificationUserInstanceXRoleMasterId}`)).status).toBe(403);
    expect(await status(rep, `/Notifications/Role/Share/Remove/${share.notificationUserInstanceXRoleMasterId}`)).toBe(204);
    expect((await get(rep2, `/Notifications/GetExact/${instance.notificationUserInstanceId}`)).status).toBe(404);
  });

  it("another organization's alert answers 404 to every call", async () => {
    const { admin, rep } = kit.users;
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO app.notification_user_instance (customer_master_id, created_by, notification_master_id, notification_name)
       SELECT customer_master_id, user_master_id, 1, 'Elsewhere' FROM app.user_master WHERE customer_master_id <> 1 LIMIT 1 RETURNING notification_user_instance_id AS id`,
    );
    for (const browser of [admin, rep]) {
      expect((await get(browser, `/Notifications/GetExact/${id}`)).status).toBe(404);
      expect((await get(browser, `/Notifications/GetFiltersExact/${id}`)).status).toBe(404);
      expect((await post(browser, `/Notifications/Copy/${id}`)).status).toBe(404);
      expect((await post(browser, `/Notifications/RemoveNotificationUserInstance/${id}`)).status).toBe(404);
      expect((await post(browser, '/Notifications/UpdateNotificationUserInstance', { notificationUserInstanceId: id, notificationName: 'x' })).status).toBe(404);
      expect((await get(browser, `/Notifications/User/Share/List/${id}`)).status).toBe(404);
      expect((await post(browser, `/Notifications/OptOut/${id}/${await userId(browser === admin ? 'admin' : 'rep')}`)).status).toBe(404);
    }
    expect((await get(admin, `/Notifications/ProcessNotificationsForTesting/2/${await userId('rep')}/false`)).status).toBe(404);
    expect((await get(rep, `/Notifications/ProcessNotificationsForTesting/1/${await userId('rep')}/false`)).status).toBe(403);
  });
});

describe('NotificationMaster administration', () => {
  it('is for administrators; lists, adds, changes and removes; refuses removing what alerts use', async () => {
    const { admin, rep } = kit.users;
    for (const path of ['Type/List', 'Type/Column/List', 'Column/List', 'Column/Operator/List', 'Operator/List', 'Column/ControlType/List', 'Column/FilterName/List', 'Type/1']) {
      expect((await get(rep, `/NotificationMaster/${path}`)).status, path).toBe(403);
      expect((await get(admin, `/NotificationMaster/${path}`)).status, path).toBe(200);
    }
    expect((await post(rep, '/NotificationMaster/Operator', { operatorKey: 'In', displayName: 'x' })).status).toBe(403);
    expect((await get(admin, '/NotificationMaster/Type/List')).body.map((t: { notificationType: string }) => t.notificationType)).toEqual([
      'CustomerInactivity', 'ShipToInactivity', 'OrderLinePastDue', 'QuoteLinePastDue', 'Comparison', 'ReorderRhythm',
    ]);
    // The type's name changes; its engine type is unique (409), unknown ones 400.
    const changed = await admin.request('PUT', '/api/NotificationMaster/Type/6', { body: { notificationType: 'ReorderRhythm', notificationName: 'Missed Reorders', resultLimit: 500 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().notificationName).toBe('Missed Reorders');
    expect((await post(admin, '/NotificationMaster/Type', { notificationType: 'ReorderRhythm', notificationName: 'Again' })).status).toBe(409);
    expect((await post(admin, '/NotificationMaster/Type', { notificationType: 'Horoscope', notificationName: 'Stars' })).status).toBe(400);
    // A column's operator: added, then removed; an unknown column 404.
    const link = await ok(admin, '/NotificationMaster/Column/Operator', { notificationColumnMasterId: 7, notificationOperatorId: 1 });
    expect(link).toMatchObject({ notificationColumnMasterId: 7, notificationOperatorId: 1 });
    expect((await post(admin, '/NotificationMaster/Column/Operator', { notificationColumnMasterId: 999, notificationOperatorId: 1 })).status).toBe(404);
    const removed = await admin.request('DELETE', `/api/NotificationMaster/Column/Operator/${link.notificationColumnXOperatorId}`);
    expect(removed.statusCode).toBe(204);
    // Type 1 has alerts: 409.
    const inUse = await admin.request('DELETE', '/api/NotificationMaster/Type/1');
    expect(inUse.statusCode).toBe(409);
    expect((await get(admin, '/NotificationMaster/Type/999')).status).toBe(404);
  });
});
