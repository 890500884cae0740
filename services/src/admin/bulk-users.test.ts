import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/app-seed.ts';
import { multipart, startTestServices, type TestBrowser } from '../testing/index.ts';

let services: Awaited<ReturnType<typeof startTestServices>>;
let admin: TestBrowser;
const sql = async <T = Record<string, any>>(text: string, values: unknown[] = []) => (await services.db.query(text, values)).rows as T[];
const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const response = await admin.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : response.rawPayload };
};
const sheet = async (rows: string[][], header = ['Email', 'Full Name', 'Role', 'Sales Rep']) => {
  const workbook = new ExcelJS.Workbook();
  const users = workbook.addWorksheet('Users');
  users.addRow(header);
  for (const row of rows) users.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
const upload = async (fileName: string, bytes: Buffer) => {
  const { body, headers } = multipart(fileName, bytes);
  const response = await admin.request('POST', '/api/BulkUserBatch', { body, headers });
  return { status: response.statusCode, body: response.json() };
};

beforeAll(async () => {
  services = await startTestServices();
  admin = services.browser();
  expect((await admin.login('admin@tradeboard.example', DEMO_PASSWORD)).statusCode).toBe(200);
}, 120_000);
afterAll(() => services?.close());

describe('bulk user import', () => {
  it('gives a template with the columns in order, an example and the roles an admin may give', async () => {
    const { status, body } = await send('POST', '/BulkUserBatch/Template');
    expect(status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as never);
    expect((workbook.getWorksheet('Users')!.getRow(1).values as unknown[]).slice(1)).toEqual(['Email', 'Full Name', 'Role', 'Sales Rep']);
    const roles = workbook.getWorksheet('Roles')!.getColumn(1).values.slice(2);
    expect(roles).toEqual(expect.arrayContaining(['SalesRep', 'Viewer']));
    expect(roles).not.toContain('RTSAdmin');
  });

  it('reports each row\'s problems, takes fixes in place, then makes the valid rows users in one go', async () => {
    const file = await sheet([
      ['ann.bulk@example.com', 'Ann Bulk', 'SalesRep', 'SR01'],
      ['not-an-email', 'Bad Mail', 'Viewer', ''],
      ['twice@example.com', 'Twice One', 'Viewer', ''],
      ['TWICE@example.com', 'Twice Two', 'Viewer', ''],
      ['rep@tradeboard.example', 'Already There', 'Viewer', ''],
      ['role.less@example.com', 'Role Less', 'Astronaut', ''],
      ['boss@example.com', 'Big Boss', 'RTSAdmin', ''],
    ]);
    const batch = await upload('people.xlsx', file);
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ fileName: 'people.xlsx', status: 'Uploaded', rowCount: 7, validCount: 1, invalidCount: 6 });
    const id = batch.body.batchId;
    expect((await send('GET', '/BulkUserBatch/Current')).body.batchId).toBe(id);
    const bad = (await send('POST', `/BulkUserBatch/Detail/List/${id}/false`, {})).body;
    expect(bad.totalCount).toBe(6);
    const problems = Object.fromEntries(bad.rows.map((r: any) => [r.rowNumber, r.problems]));
    expect(problems).toEqual({
      3: ['The e-mail is not valid.'],
      4: ['The e-mail is in the file more than once.'],
      5: ['The e-mail is in the file more than once.'],
      6: ['A user with this e-mail already exists.'],
      7: ['Unknown role Astronaut.'],
      8: ['The role RTSAdmin has more rights than yours.'],
    });
    const row = (n: number) => bad.rows.find((r: any) => r.rowNumber === n);
    // Fix two rows in place, drop the duplicate, leave the rest.
    expect((await send('POST', '/BulkUserBatch/Detail/ValidateEmailIsUnique', { email: 'twice@example.com', batchId: id, detailId: row(3).id })).body).toEqual({
      isUnique: false,
      reason: 'The e-mail is in the file more than once.',
    });
    const fixed = await send('PUT', `/BulkUserBatch/Detail/${row(3).id}`, { email: 'bad.mail@example.com', fullName: 'Bad Mail', roleName: 'viewer' });
    expect(fixed.body).toMatchObject({ isValid: true, problems: [] });
    expect((await send('DELETE', `/BulkUserBatch/Detail/${row(5).id}`)).status).toBe(204);
    expect((await send('PUT', `/BulkUserBatch/Detail/${row(7).id}`, { email: 'role.less@example.com', fullName: 'Role Less', roleName: 'Manager' })).body.isValid).toBe(true);
    const filter = await send('POST', '/BulkUserBatch/Filter', { detailId: row(7).id, filterType: 'Customer', columnName: 'branch', values: ['10', '10', '20'] });
    expect(filter.body).toMatchObject({ values: ['10', '20'] });
    expect((await send('GET', `/BulkUserBatch/Filter/List/${row(7).id}/Customer`)).body).toHaveLength(1);
    expect((await send('GET', `/BulkUserBatch/${id}`)).body).toMatchObject({ rowCount: 6, validCount: 4, invalidCount: 2 });

    const processed = await send('POST', `/BulkUserBatch/Process/${id}`, {});
    expect(processed.body).toMatchObject({ status: 'Processed', createdCount: 4 });
    const made = await sql(`SELECT email, sales_rep, must_set_password FROM app.user_master WHERE email IN ('ann.bulk@example.com', 'bad.mail@example.com', 'twice@example.com', 'role.less@example.com') ORDER BY email`);
    expect(made.map((u) => u.email)).toEqual(['ann.bulk@example.com', 'bad.mail@example.com', 'role.less@example.com', 'twice@example.com']);
    expect(made.every((u) => u.must_set_password)).toBe(true);
    expect(await sql(`SELECT f.filter_values FROM app.user_filter f JOIN app.user_master u USING (user_master_id) WHERE u.email = 'role.less@example.com'`)).toEqual([{ filter_values: ['10', '20'] }]);
    expect(await sql(`SELECT 1 FROM app.mail_outbox WHERE 'ann.bulk@example.com' = ANY (to_emails)`)).toHaveLength(1);
    // Processed: the rows that became users say who, the batch no longer changes.
    const rows = (await send('POST', `/BulkUserBatch/Detail/List/${id}/all`, {})).body.rows;
    expect(rows.filter((r: any) => r.userMasterId !== null)).toHaveLength(4);
    expect((await send('PUT', `/BulkUserBatch/Detail/${row(6).id}`, { email: 'late@example.com', fullName: 'Late', roleName: 'Viewer' })).status).toBe(409);
    expect((await send('POST', `/BulkUserBatch/Process/${id}`, {})).status).toBe(409);
    expect((await send('GET', '/BulkUserBatch/Current')).body).toBeNull();
  });

  it('adds nobody when the batch would pass the user limit, and refuses files it cannot read', async () => {
    const batch = (await upload('three.xlsx', await sheet([1, 2, 3].map((n) => [`limit${n}@example.com`, `Limit ${n}`, 'Viewer', ''])))).body;
    const [{ id }] = await sql<{ id: number }>(`SELECT setting_master_id AS id FROM app.setting_master WHERE setting_name = 'UserLimit'`);
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM app.user_master WHERE customer_master_id = 1 AND is_active');
    await send('POST', '/Settings/Global/Update', { settingMasterId: id, settingValue: String(n + 2) });
    expect((await send('POST', `/BulkUserBatch/Process/${batch.batchId}`, {})).status).toBe(409);
    expect(await sql(`SELECT 1 FROM app.user_master WHERE email LIKE 'limit%@example.com'`)).toEqual([]);
    await send('POST', `/Settings/Global/Remove/${id}`);
    expect((await send('DELETE', `/BulkUserBatch/${batch.batchId}`)).status).toBe(204);
    expect((await send('GET', `/BulkUserBatch/${batch.batchId}`)).status).toBe(404);

    const noHeader = await upload('wrong.xlsx', await sheet([['a@example.com', 'A']], ['Mail', 'Name']));
    expect(noHeader).toMatchObject({ status: 400, body: { message: "The file's first row lacks the columns Email, Full Name, Role: start from the template." } });
    expect((await upload('empty.xlsx', await sheet([]))).status).toBe(400);
    expect((await upload('x.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).status).toBe(415);
    const csv = await upload('people.csv', Buffer.from('Email,Full Name,Role\ncsv.person@example.com,Csv Person,Viewer\n'));
    expect(csv.body).toMatchObject({ rowCount: 1, validCount: 1 });
  });

  it("keeps another organization's batches out of reach (404)", async () => {
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO app.bulk_user_batch (customer_master_id, file_name, uploaded_by) SELECT 2, 'theirs.xlsx', user_master_id FROM app.user_master WHERE customer_master_id = 2 LIMIT 1 RETURNING batch_id AS id`,
    );
    const [{ id: detail }] = await sql<{ id: number }>(`INSERT INTO app.bulk_user_batch_detail (batch_id, row_number, email, full_name, role_name) VALUES ($1, 2, 'x@y.example', 'X', 'Viewer') RETURNING id`, [id]);
    expect((await send('GET', `/BulkUserBatch/${id}`)).status).toBe(404);
    expect((await send('POST', `/BulkUserBatch/Detail/List/${id}/all`, {})).status).toBe(404);
    expect((await send('PUT', `/BulkUserBatch/Detail/${detail}`, { email: 'x@y.example', fullName: 'X', roleName: 'Viewer' })).status).toBe(404);
    expect((await send('POST', `/BulkUserBatch/Process/${id}`, {})).status).toBe(404);
    expect((await send('GET', '/BulkUserBatch/List')).body.map((b: any) => b.batchId)).not.toContain(id);
  });
});
