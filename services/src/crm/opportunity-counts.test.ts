import { describe, expect, it } from 'vitest';
import { addDays, customRangeSlug, endOfMonth, startOfMonth } from '@tradeboard/shared/dates';
import type { TestBrowser } from '../testing/index.ts';
import { rolledBack, rowDifferences, TODAY, useErpServices } from '../analytics/erp-test-kit.ts';

// The opportunity sums rollup (migration 275, crm.opportunity_month_count): kept by triggers in the
// writes' transactions, it answers the KPI, the funnel and the groupings by stage, rep, month and
// outcome exactly as the opportunities do. The opportunities' own answer is the same call with a
// filter the rollup does not carry and that keeps every row (accountType: all three), so both
// paths of the same route are compared.
const kit = useErpServices();
const { ok, sql } = kit;

type Row = Record<string, any>;
const EVERY_ACCOUNT = { field: 'accountType', comparison: 'include', values: ['Customer', 'ShipTo', 'Prospect'] };
const send = async (browser: TestBrowser, method: 'PUT' | 'POST', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

/** The rollup's rows that differ from a sum of the opportunities (each side EXCEPT the other). */
async function rollupDifferences(): Promise<number> {
  const fresh = `SELECT o.customer_master_id, o.sales_rep, date_trunc('month', o.expected_close_date)::date AS month, o.company, o.stage_id, o.step_id,
                        count(*)::int AS opportunities, sum(o.opportunity_size) AS opportunity_size, sum(round(o.opportunity_size * o.probability / 100, 2)) AS weighted_size
                   FROM crm.opportunity o GROUP BY 1, 2, 3, 4, 5, 6`;
  const kept = 'SELECT customer_master_id, sales_rep, month, company, stage_id, step_id, opportunities, opportunity_size, weighted_size FROM crm.opportunity_month_count';
  return rowDifferences(kit, kept, fresh);
}

const thisMonth = startOfMonth(TODAY);
const SLUGS = [
  undefined,
  'last-12-months',
  'year-to-date',
  'this-month',
  customRangeSlug(addDays(thisMonth, -400), endOfMonth(addDays(thisMonth, 250))), // the past and the coming months
  customRangeSlug(addDays(thisMonth, -75), addDays(TODAY, 20)), // partial months both sides
  customRangeSlug(startOfMonth(addDays(thisMonth, -1)), endOfMonth(TODAY)), // whole months only
  customRangeSlug(addDays(thisMonth, 3), addDays(TODAY, 9)), // no whole month: the opportunities
];

/** Every KPI, funnel and grouping the rollup answers, for `browser`, against the same call read from the opportunities. */
async function expectRollupAnswers(browser: TestBrowser, filters: Row[] = []) {
  for (const dateSlug of SLUGS) {
    const body = dateSlug ? { dateSlug } : {};
    const all = [...filters, EVERY_ACCOUNT];
    expect(await ok(browser, '/Opportunity/KPI', { ...body, filters }), `KPI ${dateSlug}`).toEqual(await ok(browser, '/Opportunity/KPI', { ...body, filters: all }));
    for (const groupBy of ['stage', 'step']) {
      for (const basis of ['', '?reportTotalBasis=OpportunityCount', '?reportTotalBasis=WeightedOpportunitySize']) {
        const url = `/Opportunity/Funnel/${groupBy}${basis}`;
        expect(await ok(browser, url, { ...body, filters }), `funnel ${groupBy}${basis} ${dateSlug}`).toEqual(await ok(browser, url, { ...body, filters: all }));
      }
    }
    if (!dateSlug) continue;
    for (const groupBy of ['stage', 'salesRep', 'month', 'outcome']) {
      const url = `/Opportunity/Grouped/${groupBy}/${dateSlug}`;
      expect(await ok(browser, url, { pageSize: 500, filters }), `${groupBy} ${dateSlug}`).toEqual(await ok(browser, url, { pageSize: 500, filters: all }));
    }
  }
}

const itemId = async (type: string, name: string) => (await sql('SELECT data_item_id AS id FROM crm.data_item WHERE data_type = $1 AND name = $2', [type, name]))[0]!.id as number;

describe('opportunity sums rollup: the KPI, funnel and groupings as the opportunities sum them', () => {
  it('after the demo load: the rollup equals a sum of the opportunities; every answer equals the opportunities’ for rep, manager and admin', async () => {
    const { rep, manager, admin } = kit.users;
    expect(await rollupDifferences()).toBe(0);
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM crm.opportunity_month_count');
    expect(n).toBeGreaterThan(20);
    await expectRollupAnswers(rep);
    await expectRollupAnswers(manager);
    await expectRollupAnswers(admin);
    const [{ company }] = await sql<{ company: string }>('SELECT min(company) AS company FROM crm.opportunity');
    await expectRollupAnswers(admin, [
      { field: 'company', comparison: 'equals', values: [company] },
      { field: 'stage', comparison: 'include', values: [String(await itemId('Stage', 'Proposal')), String(await itemId('Stage', 'Closed Won'))] },
    ]);
    await expectRollupAnswers(admin, [
      { field: 'salesRep', comparison: 'include', values: ['SR01', 'SR02'] },
      { field: 'outcome', comparison: 'include', values: ['Open', 'Lost'] },
    ]);
    await expectRollupAnswers(manager, [{ field: 'step', comparison: 'equals', values: [String(await itemId('Step', 'Samples sent'))] }]);
  }, 180_000);

  it('inserts, updates (stage, step, size, probability, close date, rep, organization) and deletes through the routes and in SQL keep it exact', async () => {
    const { rep, admin } = kit.users;
    const [account] = await sql<Row>("SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY company, customer LIMIT 1");
    const base = { company: account!.company, accountType: 'Customer', accountId: account!.customer };
    const created: Row[] = [];
    for (const [expectedCloseDate, stepId, opportunitySize] of [
      [addDays(TODAY, 3), await itemId('Step', 'Discovery call'), 1234.56],
      [addDays(TODAY, 40), null, 99.99],
      [addDays(TODAY, -200), await itemId('Step', 'Contract sent'), 0],
    ] as const) {
      const { status, body } = await send(rep, 'POST', '/Opportunity', { ...base, name: 'Rollup check', expectedCloseDate, stepId, opportunitySize, probability: 37 });
      expect(status, JSON.stringify(body)).toBe(200);
      created.push(body);
    }
    expect(await rollupDifferences()).toBe(0);

    // Moved to another stage (won), month, step and size; another lost; the empty step given one.
    const won = await send(rep, 'PUT', `/Opportunity/${created[0]!.opportunity}`, {
      name: 'Won', stageId: await itemId('Stage', 'Closed Won'), stepId: null, expectedCloseDate: addDays(TODAY, -95), opportunitySize: 4321.09, version: created[0]!.version,
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    const lostSalesId = (await sql("SELECT min(data_item_id) AS id FROM crm.data_item WHERE data_type = 'LostSales' AND is_active"))[0]!.id;
    const lost = await send(rep, 'PUT', `/Opportunity/${created[1]!.opportunity}`, {
      name: 'Lost', stageId: await itemId('Stage', 'Closed Lost'), lostSalesId, stepId: await itemId('Step', 'Needs analysis'), version: created[1]!.version,
    });
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    const reweighted = await send(rep, 'PUT', `/Opportunity/${created[2]!.opportunity}`, { name: 'Reweighted', probability: 63, opportunitySize: 10.01, version: created[2]!.version });
    expect(reweighted.status, JSON.stringify(reweighted.body)).toBe(200);
    expect(await rollupDifferences()).toBe(0);
    await expectRollupAnswers(rep);

    // In SQL, as an ERP-side tool or a script would: a rep change of many rows, a bulk stage move,
    // sizes and probabilities, dates across months, steps emptied, another organization, deletes.
    await sql("UPDATE crm.opportunity SET sales_rep = 'SR02' WHERE opportunity = $1 OR (sales_rep = 'SR01' AND opportunity % 5 = 0)", [created[2]!.opportunity]);
    await sql('UPDATE crm.opportunity SET stage_id = $1 WHERE opportunity % 7 = 0', [await itemId('Stage', 'Negotiation')]);
    await sql('UPDATE crm.opportunity SET opportunity_size = opportunity_size + 0.37, probability = (probability + 11) % 101 WHERE opportunity % 3 = 0');
    await sql('UPDATE crm.opportunity SET expected_close_date = expected_close_date + 17 WHERE opportunity % 4 = 1');
    await sql('UPDATE crm.opportunity SET step_id = NULL WHERE opportunity % 6 = 2');
    await sql('UPDATE crm.opportunity SET customer_master_id = customer_master_id + 1000 WHERE opportunity % 13 = 0');
    await sql('UPDATE crm.opportunity SET name = name WHERE opportunity % 2 = 0'); // no counted column: no change
    expect(await rollupDifferences()).toBe(0);
    await sql('DELETE FROM crm.opportunity WHERE opportunity % 11 = 0 OR opportunity = $1', [created[1]!.opportunity]);
    expect(await rollupDifferences()).toBe(0);
    await expectRollupAnswers(rep);
    await expectRollupAnswers(admin);

    // A stage's outcome and activity are read at query time: the rollup needs no rewrite.
    const negotiation = await itemId('Stage', 'Negotiation');
    await sql("UPDATE crm.data_item SET closes_as = 'Won', is_active = false WHERE data_item_id = $1", [negotiation]);
    try {
      await expectRollupAnswers(admin);
    } finally {
      await sql('UPDATE crm.data_item SET closes_as = NULL, is_active = true WHERE data_item_id = $1', [negotiation]);
    }

    // A rolled-back write leaves no sum behind.
    await rolledBack(kit, "UPDATE crm.opportunity SET sales_rep = 'SR09', opportunity_size = 1 WHERE sales_rep = 'SR01'");
    expect(await rollupDifferences()).toBe(0);

    // The refresh (the demo generator's last step) gives the same rows.
    await sql('SELECT crm.refresh_opportunity_month_count()');
    expect(await rollupDifferences()).toBe(0);
  }, 180_000);
});
