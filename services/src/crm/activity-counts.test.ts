import { describe, expect, it } from 'vitest';
import { addDays, customRangeSlug, endOfMonth, startOfMonth } from '@tradeboard/shared/dates';
import type { TestBrowser } from '../testing/index.ts';
import { rolledBack, rowDifferences, TODAY, useErpServices, withChangedRollup } from '../analytics/erp-test-kit.ts';

// The activity counts rollup (migration 270, crm.activity_month_count): kept by triggers in the
// writes' transactions, it answers the KPI and the groupings exactly as the activities do. The
// activities' own answer is the same call with a filter the rollup does not carry and that keeps
// every row (accountType: all three), so both paths of the same route are compared.
const kit = useErpServices();
const { ok, sql } = kit;

type Row = Record<string, any>;
const EVERY_ACCOUNT = { field: 'accountType', comparison: 'include', values: ['Customer', 'ShipTo', 'Prospect'] };
const send = async (browser: TestBrowser, method: 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

/** The rollup's rows that differ from a count of the activities (each side EXCEPT the other). */
async function rollupDifferences(): Promise<number> {
  const fresh = `SELECT a.sales_rep, date_trunc('month', a.due_date)::date AS month, a.company, a.activity_type_id, a.completed_date IS NOT NULL AS completed,
                        count(*)::int AS activities, (count(g.activity_trans_id) FILTER (WHERE g.is_verified))::int AS verified
                   FROM crm.activity a LEFT JOIN crm.gps_verification g ON g.activity_trans_id = a.activity_transaction_number GROUP BY 1, 2, 3, 4, 5`;
  const kept = 'SELECT sales_rep, month, company, activity_type_id, completed, activities, verified FROM crm.activity_month_count';
  return rowDifferences(kit, kept, fresh);
}

const thisMonth = startOfMonth(TODAY);
const SLUGS = [
  undefined,
  'last-12-months',
  'year-to-date',
  'this-month',
  customRangeSlug(addDays(thisMonth, -75), addDays(TODAY, 20)), // partial months both sides, today's month whole
  customRangeSlug(startOfMonth(addDays(thisMonth, -1)), endOfMonth(TODAY)), // whole months through today's
  customRangeSlug(addDays(thisMonth, -3), addDays(TODAY, -1)), // no whole month: the activities
];

/** Every KPI and grouping the rollup answers, for `browser`, against the same call read from the activities. */
async function expectRollupAnswers(browser: TestBrowser, filters: Row[] = []) {
  for (const dateSlug of SLUGS) {
    const body = dateSlug ? { dateSlug } : {};
    const rolled = await ok(browser, '/ActivityTransaction/KPI', { ...body, filters });
    const raw = await ok(browser, '/ActivityTransaction/KPI', { ...body, filters: [...filters, EVERY_ACCOUNT] });
    expect(rolled, `KPI ${dateSlug}`).toEqual(raw);
    expect(rolled.totalCount).toBe(rolled.openCount + rolled.overdueCount + rolled.completedCount);
    // The list's count: the rollup's, as the activities count them.
    const listed = await ok(browser, '/ActivityTransaction/List', { ...body, filters, pageSize: 1 });
    expect(listed.totalCount, `List ${dateSlug}`).toBe((await ok(browser, '/ActivityTransaction/List', { ...body, filters: [...filters, EVERY_ACCOUNT], pageSize: 1 })).totalCount);
    expect(listed.totalCount).toBe(rolled.totalCount);
    if (!dateSlug) continue;
    for (const groupBy of ['salesRep', 'activityType', 'month', 'status']) {
      const url = `/ActivityTransaction/Grouped/${groupBy}/${dateSlug}`;
      const rolledGroups = await ok(browser, url, { pageSize: 500, filters });
      expect(rolledGroups, `${groupBy} ${dateSlug}`).toEqual(await ok(browser, url, { pageSize: 500, filters: [...filters, EVERY_ACCOUNT] }));
    }
  }
}

const typeId = async (name: string) => (await sql("SELECT data_item_id AS id FROM crm.data_item WHERE data_type = 'ActivityType' AND name = $1", [name]))[0]!.id as number;

describe('activity counts rollup: the KPI and groupings as the activities count them', () => {
  it('after the demo load: the rollup equals a count of the activities; every answer equals the activities’ for rep, manager and admin', async () => {
    const { rep, manager, admin } = kit.users;
    expect(await rollupDifferences()).toBe(0);
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM crm.activity_month_count');
    expect(n).toBeGreaterThan(50);
    // Today's month holds open activities due before and after today: both sides of the split.
    const [{ before, after }] = await sql<{ before: number; after: number }>(
      `SELECT count(*) FILTER (WHERE due_date < $2::date)::int AS before, count(*) FILTER (WHERE due_date >= $2::date)::int AS after
         FROM crm.activity WHERE completed_date IS NULL AND due_date >= $1::date AND due_date <= $2::date + 40`,
      [thisMonth, TODAY],
    );
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    await expectRollupAnswers(rep);
    await expectRollupAnswers(manager);
    await expectRollupAnswers(admin);
    const [{ company }] = await sql<{ company: string }>('SELECT min(company) AS company FROM crm.activity');
    await expectRollupAnswers(admin, [
      { field: 'company', comparison: 'equals', values: [company] },
      { field: 'activityType', comparison: 'include', values: [String(await typeId('Visit')), String(await typeId('Email'))] },
    ]);
    await expectRollupAnswers(admin, [{ field: 'salesRep', comparison: 'include', values: ['SR01', 'SR02'] }]);

    // The list reads its count from the rollup: five more there are five more listed.
    const listedBefore = (await ok(rep, '/ActivityTransaction/List', { pageSize: 1 })).totalCount;
    await withChangedRollup(
      kit,
      "UPDATE crm.activity_month_count SET activities = activities + 5 WHERE (sales_rep, month, company, activity_type_id, completed) = (SELECT sales_rep, month, company, activity_type_id, completed FROM crm.activity_month_count WHERE sales_rep = 'SR01' ORDER BY month LIMIT 1)",
      'crm.refresh_activity_month_count',
      async () => expect((await ok(rep, '/ActivityTransaction/List', { pageSize: 2 })).totalCount).toBe(listedBefore + 5),
    );
  }, 120_000);

  it('inserts, updates (type, dates, completion, rep) and deletes through the routes and in SQL keep it exact, verifications too', async () => {
    const { rep, admin } = kit.users;
    const [account] = await sql<Row>("SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' AND latitude IS NOT NULL ORDER BY company, customer LIMIT 1");
    const base = { company: account!.company, accountType: 'Customer', accountId: account!.customer, subject: 'Rollup check' };
    const created: Row[] = [];
    for (const [dueDate, completedDate] of [
      [addDays(TODAY, -1), null], // today's month (or the last), overdue
      [addDays(TODAY, 3), null], // open
      [addDays(TODAY, -400), addDays(TODAY, -399)], // a past month, completed
      [addDays(thisMonth, -1), null], // the month before, overdue
    ] as const) {
      const { status, body } = await send(rep, 'POST', '/ActivityTransaction', { ...base, activityTypeId: await typeId('Visit'), dueDate, completedDate });
      expect(status, JSON.stringify(body)).toBe(200);
      created.push(body);
    }
    expect(await rollupDifferences()).toBe(0);

    // A verification, then the activity moved to another month and type and completed.
    const [located] = await sql<Row>('SELECT latitude, longitude FROM erp.customer WHERE company = $1 AND customer = $2', [account!.company, account!.customer]);
    const verifyUrl = `/DataManager/Local/Add/Customer/${account!.customer}`;
    expect((await ok(rep, verifyUrl, { activityTransId: created[0]!.activityTransactionNumber, userLatitude: located!.latitude, userLongitude: located!.longitude })).isVerified).toBe(true);
    expect((await ok(rep, verifyUrl, { activityTransId: created[1]!.activityTransactionNumber, reasonNotVerified: 'No signal' })).isVerified).toBe(false);
    expect(await rollupDifferences()).toBe(0);
    const moved = await send(rep, 'PUT', `/ActivityTransaction/${created[0]!.activityTransactionNumber}`, {
      activityTypeId: await typeId('Email'), subject: 'Moved', dueDate: addDays(TODAY, -95), completedDate: addDays(TODAY, -94), version: created[0]!.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The unverified one verified after all (an update of the verification), another re-opened.
    expect((await ok(rep, verifyUrl, { activityTransId: created[1]!.activityTransactionNumber, userLatitude: located!.latitude, userLongitude: located!.longitude })).isVerified).toBe(true);
    const reopened = await send(rep, 'PUT', `/ActivityTransaction/${created[2]!.activityTransactionNumber}`, {
      activityTypeId: await typeId('Visit'), subject: 'Reopened', dueDate: addDays(TODAY, -399), completedDate: null, version: created[2]!.version,
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(await rollupDifferences()).toBe(0);
    await expectRollupAnswers(rep);

    // In SQL, as an ERP-side tool or a script would: a rep change of many rows, a bulk completion, a verification dropped.
    await sql("UPDATE crm.activity SET sales_rep = 'SR02' WHERE activity_transaction_number = ANY($1) OR (sales_rep = 'SR01' AND activity_transaction_number % 50 = 0)", [
      [created[1]!.activityTransactionNumber],
    ]);
    await sql("UPDATE crm.activity SET completed_date = due_date WHERE completed_date IS NULL AND sales_rep = 'SR02' AND activity_transaction_number % 3 = 0");
    await sql('DELETE FROM crm.gps_verification WHERE activity_trans_id = (SELECT min(activity_trans_id) FROM crm.gps_verification WHERE is_verified)');
    await sql('UPDATE crm.gps_verification SET is_verified = NOT is_verified WHERE activity_trans_id % 7 = 0');
    expect(await rollupDifferences()).toBe(0);

    // Deletes: through the route (the verified one: its verification goes by the cascade), and in bulk.
    const current = await ok(rep, `/ActivityTransaction/Exact/${created[0]!.activityTransactionNumber}`);
    expect((await send(rep, 'DELETE', `/ActivityTransaction/${current.activityTransactionNumber}?version=${current.version}`)).status).toBe(204);
    await sql("DELETE FROM crm.activity WHERE sales_rep = 'SR03' AND activity_transaction_number % 11 = 0");
    expect(await rollupDifferences()).toBe(0);
    await expectRollupAnswers(rep);
    await expectRollupAnswers(admin);

    // A rolled-back write leaves no count behind.
    await rolledBack(kit, "UPDATE crm.activity SET sales_rep = 'SR09' WHERE sales_rep = 'SR01'");
    expect(await rollupDifferences()).toBe(0);

    // The refresh (the demo generator's last step) gives the same rows.
    await sql('SELECT crm.refresh_activity_month_count()');
    expect(await rollupDifferences()).toBe(0);
  }, 120_000);
});
