import { describe, expect, it } from 'vitest';
import { addDays } from '@tradeboard/shared/dates';
import type { TestBrowser } from '../testing/index.ts';
import { TODAY, useErpServices, withRoleSettings } from '../analytics/erp-test-kit.ts';

const kit = useErpServices();
const { ok, post, sql } = kit;

type Row = Record<string, any>;
const send = async (browser: TestBrowser, method: 'PUT' | 'DELETE' | 'POST' | 'GET', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

const item = async (type: string, name: string) => (await sql('SELECT data_item_id AS id FROM crm.data_item WHERE data_type = $1 AND name = $2', [type, name]))[0]!.id as number;

/** A customer of the rep with contacts, orders and quotes. */
async function customerOf(rep: string) {
  const [c] = await sql(
    `SELECT c.company, c.customer FROM erp.customer c
      WHERE c.sales_rep = $1 AND EXISTS (SELECT 1 FROM erp.contact t WHERE t.company = c.company AND t.customer = c.customer)
        AND EXISTS (SELECT 1 FROM erp.order_header o WHERE o.company = c.company AND o.customer = c.customer)
        AND EXISTS (SELECT 1 FROM erp.quote_header q WHERE q.company = c.company AND q.customer = c.customer)
      ORDER BY c.company, c.customer LIMIT 1`,
    [rep],
  );
  return c!;
}

async function open(browser: TestBrowser, account: Row, extra: Row = {}) {
  return send(browser, 'POST', '/Opportunity', { company: account.company, accountType: 'Customer', accountId: account.customer, name: 'Shelving for the new wing', opportunitySize: 12000, ...extra });
}

describe('opportunities: demo data, reads and scope', () => {
  it('the demo holds open, won and lost opportunities for the demo reps; lost ones name a reason', async () => {
    const [row] = await sql(
      `SELECT count(*)::int AS n, count(DISTINCT sales_rep)::int AS reps,
              count(*) FILTER (WHERE s.closes_as IS NULL)::int AS open, count(*) FILTER (WHERE s.closes_as = 'Won')::int AS won,
              count(*) FILTER (WHERE s.closes_as = 'Lost' AND o.lost_sales_id IS NULL)::int AS lost_without_reason
         FROM crm.opportunity o JOIN crm.data_item s ON s.data_item_id = o.stage_id`,
    );
    expect(row!.n).toBeGreaterThan(20);
    expect(row!.reps).toBeGreaterThan(3);
    expect(row!.open).toBeGreaterThan(0);
    expect(row!.won).toBeGreaterThan(0);
    expect(row!.lost_without_reason).toBe(0);
  });

  it('List: a rep reads only his accounts\u2019 opportunities, latest expected close first; a manager his team\u2019s; the admin all', async () => {
    const { rep, manager, admin } = kit.users;
    const [{ n }] = await sql("SELECT count(*)::int AS n FROM crm.opportunity WHERE sales_rep = 'SR01'");
    const page = await ok(rep, '/Opportunity/List', { pageSize: 500 });
    expect(page.totalCount).toBe(n);
    expect(page.rows.every((r: Row) => r.salesRep === 'SR01')).toBe(true);
    const closes = page.rows.map((r: Row) => r.expectedCloseDate);
    expect(closes).toEqual([...closes].sort().reverse());
    expect(page.rows.every((r: Row) => r.weightedSize === Math.round(r.opportunitySize * r.probability) / 100)).toBe(true);
    const [{ team }] = await sql(
      "SELECT count(*)::int AS team FROM crm.opportunity WHERE sales_rep IN (SELECT 'SM01' UNION SELECT sales_rep FROM erp.sales_rep WHERE manager_sales_rep = 'SM01')",
    );
    expect((await ok(manager, '/Opportunity/List', {})).totalCount).toBe(team);
    const [{ all }] = await sql('SELECT count(*)::int AS all FROM crm.opportunity WHERE customer_master_id = 1');
    expect((await ok(admin, '/Opportunity/List', {})).totalCount).toBe(all);
    const won = await ok(rep, '/Opportunity/List', { filters: [{ field: 'outcome', comparison: 'equals', values: ['Won'] }], pageSize: 500 });
    expect(won.rows.every((r: Row) => r.outcome === 'Won' && r.probability === 100 && r.closedDate !== null)).toBe(true);
    expect((await post(rep, '/Opportunity/List', { filters: [{ field: 'nope', comparison: 'equals', values: ['x'] }] })).status).toBe(400);
    const named = page.rows[0];
    const byName = await ok(rep, '/Opportunity/List', { searchString: named.accountName, searchOperator: 'Exact', pageSize: 500 });
    expect(byName.rows.some((r: Row) => r.opportunity === named.opportunity)).toBe(true);
  });

  it('Exact: another rep\u2019s opportunity and another organization\u2019s are 404s, like one that does not exist', async () => {
    const { rep, rep2, admin } = kit.users;
    const [o] = await sql("SELECT opportunity AS id FROM crm.opportunity WHERE sales_rep = 'SR01' ORDER BY 1 LIMIT 1");
    expect((await ok(rep, `/Opportunity/Exact/${o!.id}`)).opportunity).toBe(o!.id);
    expect((await post(rep2, `/Opportunity/Exact/${o!.id}`)).status).toBe(404);
    expect((await post(rep, '/Opportunity/Exact/2000000000')).status).toBe(404);
    expect((await send(rep2, 'PUT', `/Opportunity/${o!.id}`, { name: 'x', version: 1 })).status).toBe(404);
    expect((await post(rep2, '/Opportunity/ProductGroup/List', { opportunity: o!.id })).status).toBe(404);
    // Another organization's opportunity on one of SR01's accounts: nobody here reaches it.
    const [other] = await sql(
      `INSERT INTO crm.opportunity (customer_master_id, company, account_type, account_id, customer, sales_rep, name, stage_id, probability, expected_close_date)
       SELECT 2, company, account_type, account_id, customer, sales_rep, 'Theirs', stage_id, 10, $1::date FROM crm.opportunity WHERE opportunity = $2
       RETURNING opportunity AS id`,
      [TODAY, o!.id],
    );
    for (const browser of [rep, admin]) {
      expect((await post(browser, `/Opportunity/Exact/${other!.id}`)).status).toBe(404);
      expect((await send(browser, 'PUT', `/Opportunity/${other!.id}`, { name: 'Mine now', version: 1 })).status).toBe(404);
      expect((await post(browser, '/Opportunity/Contact/Count', { opportunity: other!.id })).status).toBe(404);
    }
    expect((await ok(admin, '/Opportunity/List', { searchString: 'Theirs', searchOperator: 'Exact' })).totalCount).toBe(0);
    await sql('DELETE FROM crm.opportunity WHERE opportunity = $1', [other!.id]);
  });

  it('KPI, Grouped and Funnel count the same opportunities; the funnel follows the report total basis', async () => {
    const { rep } = kit.users;
    const kpi = await ok(rep, '/Opportunity/KPI', { dateSlug: 'last-12-months' });
    const [raw] = await sql(
      `SELECT count(*) FILTER (WHERE s.closes_as IS NULL)::int AS open, count(*) FILTER (WHERE s.closes_as = 'Won')::int AS won,
              coalesce(sum(o.opportunity_size) FILTER (WHERE s.closes_as IS NULL), 0)::float8 AS pipeline
         FROM crm.opportunity o JOIN crm.data_item s ON s.data_item_id = o.stage_id
        WHERE o.sales_rep = 'SR01' AND o.customer_master_id = 1 AND o.expected_close_date BETWEEN $1::date AND $2::date`,
      [kpi.from, kpi.to],
    );
    expect([kpi.openCount, kpi.wonCount, kpi.pipeline]).toEqual([raw!.open, raw!.won, raw!.pipeline]);
    expect(kpi.weightedPipeline).toBeLessThanOrEqual(kpi.pipeline);
    expect(kpi.expectedCloseByMonth).toHaveLength(6);
    expect(kpi.expectedCloseByMonth[0].month).toBe(kpi.from.slice(0, 7));
    const total = kpi.openCount + kpi.wonCount + kpi.lostCount;
    for (const groupBy of ['stage', 'salesRep', 'type', 'status', 'territory', 'leadSource', 'month', 'outcome', 'account']) {
      const grouped = await ok(rep, `/Opportunity/Grouped/${groupBy}/last-12-months`, { pageSize: 500 });
      expect(grouped.rows.reduce((sum: number, r: Row) => sum + r.count, 0), groupBy).toBe(total);
    }
    const everything = await ok(rep, '/Opportunity/KPI', {});
    const funnel = await ok(rep, '/Opportunity/Funnel/stage', {});
    expect(funnel.reportTotalBasis).toBe('OpportunitySize');
    expect(funnel.rows.map((r: Row) => r.name)).toEqual(['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost']);
    expect(funnel.rows.reduce((sum: number, r: Row) => sum + r.count, 0)).toBe(everything.openCount + everything.wonCount + everything.lostCount);
    expect(funnel.rows.every((r: Row) => r.total === r.opportunitySize)).toBe(true);
    const counted = await ok(rep, '/Opportunity/Funnel/stage?reportTotalBasis=OpportunityCount', {});
    expect(counted.rows.every((r: Row) => r.total === r.count)).toBe(true);
    await withRoleSettings(kit, 'SalesRep', { OpportunityDefaultReportTotal: 'WeightedOpportunitySize' }, async () => {
      const weighted = await ok(rep, '/Opportunity/Funnel/stage', {});
      expect(weighted.reportTotalBasis).toBe('WeightedOpportunitySize');
      expect(weighted.rows.every((r: Row) => r.total === r.weightedSize)).toBe(true);
    });
    expect((await post(rep, '/Opportunity/Funnel/stage?reportTotalBasis=Nope', {})).status).toBe(400);
    expect((await post(rep, '/Opportunity/Grouped/nope/last-12-months', {})).status).toBe(400);
  });

  it('lookups and the form options list the active reference items', async () => {
    const { rep } = kit.users;
    const stages = await ok(rep, '/Opportunity/Stage/List', {});
    expect(stages.rows.map((r: Row) => [r.name, r.probability, r.closesAs])).toContainEqual(['Closed Lost', 0, 'Lost']);
    for (const lookup of ['Type', 'Status', 'Step', 'Territory', 'LostSales', 'LeadSource']) {
      expect((await ok(rep, `/Opportunity/${lookup}/List`, {})).rows.length, lookup).toBeGreaterThan(0);
    }
    const options = await ok(rep, '/Opportunity/Option/List/crm', {});
    const names = options.options.map((o: Row) => o.name);
    expect(names.slice(0, 8)).toEqual(['company', 'typeId', 'statusId', 'stageId', 'stepId', 'territoryId', 'leadSourceId', 'lostSalesId']);
    const [{ company }] = await sql('SELECT min(company) AS company FROM erp.company');
    const [{ groups }] = await sql('SELECT count(*)::int AS groups FROM erp.product_group WHERE company = $1', [company]);
    expect(options.options.find((o: Row) => o.name === `productGroup.${company}`).values).toHaveLength(groups);
    expect((await post(rep, '/Opportunity/Option/List/nowhere', {})).status).toBe(400);
  });
});

describe('opportunities: writes', () => {
  it('opens one on the first stage with its probability and 30 days to close; moves through the stages; lost needs a reason; all audited', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    const { status, body } = await open(rep, account);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ stage: 'Prospecting', probability: 10, expectedCloseDate: addDays(TODAY, 30), outcome: 'Open', salesRep: 'SR01', version: 1, weightedSize: 1200 });
    const id = body.opportunity;
    const proposal = await send(rep, 'PUT', `/Opportunity/${id}`, { name: body.name, stageId: await item('Stage', 'Proposal'), version: 1 });
    expect(proposal.body).toMatchObject({ stage: 'Proposal', probability: 50, version: 2, opportunitySize: 12000 });
    const lost = await item('Stage', 'Closed Lost');
    const noReason = await send(rep, 'PUT', `/Opportunity/${id}`, { name: body.name, stageId: lost, version: 2 });
    expect([noReason.status, noReason.body.message]).toEqual([400, 'A lost opportunity needs a LostSales reason (lostSalesId)']);
    const closed = await send(rep, 'PUT', `/Opportunity/${id}`, { name: body.name, stageId: lost, lostSalesId: await item('LostSales', 'Price'), version: 2 });
    expect(closed.body).toMatchObject({ outcome: 'Lost', lostSales: 'Price', probability: 0, closedDate: TODAY, version: 3 });
    const audit = await sql("SELECT action FROM crm.audit WHERE entity = 'Opportunity' AND entity_id = $1 ORDER BY audit_id", [String(id)]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });

  it('an update from an older version is a 409 carrying the current opportunity; nothing is overwritten', async () => {
    const { rep } = kit.users;
    const { body } = await open(rep, await customerOf('SR01'), { name: 'Racking' });
    await send(rep, 'PUT', `/Opportunity/${body.opportunity}`, { name: 'Racking, phase 1', version: 1 });
    const stale = await send(rep, 'PUT', `/Opportunity/${body.opportunity}`, { name: 'Racking (mine)', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: 'Racking, phase 1', version: 2 });
    expect((await ok(rep, `/Opportunity/Exact/${body.opportunity}`)).name).toBe('Racking, phase 1');
  });

  it('bad input is a 400 naming the problem; another rep\u2019s account is a 404', async () => {
    const { rep } = kit.users;
    const account = await customerOf('SR01');
    expect((await open(rep, account, { name: '  ' })).body.message).toBe('name is required');
    expect((await open(rep, account, { stageId: await item('Type', 'New Business') })).status).toBe(400);
    expect((await open(rep, account, { expectedCloseDate: '2026-02-30' })).status).toBe(400);
    expect((await open(rep, account, { opportunitySize: -1 })).status).toBe(400);
    expect((await open(rep, await customerOf('SR02'))).status).toBe(404);
  });
});

describe('opportunities: sub-resources', () => {
  it('product groups, contacts, suppliers, orders, quotes, additional customers and activities: add, list, count, update, remove', async () => {
    const { rep, rep2 } = kit.users;
    const account = await customerOf('SR01');
    const { body: o } = await open(rep, account, { name: 'Links' });
    const [group] = await sql('SELECT product_group AS code FROM erp.product_group WHERE company = $1 ORDER BY 1 LIMIT 1', [account.company]);
    const added = await ok(rep, '/Opportunity/ProductGroup', { opportunity: o.opportunity, code: group!.code, amount: 5000 });
    expect(added).toMatchObject({ kind: 'ProductGroup', code: group!.code, amount: 5000, version: 1 });
    expect(added.name).toEqual(expect.any(String));
    expect((await post(rep, '/Opportunity/ProductGroup', { opportunity: o.opportunity, code: group!.code })).status).toBe(400);
    expect((await post(rep, '/Opportunity/ProductGroup', { opportunity: o.opportunity, code: 'NOPE' })).status).toBe(400);
    const changed = await send(rep, 'PUT', `/Opportunity/ProductGroup/${added.id}`, { amount: 7000, notes: 'Most of it', version: 1 });
    expect(changed.body).toMatchObject({ amount: 7000, notes: 'Most of it', version: 2 });
    expect((await send(rep, 'PUT', `/Opportunity/ProductGroup/${added.id}`, { amount: 1, version: 1 })).status).toBe(409);
    expect((await send(rep2, 'PUT', `/Opportunity/ProductGroup/${added.id}`, { amount: 1, version: 2 })).status).toBe(404);
    expect((await send(rep2, 'DELETE', `/Opportunity/ProductGroup/${added.id}`)).status).toBe(404);

    const [contact] = await sql('SELECT contact AS code FROM erp.contact WHERE company = $1 AND customer = $2 ORDER BY 1 LIMIT 1', [account.company, account.customer]);
    const [otherContact] = await sql('SELECT contact AS code FROM erp.contact WHERE company = $1 AND customer <> $2 ORDER BY 1 LIMIT 1', [account.company, account.customer]);
    expect((await ok(rep, '/Opportunity/Contact', { opportunity: o.opportunity, code: contact!.code })).code).toBe(contact!.code);
    expect((await post(rep, '/Opportunity/Contact', { opportunity: o.opportunity, code: otherContact!.code })).status).toBe(400);
    expect((await post(rep, '/Opportunity/Contact', { opportunity: o.opportunity, code: contact!.code, amount: 5 })).status).toBe(400);

    const [order] = await sql('SELECT order_number AS code FROM erp.order_header WHERE company = $1 AND customer = $2 ORDER BY 1 LIMIT 1', [account.company, account.customer]);
    const [quote] = await sql('SELECT quote_number AS code FROM erp.quote_header WHERE company = $1 AND customer = $2 ORDER BY 1 LIMIT 1', [account.company, account.customer]);
    const [supplier] = await sql('SELECT supplier AS code FROM erp.supplier WHERE company = $1 ORDER BY 1 LIMIT 1', [account.company]);
    await ok(rep, '/Opportunity/Order', { opportunity: o.opportunity, code: order!.code });
    await ok(rep, '/Opportunity/Quote', { opportunity: o.opportunity, code: quote!.code });
    await ok(rep, '/Opportunity/Supplier', { opportunity: o.opportunity, code: supplier!.code });

    const [partner] = await sql("SELECT customer AS code FROM erp.customer WHERE sales_rep = 'SR01' AND company = $1 AND customer <> $2 ORDER BY 1 LIMIT 1", [account.company, account.customer]);
    const [foreign] = await sql("SELECT customer AS code FROM erp.customer WHERE sales_rep = 'SR02' AND company = $1 ORDER BY 1 LIMIT 1", [account.company]);
    const role = await item('OpportunityAdditionalCustomerRole', 'Influencer');
    expect((await ok(rep, '/Opportunity/AdditionalCustomers', { opportunity: o.opportunity, code: partner!.code, roleId: role })).role).toBe('Influencer');
    expect((await post(rep, '/Opportunity/AdditionalCustomers', { opportunity: o.opportunity, code: foreign!.code })).status).toBe(404);
    expect((await post(rep, '/Opportunity/AdditionalCustomers', { opportunity: o.opportunity, code: account.customer })).status).toBe(400);

    const activity = await ok(rep, '/ActivityTransaction', {
      company: account.company, accountType: 'Customer', accountId: account.customer, activityTypeId: await item('ActivityType', 'Visit'), subject: 'Walked the site',
    });
    const linked = await ok(rep, '/Opportunity/ActivityTransaction', { opportunity: o.opportunity, code: String(activity.activityTransactionNumber) });
    expect(linked).toMatchObject({ id: activity.activityTransactionNumber, name: 'Walked the site', role: 'Visit' });
    expect((await ok(rep, `/ActivityTransaction/Exact/${activity.activityTransactionNumber}`)).opportunity).toBe(o.opportunity);
    // An activity logged for the opportunity directly shows among its links too.
    await ok(rep, '/ActivityTransaction', {
      company: account.company, accountType: 'Customer', accountId: account.customer, activityTypeId: await item('ActivityType', 'Email'), subject: 'Sent the layout', opportunity: o.opportunity,
    });

    const counts: Record<string, number> = {};
    for (const kind of ['Supplier', 'ProductGroup', 'ActivityTransaction', 'Contact', 'Order', 'Quote', 'AdditionalCustomers']) {
      counts[kind] = (await ok(rep, `/Opportunity/${kind}/Count`, { opportunity: o.opportunity })).count;
      expect((await ok(rep, `/Opportunity/${kind}/List`, { opportunity: o.opportunity })).rows).toHaveLength(counts[kind]!);
    }
    expect(counts).toEqual({ Supplier: 1, ProductGroup: 1, ActivityTransaction: 2, Contact: 1, Order: 1, Quote: 1, AdditionalCustomers: 1 });

    expect((await send(rep, 'DELETE', `/Opportunity/ProductGroup/${added.id}`)).status).toBe(204);
    expect((await send(rep, 'DELETE', `/Opportunity/ActivityTransaction/${activity.activityTransactionNumber}`)).status).toBe(204);
    expect((await ok(rep, `/ActivityTransaction/Exact/${activity.activityTransactionNumber}`)).opportunity).toBeNull();
    expect((await ok(rep, '/Opportunity/ProductGroup/Count', { opportunity: o.opportunity })).count).toBe(0);
    const audit = await sql("SELECT action FROM crm.audit WHERE entity = 'Opportunity' AND entity_id = $1 AND action IN ('link', 'unlink')", [String(o.opportunity)]);
    expect(audit.length).toBeGreaterThanOrEqual(8);
  });
});

describe('opportunities: OpportunityAccessRight', () => {
  it('a role without it gets 403 on every opportunity call', async () => {
    const { rep } = kit.users;
    const [o] = await sql("SELECT opportunity AS id FROM crm.opportunity WHERE sales_rep = 'SR01' ORDER BY 1 LIMIT 1");
    await withRoleSettings(kit, 'SalesRep', { OpportunityAccessRight: 'false' }, async () => {
      expect((await post(rep, '/Opportunity/List', {})).status).toBe(403);
      expect((await post(rep, `/Opportunity/Exact/${o!.id}`)).status).toBe(403);
      expect((await post(rep, '/Opportunity/KPI', {})).status).toBe(403);
      expect((await post(rep, '/Opportunity/Funnel/stage', {})).status).toBe(403);
      expect((await post(rep, '/Opportunity/Stage/List', {})).status).toBe(403);
      expect((await post(rep, '/Opportunity/Contact/List', { opportunity: o!.id })).status).toBe(403);
      expect((await send(rep, 'PUT', `/Opportunity/${o!.id}`, { name: 'x', version: 1 })).status).toBe(403);
    });
    expect((await post(rep, '/Opportunity/List', {})).status).toBe(200);
  });
});
