import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { useErpServices } from '../analytics/erp-test-kit.ts';
import type { TestBrowser } from '../testing/index.ts';
import { EXAMPLE_EXTRACT, extractZip, rowsCsv } from './example-extract.ts';
import { ExtractError, parseCsv, readExtract, readExtractPath, streamCsv, type ExtractFile } from './extract.ts';
import { ERP_LAYOUTS } from './layouts.ts';
import { runErpLoad, type ErpLoadOptions } from './load.ts';
import { KeyRows } from './validate.ts';

/** While `held` is set, a load's rollups (a delta's or a full rebuild) wait for it before they start, its transaction open. */
const rollups = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('../analytics/rollups.ts', async (original) => {
  const module = await original<typeof import('../analytics/rollups.ts')>();
  return {
    ...module,
    refreshRollups: async (...args: Parameters<typeof module.refreshRollups>) => {
      await rollups.held;
      return module.refreshRollups(...args);
    },
    refreshRollupsFor: async (...args: Parameters<typeof module.refreshRollupsFor>) => {
      await rollups.held;
      return module.refreshRollupsFor(...args);
    },
  };
});

const kit = useErpServices();
const { sql } = kit;

type Tables = Record<string, Record<string, string>[]>;
const example = (): Tables => structuredClone(EXAMPLE_EXTRACT);
const TODAY = new Date(Date.UTC(2026, 10, 20));

function filesOf(tables: Tables, deletes: Tables = {}): ExtractFile[] {
  const file = (table: string, rows: Record<string, string>[], kind: 'rows' | 'delete'): ExtractFile => {
    const [header, ...body] = parseCsv(rowsCsv(table, rows));
    const keep = kind === 'delete' ? ERP_LAYOUTS.find((l) => l.table === table)!.key : header!;
    const at = keep.map((name) => header!.indexOf(name));
    return { fileName: `${table}${kind === 'delete' ? '.delete' : ''}.csv`, table, kind, header: [...keep], rows: body.map((r) => at.map((i) => r[i]!)) };
  };
  return [...Object.entries(tables).map(([t, rows]) => file(t, rows, 'rows')), ...Object.entries(deletes).map(([t, rows]) => file(t, rows, 'delete'))];
}

const load = (files: ExtractFile[], options: Partial<ErpLoadOptions> = {}) =>
  runErpLoad(kit.services.db, async () => files, { source: 'test', today: TODAY, ...options });

const customerName = async (customer: string) =>
  (await sql<{ customer_name: string }>("SELECT customer_name FROM erp.customer WHERE company = 'EX' AND customer = $1", [customer]))[0]?.customer_name ?? null;
const latestLoad = async () => (await sql<{ load_id: number }>('SELECT max(load_id) AS load_id FROM erp.data_load'))[0]!.load_id;

describe('ERP load: upsert, full refresh and deletes', () => {
  it('loads the example extract, records the load and rebuilds the rollups', async () => {
    const before = await latestLoad();
    const result = await load(filesOf(example()));
    expect(result, result.message).toMatchObject({ status: 'loaded', rowsRejected: 0, problemCount: 0 });
    expect(result.loadId).toBeGreaterThan(before);
    expect(await customerName('EXC100')).toBe('Alpine Fabrication');
    const [run] = await sql('SELECT status, load_id FROM erp.load_run WHERE run_id = $1', [result.runId]);
    expect(run).toMatchObject({ status: 'loaded', load_id: result.loadId });
    const [rollup] = await sql<{ sales: number }>(
      "SELECT sum(sales)::float AS sales FROM erp.invoice_month_customer WHERE company = 'EX' AND customer = 'EXC100'");
    expect(rollup!.sales).toBe(520);
    expect((await sql('SELECT load_id FROM erp.rollup_state'))[0]!.load_id).toBe(result.loadId);
  }, 120_000);

  it('upserts by business key: changed rows are updated, new rows added, others kept', async () => {
    const demoCustomers = Number((await sql("SELECT count(*) AS n FROM erp.customer WHERE company <> 'EX'"))[0]!.n);
    const tables = { customer: [{ ...EXAMPLE_EXTRACT.customer![0]!, customer_name: 'Alpine Fabrication LLC' }, { ...EXAMPLE_EXTRACT.customer![0]!, customer: 'EXC300', customer_name: 'Summit Pumps' }] };
    const result = await load(filesOf(tables));
    expect(result.status, result.message).toBe('loaded');
    expect(await customerName('EXC100')).toBe('Alpine Fabrication LLC');
    expect(await customerName('EXC300')).toBe('Summit Pumps');
    expect(await customerName('EXC200')).toBe('Mesa Conveyor Works');
    expect(Number((await sql("SELECT count(*) AS n FROM erp.customer WHERE company <> 'EX'"))[0]!.n)).toBe(demoCustomers);
  }, 120_000);

  it('deletes the keys of a delete list, and a full-refresh table keeps only the rows of the extract', async () => {
    const deleted = await load(filesOf({}, { invoice_line: [{ company: 'EX', invoice_number: 'EXI1001', invoice_line_number: '2' }] }));
    expect(deleted.status, deleted.message).toBe('loaded');
    expect(deleted.tableRows.invoice_line).toEqual({ written: 0, deleted: 1 });
    expect((await sql("SELECT invoice_line_number FROM erp.invoice_line WHERE company = 'EX' AND invoice_number = 'EXI1001'")).map((r) => r.invoice_line_number)).toEqual([1]);

    const refreshed = await load(filesOf({ product_group: [{ company: '01', product_group: 'ONLY', product_group_name: 'The only group' }] }), { fullRefresh: ['product_group'] });
    expect(refreshed.status, refreshed.message).toBe('loaded');
    expect((await sql('SELECT product_group FROM erp.product_group')).map((r) => r.product_group)).toEqual(['ONLY']);
  }, 120_000);
});

describe('ERP load: a first load', () => {
  it('writes a table that was empty without its secondary indexes and builds them all again', async () => {
    const indexes = () => sql<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE schemaname = 'erp' AND tablename = 'customer_part' ORDER BY indexname");
    await sql('DELETE FROM erp.customer_part');
    const before = await indexes();
    expect(before.length).toBeGreaterThan(1);
    const part = { company: 'EX', customer: 'EXC100', item_number: 'EX-HCS-100', customer_part_number: 'ALP-7' };
    const result = await load(filesOf({ customer_part: [part] }));
    expect(result.status, result.message).toBe('loaded');
    expect(await sql('SELECT customer_part_number FROM erp.customer_part')).toEqual([{ customer_part_number: 'ALP-7' }]);
    expect(await indexes()).toEqual(before);
  }, 120_000);
});

describe('ERP load: validation', () => {
  it('names the file, row, column, value and reason of each problem and loads nothing by default', async () => {
    const tables = example();
    tables.customer!.push({ ...tables.customer![0]! }); // row 4: the same key as row 2
    tables.customer![1]!.created_date = '2199-01-01'; // row 3
    tables.invoice_line![0]!.qty = 'ten'; // row 2
    tables.invoice_line![1]!.customer = 'NOPE'; // row 3
    tables.invoice_header![0]!.invoice_number = ''; // row 2
    const before = await latestLoad();
    const nameBefore = await customerName('EXC100');
    const result = await load(filesOf(tables));
    expect(result.status).toBe('rejected');
    expect(result.problems.map(({ file, row, column, value, reason }) => ({ file, row, column, value, reason }))).toEqual([
      { file: 'customer.csv', row: 3, column: 'created_date', value: '2199-01-01', reason: 'date out of range' },
      { file: 'customer.csv', row: 4, column: 'company, customer', value: 'EX, EXC100', reason: 'duplicate key' },
      { file: 'invoice_header.csv', row: 2, column: 'invoice_number', value: '', reason: 'missing key' },
      { file: 'invoice_line.csv', row: 2, column: 'qty', value: 'ten', reason: 'type' },
      { file: 'invoice_line.csv', row: 3, column: 'customer', value: 'NOPE', reason: 'unknown customer' },
    ]);
    expect(await latestLoad()).toBe(before);
    expect(await customerName('EXC100')).toBe(nameBefore);
    const [run] = await sql('SELECT status, problem_count, jsonb_array_length(problems) AS kept FROM erp.load_run WHERE run_id = $1', [result.runId]);
    expect(run).toMatchObject({ status: 'rejected', problem_count: 5, kept: 5 });
  }, 120_000);

  it('loads the valid rows when asked, leaving out the bad ones', async () => {
    const tables = { customer: [{ ...EXAMPLE_EXTRACT.customer![0]!, customer: 'EXC400', customer_name: 'Valid Row Inc' }, { ...EXAMPLE_EXTRACT.customer![0]!, customer: 'EXC401', created_date: 'yesterday' }] };
    const result = await load(filesOf(tables), { loadValidRows: true });
    expect(result).toMatchObject({ status: 'loaded', rowsRead: 2, rowsRejected: 1, problemCount: 1 });
    expect(await customerName('EXC400')).toBe('Valid Row Inc');
    expect(await customerName('EXC401')).toBeNull();
  }, 120_000);

  it('reports a missing column, an unknown column and an unknown table', async () => {
    const files: ExtractFile[] = [
      { fileName: 'customer.csv', table: 'customer', kind: 'rows', header: ['company', 'customer', 'colour'], rows: [['EX', 'EXC900', 'red']] },
      { fileName: 'widgets.csv', table: 'widgets', kind: 'rows', header: ['a'], rows: [['1']] },
    ];
    const result = await load(files);
    expect(result.status).toBe('rejected');
    expect(result.problems.map((p) => [p.file, p.column, p.reason])).toEqual(expect.arrayContaining([
      ['customer.csv', 'colour', 'unknown column'],
      ['customer.csv', 'customer_name', 'missing column'],
      ['widgets.csv', null, 'unknown table'],
    ]));
  }, 120_000);
});

describe('ERP load: streamed CSV', () => {
  const collect = async (file: ExtractFile) => {
    const rows: string[][] = [];
    if (Array.isArray(file.rows)) return file.rows;
    for await (const batch of file.rows) rows.push(...batch);
    return rows;
  };

  it('reads a CSV stream cut anywhere as parseCsv reads the whole text, and refuses a quote that never closes', async () => {
    const crlf = '\ufeffCompany,Note\r\nEX,"a, b"\r\n\r\nEX,"two\nlines ""quoted"""\r\nEX,plain\r\n';
    for (const [text, size] of [[crlf, 1], [crlf, 3], [crlf, 7], [crlf, 64], [crlf.replace(/\r\n/g, '\n'), 5], ['a,b', 1]] as const) {
      const [header, ...rows] = parseCsv(text);
      const pieces = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      const file = await streamCsv(Readable.from(pieces), 'note.csv');
      expect(file.header).toEqual(header!.map((h) => h.toLowerCase()));
      expect(await collect(file)).toEqual(rows);
    }
    const broken = await streamCsv(Readable.from(['a,b\n1,"never closed\n2,3\n']), 'broken.csv').then(collect).catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(ExtractError);
    expect((broken as Error).message).toMatch(/broken\.csv: a quoted field is not closed/);
  });

  it('loads a file larger than a batch in several batches with the same result, and its report names the right rows across batches', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tb-stream-'));
    const exactKeys = KeyRows.EXACT_KEYS;
    KeyRows.EXACT_KEYS = 500; // the larger files' hashed duplicate check, from the 501st key on
    try {
      const parts = Array.from({ length: 5000 }, (_, i) => ({ company: 'EX', customer: 'EXC100', item_number: `STREAM-${String(i).padStart(5, '0')}`, customer_part_number: `P${i}` }));
      // Row n of the file is parts[n - 2]. Batches of 1,000 rows: rows 2–1,001, 1,002–2,001, …
      const bad = structuredClone(parts);
      bad[0]!.customer_part_number = ''; // row 2
      bad[999]!.customer = ''; // row 1,001, the last of the first batch
      bad[1000]!.item_number = ''; // row 1,002, the first of the second
      bad[2998]!.item_number = bad[3]!.item_number; // row 3,000: the key of row 5
      bad[4498]!.company = ''; // row 4,500
      writeFileSync(path.join(dir, 'customer.csv'), rowsCsv('customer', [EXAMPLE_EXTRACT.customer![0]!]));
      writeFileSync(path.join(dir, 'customer_part.csv'), rowsCsv('customer_part', bad));
      const before = Number((await sql('SELECT count(*) AS n FROM erp.customer_part'))[0]!.n);
      const rejected = await load(await readExtractPath(dir), { batchRows: 1000 });
      expect(rejected.status).toBe('rejected');
      expect(rejected.problems.map(({ file, row, column, reason }) => ({ file, row, column, reason }))).toEqual([
        { file: 'customer_part.csv', row: 2, column: 'customer_part_number', reason: 'missing value' },
        { file: 'customer_part.csv', row: 1001, column: 'customer', reason: 'missing key' },
        { file: 'customer_part.csv', row: 1002, column: 'item_number', reason: 'missing key' },
        { file: 'customer_part.csv', row: 3000, column: 'company, customer, item_number', reason: 'duplicate key' },
        { file: 'customer_part.csv', row: 4500, column: 'company', reason: 'missing key' },
      ]);
      expect(rejected.problems[3]!.message).toBe('the same company, customer, item_number as row 5');
      expect(rejected).toMatchObject({ rowsRead: 5001, rowsRejected: 5 });
      expect(Number((await sql('SELECT count(*) AS n FROM erp.customer_part'))[0]!.n)).toBe(before);

      // The good file: loaded into an empty table (COPY on PostgreSQL, 25 batches), then again as upserts, in batches of 700 and in one.
      writeFileSync(path.join(dir, 'customer_part.csv'), rowsCsv('customer_part', parts));
      const expected = createHash('md5').update(parts.map((p) => `${p.item_number}:${p.customer_part_number}`).join(',')).digest('hex');
      const loaded = async () => (await sql<{ n: number; digest: string }>(
        `SELECT count(*)::int AS n, md5(string_agg(item_number || ':' || customer_part_number, ',' ORDER BY item_number)) AS digest
           FROM erp.customer_part WHERE item_number LIKE 'STREAM-%'`))[0];
      await sql('DELETE FROM erp.customer_part');
      for (const batchRows of [200, 700, 10_000]) {
        const steps: number[] = [];
        const result = await load(await readExtractPath(dir), { batchRows, onProgress: (p) => { if (p.step === 'load' && p.done > 0) steps.push(p.done); } });
        expect(result, result.message).toMatchObject({ status: 'loaded', rowsRead: 5001, rowsRejected: 0, tableRows: { customer_part: { written: 5000, deleted: 0 } } });
        expect(steps.length).toBeGreaterThanOrEqual(Math.floor(5000 / batchRows));
        expect(await loaded()).toEqual({ n: 5000, digest: expected });
      }
    } finally {
      KeyRows.EXACT_KEYS = exactKeys;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('ERP load: atomicity', () => {
  it('a load cancelled while its rollups rebuild leaves the previous data and load untouched', async () => {
    const before = await latestLoad();
    const controller = new AbortController();
    const tables = { customer: [{ ...EXAMPLE_EXTRACT.customer![0]!, customer_name: 'Never Seen' }] };
    const result = await load(filesOf(tables), { signal: controller.signal, onProgress: (p) => { if (p.step === 'rollups' && p.done >= 3) controller.abort(); } });
    expect(result.status).toBe('cancelled');
    expect(await latestLoad()).toBe(before);
    expect(await customerName('EXC100')).not.toBe('Never Seen');
    expect((await sql('SELECT load_id FROM erp.rollup_state'))[0]!.load_id).toBe(before);
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)('readers during a load see the previous version until it commits (PostgreSQL)', async () => {
    const before = await latestLoad();
    const seen: Array<{ name: string | null; load: number }> = [];
    const tables = { customer: [{ ...EXAMPLE_EXTRACT.customer![0]!, customer_name: 'Atomic Name' }] };
    // The load waits for the read (its progress callback's promise) with its transaction open.
    const result = await load(filesOf(tables), {
      onProgress: async (p) => {
        if (p.step === 'rollups' && p.done === 1) seen.push({ name: await customerName('EXC100'), load: await latestLoad() });
      },
    });
    expect(result.status).toBe('loaded');
    expect(seen).toEqual([{ name: expect.not.stringMatching('Atomic Name'), load: before }]);
    expect(await customerName('EXC100')).toBe('Atomic Name');
  }, 120_000);
});

describe('ERP load: the Data screen calls', () => {
  const upload = async (browser: TestBrowser, query: string, fileName: string, bytes: Uint8Array) => {
    const boundary = `----tb${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return browser.request('POST', `/api/ErpLoad/Upload${query}`, { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  };
  const waitForRun = async (runId: number) => {
    for (;;) {
      const { body } = await kit.get(kit.users.admin, `/ErpLoad/${runId}`);
      if (body.run.status !== 'running') return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("holds every layout to its table: each NOT NULL column is required or has the database's default", async () => {
    const notNull = await sql<{ table_name: string; column_name: string; column_default: string | null }>(
      `SELECT table_name, column_name, column_default FROM information_schema.columns WHERE table_schema = 'erp' AND is_nullable = 'NO' AND table_name = ANY($1)`,
      [ERP_LAYOUTS.map((l) => l.table)],
    );
    const uncovered = notNull.filter(({ table_name, column_name }) => {
      const column = ERP_LAYOUTS.find((l) => l.table === table_name)!.columns.find((c) => c.name === column_name);
      return column && !column.required && column.default === undefined;
    });
    expect(uncovered.map((c) => `${c.table_name}.${c.column_name} (default ${c.column_default})`)).toEqual([]);
    for (const { table_name, column_name, column_default } of notNull) {
      const column = ERP_LAYOUTS.find((l) => l.table === table_name)!.columns.find((c) => c.name === column_name);
      if (column?.default !== undefined) expect(`${table_name}.${column_name} ${column_default}`).toMatch(new RegExp(`^\\S+ '?${column.default}'?`));
    }
  });

  it('loads an optional column a file leaves out as its default (a customer without is_active is active)', async () => {
    const tables = { customer: [{ company: '01', customer: 'NOACTIVE', customer_name: 'No Flag Co', branch: 'CHI', sales_rep: 'SR01', created_date: '2025-01-02' }] };
    const result = await load(filesOf(tables));
    expect(result, result.message).toMatchObject({ status: 'loaded' });
    expect(await sql("SELECT is_active, is_prospect FROM erp.customer WHERE customer = 'NOACTIVE'")).toEqual([{ is_active: true, is_prospect: false }]);
  });

  it('publishes the layouts, a template per table and the example extract', async () => {
    const { status, body } = await kit.get(kit.users.admin, '/ErpLoad/Layout/List');
    expect(status).toBe(200);
    expect(body.layouts.find((l: { table: string }) => l.table === 'invoice_line')).toMatchObject({ key: ['company', 'invoice_number', 'invoice_line_number'], fileName: 'invoice_line.csv' });
    const template = await kit.users.admin.request('GET', '/api/ErpLoad/Template/customer');
    expect(template.statusCode).toBe(200);
    expect(template.body.split('\r\n')[0]).toMatch(/^company,customer,customer_name,/);
    expect((await kit.users.admin.request('GET', '/api/ErpLoad/Template/widgets')).statusCode).toBe(404);
    const zip = await kit.users.admin.request('GET', '/api/ErpLoad/Example');
    const files = await readExtract(zip.rawPayload, 'example.zip');
    expect(files.map((f) => f.table).sort()).toEqual(Object.keys(EXAMPLE_EXTRACT).sort());
  });

  it('uploads a ZIP, follows the run to its end, and LastUpdatedDate moves', async () => {
    const before = (await kit.get(kit.users.rep, '/System/LastUpdatedDate')).body;
    const tables = example();
    tables.customer!.push({ ...tables.customer![0]!, customer: 'EXC500', customer_name: 'Uploaded Customer' });
    const started = await upload(kit.users.admin, '', 'extract.zip', extractZip(tables));
    expect(started.statusCode, started.body).toBe(200);
    const done = await waitForRun(started.json().runId);
    expect(done.run, done.run.message).toMatchObject({ status: 'loaded', source: 'file', fileName: 'extract.zip', startedBy: 'Alex Admin' });
    expect(await customerName('EXC500')).toBe('Uploaded Customer');
    const after = (await kit.get(kit.users.rep, '/System/LastUpdatedDate')).body;
    expect(after.loadId).toBe(done.run.loadId);
    expect(after.loadId).toBeGreaterThan(before.loadId);
    const list = await kit.get(kit.users.admin, '/ErpLoad/List');
    expect(list.body[0].runId).toBe(done.run.runId);
  }, 120_000);

  it('is followed and cancelled by its administrator while its transaction holds the database (the embedded one has one connection)', async () => {
    const before = await latestLoad();
    let go!: () => void;
    rollups.held = new Promise((resolve) => { go = resolve; });
    let runId: number;
    try {
      const started = await upload(kit.users.admin, '', 'extract.zip', extractZip({ customer: [{ ...EXAMPLE_EXTRACT.customer![0]!, customer_name: 'Never Seen' }] }));
      expect(started.statusCode, started.body).toBe(200);
      runId = started.json().runId;
      for (;;) {
        const { body } = await kit.get(kit.users.admin, `/ErpLoad/${runId}`);
        expect(body.run.status).toBe('running');
        if (body.run.progress?.step === 'rollups') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await kit.users.admin.request('POST', `/api/ErpLoad/Cancel/${runId}`)).statusCode).toBe(204);
      go();
      expect((await waitForRun(runId)).run).toMatchObject({ status: 'cancelled' });
    } finally {
      go();
      rollups.held = null;
    }
    expect(await latestLoad()).toBe(before);
    expect(await customerName('EXC100')).not.toBe('Never Seen');
    const [audit] = await sql("SELECT detail FROM app.audit_log WHERE event = 'erp-load-cancelled' ORDER BY audit_log_id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ runId });
  }, 120_000);

  it('refuses users without the erp.load right, bad tables and files that are no extract', async () => {
    for (const user of [kit.users.rep, kit.users.manager]) {
      expect((await kit.get(user, '/ErpLoad/Layout/List')).status).toBe(403);
      expect((await upload(user, '', 'extract.zip', extractZip(example()))).statusCode).toBe(403);
      expect((await upload(user, '?fileSourceId=1', 'extract.zip', extractZip(example()))).statusCode).toBe(403);
      // The file sources' calls need the upload's right.
      expect((await kit.get(user, '/ErpLoad/FileSource/List')).status).toBe(403);
      expect((await kit.get(user, '/ErpLoad/FileSource/1')).status).toBe(403);
      expect((await kit.post(user, '/ErpLoad/FileSource', { sourceName: 'Not mine', tables: [] })).status).toBe(403);
      expect((await user.request('PUT', '/api/ErpLoad/FileSource/1', { body: { sourceName: 'Not mine', tables: [] } })).statusCode).toBe(403);
      expect((await user.request('DELETE', '/api/ErpLoad/FileSource/1')).statusCode).toBe(403);
    }
    expect((await upload(kit.users.admin, '?fullRefresh=widgets', 'extract.zip', extractZip(example()))).statusCode).toBe(400);
    const pdf = await upload(kit.users.admin, '', 'extract.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(415);
    expect((await kit.get(kit.users.admin, '/ErpLoad/999999')).status).toBe(404);
  });

  describe('file sources: a mapping of file names and headers, per organization', () => {
    /** The source's customer file: its own headers (and, given, one more). */
    const CUSTMAST = (extra = '') => `company,Cust No,NAME,branch,sales_rep,Opened${extra && `,${extra}`}\r\n01,MAP100,Mapped Metals,CHI,SR01,2025-01-02${extra && ',x'}\r\n`;
    const zipOf = (csv: string) => zipSync({ 'CUSTMAST.csv': strToU8(csv) });
    const acme = {
      sourceName: 'Acme ERP nightly export',
      tables: [{ table: 'customer', fileName: 'CUSTMAST.csv', columns: [{ header: 'Cust No', column: 'customer' }, { header: 'Name', column: 'customer_name' }, { header: 'opened', column: 'created_date' }] }],
    };

    it('stores a source, applies its mapping as the extract is read, and reports the headers it does not map', async () => {
      const created = await kit.post(kit.users.admin, '/ErpLoad/FileSource', acme);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.fileSourceId;
      expect(created.body).toMatchObject({
        sourceName: 'Acme ERP nightly export',
        tables: [{ table: 'customer', fileName: 'custmast', columns: [{ header: 'cust no', column: 'customer' }, { header: 'name', column: 'customer_name' }, { header: 'opened', column: 'created_date' }] }],
      });
      expect((await kit.get(kit.users.admin, '/ErpLoad/FileSource/List')).body.map((s: { fileSourceId: number }) => s.fileSourceId)).toContain(id);
      const [audit] = await sql("SELECT detail FROM app.audit_log WHERE event = 'erp-file-source-changed' ORDER BY audit_log_id DESC LIMIT 1");
      expect(audit!.detail).toMatchObject({ action: 'added', fileSourceId: id, sourceName: 'Acme ERP nightly export' });

      // Without the source: the file is no table of ours.
      const plain = await waitForRun((await upload(kit.users.admin, '', 'acme.zip', zipOf(CUSTMAST()))).json().runId);
      expect(plain.run.status).toBe('rejected');
      expect(plain.files).toEqual([{ fileName: 'CUSTMAST.csv', table: 'custmast', known: false, kind: 'rows', columns: [], unmatched: ['company', 'cust no', 'name', 'branch', 'sales_rep', 'opened'], missing: [] }]);

      // With it, a header it does not map is reported (file, header) and nothing is loaded.
      const started = await upload(kit.users.admin, `?fileSourceId=${id}`, 'acme.zip', zipOf(CUSTMAST('Colour')));
      expect(started.statusCode, started.body).toBe(200);
      const refused = await waitForRun(started.json().runId);
      expect(refused.run).toMatchObject({ status: 'rejected', fileSourceId: id });
      expect(refused.problems).toEqual([expect.objectContaining({ file: 'CUSTMAST.csv', row: 1, column: 'colour', reason: 'unknown column', message: expect.stringMatching(/the header colour is neither a column of customer nor mapped/) })]);
      expect(refused.files).toEqual([{
        fileName: 'CUSTMAST.csv', table: 'customer', known: true, kind: 'rows', columns: ['company', 'customer', 'customer_name', 'branch', 'sales_rep', 'created_date'], unmatched: ['colour'], missing: [],
      }]);
      expect(await sql("SELECT 1 FROM erp.customer WHERE customer = 'MAP100'")).toEqual([]);

      // The extra header left out (mapped to null), every header is mapped (their case aside): the file loads as the customer table.
      const tables = [{ ...acme.tables[0]!, columns: [...acme.tables[0]!.columns, { header: 'COLOUR', column: null }] }];
      const put = await kit.users.admin.request('PUT', `/api/ErpLoad/FileSource/${id}`, { body: { sourceName: 'Acme ERP (nightly)', tables } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ sourceName: 'Acme ERP (nightly)', tables: [{ columns: expect.arrayContaining([{ header: 'colour', column: null }]) }] });
      const loaded = await waitForRun((await upload(kit.users.admin, `?fileSourceId=${id}`, 'acme.zip', zipOf(CUSTMAST('Colour')))).json().runId);
      expect(loaded.run, loaded.run.message).toMatchObject({ status: 'loaded', fileSourceId: id, tableRows: { customer: { written: 1, deleted: 0 } } });
      expect(loaded.files).toEqual([expect.objectContaining({ fileName: 'CUSTMAST.csv', table: 'customer', known: true, unmatched: [], missing: [] })]);
      expect(await sql("SELECT company, customer_name, created_date::text AS created FROM erp.customer WHERE customer = 'MAP100'")).toEqual([{ company: '01', customer_name: 'Mapped Metals', created: '2025-01-02' }]);

      expect((await kit.users.admin.request('DELETE', `/api/ErpLoad/FileSource/${id}`)).statusCode).toBe(204);
      expect((await kit.get(kit.users.admin, `/ErpLoad/FileSource/${id}`)).status).toBe(404);
      expect((await upload(kit.users.admin, `?fileSourceId=${id}`, 'acme.zip', zipOf(CUSTMAST()))).statusCode).toBe(404);
    }, 120_000);

    it('refuses a mapping that names no layout column, maps a column twice or a table twice, and a name taken', async () => {
      const post = (tables: unknown, sourceName = 'Checked source') => kit.post(kit.users.admin, '/ErpLoad/FileSource', { sourceName, tables });
      expect((await post([{ table: 'customer', columns: [{ header: 'x', column: 'colour' }] }])).body.message).toMatch(/colour is not a column of customer/);
      expect((await post([{ table: 'customer', columns: [{ header: 'a', column: 'customer' }, { header: 'b', column: 'customer' }] }])).status).toBe(400);
      expect((await post([{ table: 'customer', columns: [{ header: 'A', column: 'customer' }, { header: 'a ', column: 'customer_name' }] }])).status).toBe(400);
      expect((await post([{ table: 'customer', columns: [] }, { table: 'customer', columns: [] }])).status).toBe(400);
      expect((await post([{ table: 'customer', fileName: 'X.csv', columns: [] }, { table: 'ship_to', fileName: 'x.xlsx', columns: [] }])).status).toBe(400);
      expect((await post([{ table: 'widgets', columns: [] }])).status).toBe(400);
      expect((await post([], '   ')).status).toBe(400);
      expect((await post([], 'Taken')).status).toBe(200);
      expect((await post([], 'Taken')).status).toBe(409);
    });

    it("another organization's file source is a 404: read, changed, removed or named by an upload", async () => {
      const [theirs] = await sql<{ id: number }>("INSERT INTO erp.file_source (customer_master_id, source_name, tables) VALUES (2, 'Contoso export', '[]') RETURNING file_source_id AS id");
      const id = theirs!.id;
      expect((await kit.get(kit.users.admin, `/ErpLoad/FileSource/${id}`)).status).toBe(404);
      expect((await kit.users.admin.request('PUT', `/api/ErpLoad/FileSource/${id}`, { body: { sourceName: 'Mine now', tables: [] } })).statusCode).toBe(404);
      expect((await kit.users.admin.request('DELETE', `/api/ErpLoad/FileSource/${id}`)).statusCode).toBe(404);
      expect((await upload(kit.users.admin, `?fileSourceId=${id}`, 'acme.zip', zipOf(CUSTMAST()))).statusCode).toBe(404);
      expect((await kit.get(kit.users.admin, '/ErpLoad/FileSource/List')).body.some((s: { fileSourceId: number }) => s.fileSourceId === id)).toBe(false);
      expect(await sql('SELECT source_name FROM erp.file_source WHERE file_source_id = $1', [id])).toEqual([{ source_name: 'Contoso export' }]);
    });
  });
});
