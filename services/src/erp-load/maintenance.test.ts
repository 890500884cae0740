import { describe, expect, it } from 'vitest';
import { useErpServices } from '../analytics/erp-test-kit.ts';
import type { TestBrowser } from '../testing/index.ts';

const kit = useErpServices();
const { sql } = kit;

/** A question answered from the business-health rollup (and then from the answer cache). */
const HEALTH = '/Analysis/BusinessHealth/customer/last-month';
const customersLastMonth = async () => (await kit.ok(kit.users.admin, HEALTH, { pageSize: 14 })).totalCount as number;
const organizationOf = async (email: string) =>
  (await sql<{ id: number }>('SELECT customer_master_id AS id FROM app.user_master WHERE email = $1 AND home_user_master_id IS NULL', [email]))[0]!.id;

/** Follows a run to its end, as the Data screen does. */
async function finished(browser: TestBrowser, runId: number) {
  for (;;) {
    const { status, body } = await kit.get(browser, `/ErpLoad/${runId}`);
    expect(status).toBe(200);
    if (body.run.status !== 'running') return body.run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SQLJob and Cache: rebuilding the rollups, dropping cached answers', () => {
  it('Cache/Customer/Clear drops cached answers; SQLJob/RebuildAll rebuilds the rollups from the ERP tables, as a run of the loads, once a minute, audited', async () => {
    const { admin } = kit.users;
    const organization = await organizationOf('admin@tradeboard.example');
    const before = await customersLastMonth();
    await sql("UPDATE erp.business_health_month SET customers = customers + 1000 WHERE month = '2026-10-01'");
    // The answer is cached for the data version: the changed rollup is not read again…
    expect(await customersLastMonth()).toBe(before);
    const [load] = await sql<{ version: string }>("SELECT load_id || '.' || revision AS version FROM erp.data_load ORDER BY load_id DESC LIMIT 1");
    const cleared = await kit.get(admin, `/Cache/Customer/Clear/${organization}`);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.dataVersion).not.toBe(load!.version);
    // …until the cache is cleared.
    expect(await customersLastMonth()).toBe(before + 1000);

    const started = await kit.post(admin, '/SQLJob/RebuildAll');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ source: 'rebuild', fileName: 'All' });
    const run = await finished(admin, started.body.runId);
    expect(run, run.message).toMatchObject({ status: 'loaded', source: 'rebuild' });
    // Asked again within the minute: the same run, nothing rebuilt again.
    expect((await kit.post(admin, '/SQLJob/RebuildAll')).body).toMatchObject({ runId: run.runId, status: 'loaded' });
    // The rollup is rebuilt from the invoices, and the rebuild's revision drops the cached answer.
    expect(await customersLastMonth()).toBe(before);
    expect((await kit.get(admin, '/ErpLoad/List')).body[0]).toMatchObject({ runId: run.runId, status: 'loaded' });
    const events = await sql<{ event: string; detail: { source?: string } }>(
      "SELECT event, detail FROM app.audit_log WHERE event IN ('erp-cache-cleared', 'erp-load-started') ORDER BY audit_log_id DESC LIMIT 2");
    expect(events.map((e) => [e.event, e.detail.source ?? null])).toEqual([['erp-load-started', 'rebuild'], ['erp-cache-cleared', null]]);
  }, 180_000);

  it("each rebuild call checks that its id is the caller's; enableJob false answers the latest rebuild without starting one", async () => {
    const { admin } = kit.users;
    const organization = await organizationOf('admin@tradeboard.example');
    const other = organization + 1000;
    for (const [method, url] of [
      ['POST', '/SQLJob/RebuildForErp/2'],
      ['POST', '/SQLJob/RebuildForServer/2147483647'],
      ['POST', `/SQLJob/RebuildForCustomer/${other}/false/true`],
      ['GET', `/Cache/Customer/Clear/${other}`],
    ] as const) {
      const { status } = method === 'GET' ? await kit.get(admin, url) : await kit.post(admin, url);
      expect(status, url).toBe(404);
    }
    const runs = async () => Number((await sql('SELECT count(*) AS n FROM erp.load_run'))[0]!.n);
    const count = await runs();
    const latest = await kit.post(admin, `/SQLJob/RebuildForCustomer/${organization}/true/false`);
    expect(latest.status).toBe(200);
    expect(latest.body === null || latest.body.source === 'rebuild').toBe(true);
    expect(await runs()).toBe(count);

    const forErp = await kit.post(admin, '/SQLJob/RebuildForErp/1');
    expect(forErp.status, JSON.stringify(forErp.body)).toBe(200);
    expect((await finished(admin, forErp.body.runId)).status).toBe('loaded');
    const forCustomer = await kit.post(admin, `/SQLJob/RebuildForCustomer/${organization}/true/true`);
    expect(forCustomer.body).toMatchObject({ source: 'rebuild', fileName: `Organization ${organization}` });
    expect((await finished(admin, forCustomer.body.runId)).status).toBe('loaded');
  }, 180_000);

  it('refuses users without the erp.load right', async () => {
    const organization = await organizationOf('rep@tradeboard.example');
    for (const browser of [kit.users.rep, kit.users.manager]) {
      for (const url of ['/SQLJob/RebuildAll', '/SQLJob/RebuildForErp/1', `/SQLJob/RebuildForCustomer/${organization}/false/true`]) {
        expect((await kit.post(browser, url)).status, url).toBe(403);
      }
      expect((await kit.get(browser, `/Cache/Customer/Clear/${organization}`)).status).toBe(403);
    }
  });
});
