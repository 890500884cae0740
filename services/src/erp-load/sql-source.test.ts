import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useErpServices } from '../analytics/erp-test-kit.ts';
import { enqueueDueSchedules } from '../jobs/queue.ts';
import { runScheduledSqlSourceLoad, sqlSourceSchedules, SQL_SOURCE_LOAD_JOB } from './jobs.ts';

/**
 * A SQL source against a real foreign database: a fake ERP schema of its own (its own table and
 * column names) made in the local MariaDB (127.0.0.1:3306, root without password) for this test.
 */
const kit = useErpServices();
const database = `tb_fake_erp_${randomBytes(4).toString('hex')}`;
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

beforeAll(async () => {
  const server = await mysql.createConnection({ ...MARIADB, multipleStatements: true });
  await server.query(`
    CREATE DATABASE ${database};
    USE ${database};
    CREATE TABLE CUSMAS (CMP CHAR(2), CUSNO VARCHAR(12), CUSNAM VARCHAR(60), BRNCH VARCHAR(6), SLSMN VARCHAR(6), OPNDT DATE, STS CHAR(1));
    INSERT INTO CUSMAS VALUES ('01', 'MDB100', 'Maria Machine Shop', 'CHI', 'SR01', '2025-01-10', 'A'), ('01', 'MDB200', 'Dolphin Drives', 'CHI', 'SR01', '2025-02-11', 'A');
    CREATE TABLE INVDTL (CMP CHAR(2), INVNO VARCHAR(12), LN INT, CUSNO VARCHAR(12), SHPTO VARCHAR(16), SLSMN VARCHAR(6), BRNCH VARCHAR(6), INVDT DATE,
                         ITEM VARCHAR(30), PRDGRP VARCHAR(6), QTY INT, PRICE DECIMAL(12,4), EXT DECIMAL(14,2), COST DECIMAL(14,2));
    INSERT INTO INVDTL VALUES ('01', 'MDBI1', 1, 'MDB100', 'MDB100', 'SR01', 'CHI', '2026-11-02', 'FAS-1', 'FAS', 10, 2.5, 25.00, 10.00),
                              ('01', 'MDBI1', 2, 'MDB100', 'MDB100', 'SR01', 'CHI', '2026-11-02', 'FAS-2', 'FAS', 4, 5, 20.00, 8.00);`);
  await server.end();
});

afterAll(async () => {
  const server = await mysql.createConnection(MARIADB);
  await server.query(`DROP DATABASE IF EXISTS ${database}`);
  await server.end();
});

const CUSTOMER_QUERY = `SELECT CMP AS company, CUSNO AS customer, CUSNAM AS customer_name, BRNCH AS branch, SLSMN AS sales_rep, OPNDT AS created_date,
  CASE STS WHEN 'A' THEN 'true' ELSE 'false' END AS is_active FROM CUSMAS`;
const LINE_QUERY = `SELECT CMP AS company, INVNO AS invoice_number, LN AS invoice_line_number, CUSNO AS customer, SHPTO AS ship_to, SLSMN AS sales_rep,
  BRNCH AS branch, INVDT AS invoice_date, ITEM AS item_number, PRDGRP AS product_group, QTY AS qty, PRICE AS unit_price, EXT AS sales, COST AS cost,
  ROUND(COST * 1.02, 2) AS commission_cost, 0 AS freight FROM INVDTL`;

describe('SQL source: MariaDB through model queries', () => {
  it('stores the connection with its password encrypted, tests it, validates model queries and loads from them', async () => {
    const { admin } = kit.users;
    const post = async (method: 'POST' | 'PUT', url: string, body?: unknown) => {
      const response = await admin.request(method, `/api${url}`, body === undefined ? {} : { body });
      return { status: response.statusCode, body: response.json() };
    };
    const fields = { connectionName: 'Fake ERP', localConnectTypeId: 2, host: '127.0.0.1', port: 3306, databaseName: database, userName: 'root' };
    const connection = await post('POST', '/ConnectionLocal', { ...fields, password: 'not-the-password' });
    expect(connection.status, JSON.stringify(connection.body)).toBe(200);
    const id = connection.body.localConnectionId;
    expect(connection.body).not.toHaveProperty('password');
    const [stored] = await kit.sql<{ password_encrypted: string }>('SELECT password_encrypted FROM erp.local_connection WHERE local_connection_id = $1', [id]);
    expect(stored!.password_encrypted).not.toContain('not-the-password');

    const refused = await post('POST', `/ConnectionLocal/Test/${id}`);
    expect(refused.body.ok).toBe(false);
    const fixed = await post('PUT', `/ConnectionLocal/${id}`, { ...fields, password: '' });
    expect(fixed.status).toBe(200);
    const tested = await post('POST', `/ConnectionLocal/Test/${id}`);
    expect(tested.body, tested.body.message).toMatchObject({ ok: true });
    expect(tested.body.message).toMatch(/MariaDB/);

    const customers = await post('POST', '/Admin/ModelQuery', { localConnectionId: id, tableName: 'customer', queryText: 'SELECT CUSNO AS customer FROM CUSMAS' });
    expect(customers.status).toBe(200);
    const notYet = await post('POST', `/ConnectionLocal/Load/${id}`);
    expect(notYet.status).toBe(400);
    const invalid = await post('POST', `/Model/Validate/${customers.body.modelQueryId}`);
    expect(invalid.body).toMatchObject({ valid: false, missing: expect.arrayContaining(['company', 'customer_name']) });
    expect((await post('PUT', `/Admin/ModelQuery/${customers.body.modelQueryId}`, { tableName: 'customer', queryText: CUSTOMER_QUERY })).status).toBe(200);
    expect((await post('POST', `/Model/Validate/${customers.body.modelQueryId}`)).body).toMatchObject({ valid: true });
    const lines = await post('POST', '/Admin/ModelQuery', { localConnectionId: id, tableName: 'invoice_line', queryText: LINE_QUERY });
    expect((await post('POST', `/Model/Validate/${lines.body.modelQueryId}`)).body).toMatchObject({ valid: true });
    expect((await post('POST', '/Admin/ModelQuery', { localConnectionId: id, tableName: 'invoice_line', queryText: LINE_QUERY })).status).toBe(409);
    const writing = await post('POST', '/Admin/ModelQuery', { localConnectionId: id, tableName: 'item', queryText: 'DELETE FROM CUSMAS' });
    expect((await post('POST', `/Model/Validate/${writing.body.modelQueryId}`)).body.valid).toBe(false);
    await admin.request('DELETE', `/api/Admin/ModelQuery/${writing.body.modelQueryId}`);
    expect(Number((await mysql.createConnection({ ...MARIADB, database }).then(async (c) => {
      const [rows] = await c.query('SELECT count(*) AS n FROM CUSMAS');
      await c.end();
      return rows as Array<{ n: number }>;
    }))[0]!.n)).toBe(2);

    const list = await kit.get(admin, '/Admin/ModelQuery/List/1');
    expect(list.body.map((q: { tableName: string }) => q.tableName).sort()).toEqual(['customer', 'invoice_line']);

    const started = await post('POST', `/ConnectionLocal/Load/${id}`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    let run = started.body;
    while (run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await kit.get(admin, `/ErpLoad/${run.runId}`)).body.run;
    }
    expect(run, run.message).toMatchObject({ status: 'loaded', source: 'sql', fileName: 'Fake ERP', tableRows: { customer: { written: 2 }, invoice_line: { written: 2 } } });
    const rows = await kit.sql("SELECT customer, customer_name, created_date::text AS created FROM erp.customer WHERE customer LIKE 'MDB%' ORDER BY customer");
    expect(rows).toEqual([
      { customer: 'MDB100', customer_name: 'Maria Machine Shop', created: '2025-01-10' },
      { customer: 'MDB200', customer_name: 'Dolphin Drives', created: '2025-02-11' },
    ]);
    const [sales] = await kit.sql<{ sales: number }>("SELECT sum(sales)::float AS sales FROM erp.invoice_line WHERE invoice_number = 'MDBI1'");
    expect(sales!.sales).toBe(45);

    // Daily at 06:00 UTC: the slot of a day after the source was saved is queued once by two gateways, and its job loads.
    const daily = await post('PUT', `/ConnectionLocal/${id}`, { ...fields, loadDailyAt: '06:00' });
    expect(daily.body.loadDailyAt).toBe('06:00');
    expect((await post('PUT', `/ConnectionLocal/${id}`, fields)).body.loadDailyAt).toBe('06:00');
    await kit.sql("UPDATE erp.local_connection SET updated_at = '2026-11-19T12:00:00Z' WHERE local_connection_id = $1", [id]);
    const schedules = (await sqlSourceSchedules(kit.services.db)).filter((s) => s.payload?.localConnectionId === id);
    expect(schedules).toMatchObject([{ name: SQL_SOURCE_LOAD_JOB, everyMinutes: 1440, offsetMinutes: 360 }]);
    const queued = () => kit.sql<{ payload: { localConnectionId: number; scheduledFor: string } }>('SELECT payload FROM app.job WHERE name = $1 AND run_key LIKE $2', [SQL_SOURCE_LOAD_JOB, `%:${id}@%`]);
    // The day it was saved, after 06:00: nothing until the next day.
    await enqueueDueSchedules(kit.services.db, schedules, new Date('2026-11-19T13:00:00Z'));
    expect(await queued()).toEqual([]);
    // Two gateways' workers tick in the same minute.
    await enqueueDueSchedules(kit.services.db, schedules, new Date('2026-11-20T06:01:00Z'));
    await enqueueDueSchedules(kit.services.db, schedules, new Date('2026-11-20T06:01:30Z'));
    expect((await queued()).map((job) => job.payload)).toEqual([{ localConnectionId: id, scheduledFor: '2026-11-20T06:00:00.000Z' }]);
    const log = { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    await runScheduledSqlSourceLoad(kit.services.db, id, log);
    const [latest] = await kit.sql<{ status: string; source: string; load_id: number }>('SELECT status, source, load_id FROM erp.load_run ORDER BY run_id DESC LIMIT 1');
    expect(latest).toMatchObject({ status: 'loaded', source: 'sql' });
    expect(latest!.load_id).toBeGreaterThan(run.loadId);
    // Back to loading only when started.
    expect((await post('PUT', `/ConnectionLocal/${id}`, { ...fields, loadDailyAt: null })).body.loadDailyAt).toBeNull();
    expect((await sqlSourceSchedules(kit.services.db)).filter((s) => s.payload?.localConnectionId === id)).toEqual([]);
    expect((await post('PUT', `/ConnectionLocal/${id}`, { ...fields, loadDailyAt: '25:00' })).status).toBe(400);
  }, 180_000);

  it('a scheduled load of a source that is gone, or has no model query, ends its job without a retry', async () => {
    const log = { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    await runScheduledSqlSourceLoad(kit.services.db, 999_999, log);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ localConnectionId: 999_999 }), 'scheduled SQL source load skipped');
  });

  it('refuses users without the erp.load right', async () => {
    for (const user of [kit.users.rep, kit.users.manager]) {
      expect((await kit.get(user, '/ConnectionLocal/Type/List')).status).toBe(403);
      expect((await kit.get(user, '/Admin/ModelQuery/List/1')).status).toBe(403);
    }
  });
});
