import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '@tradeboard/shared/contracts';
import { startTestServices, type TestBrowser } from '../testing/index.ts';
import { adminTesting, type Method } from './admin-testing.ts';

let services: Awaited<ReturnType<typeof startTestServices>>;
const ADMIN_ROLES = ['RTSAdmin', 'SiteOwner', 'SiteAdmin', 'RoleAdmin', 'UserAdmin'] as const;
const browsers: Record<string, TestBrowser> = {};
const ids = { victim: 0, otherUser: 0, otherRole: 0, ownRole: 0, setting: 0, toggle: 0, filterColumn: 0, batch: 0, detail: 0, batchFilter: 0, membership: 0 };
const { sql, send, signIn, addRoleUsers } = adminTesting(() => services);

beforeAll(async () => {
  services = await startTestServices();
  // One user per admin role (admin@ is the SiteAdmin), a user to act on, and another organization.
  const hash = await addRoleUsers(ADMIN_ROLES.filter((r) => r !== 'SiteAdmin'));
  [{ id: ids.victim }] = await sql<{ id: number }>(
    `INSERT INTO app.user_master (email, full_name, password_hash, role_master_id, customer_master_id) VALUES ('victim@tradeboard.example', 'Vic Tim', $1, 8, 1) RETURNING user_master_id AS id`,
    [hash],
  );
  [{ id: ids.otherUser }] = await sql<{ id: number }>(`SELECT user_master_id AS id FROM app.user_master WHERE email = 'sso@tradeboard.example'`);
  [{ id: ids.otherRole }] = await sql<{ id: number }>(
    `INSERT INTO app.role_master (role_master_id, role_name, owner_customer_master_id) VALUES (nextval('app.role_master_id_seq'), 'Contoso Buyers', 2) RETURNING role_master_id AS id`,
  );
  [{ id: ids.ownRole }] = await sql<{ id: number }>(
    `INSERT INTO app.role_master (role_master_id, role_name, owner_customer_master_id) VALUES (nextval('app.role_master_id_seq'), 'Northwind Temps', 1) RETURNING role_master_id AS id`,
  );
  [{ id: ids.setting }] = await sql<{ id: number }>(`SELECT setting_master_id AS id FROM app.setting_master WHERE setting_name = 'FollowUpDays'`);
  [{ id: ids.toggle }] = await sql<{ id: number }>(`SELECT toggle_master_id AS id FROM app.toggle_master WHERE toggle_name = 'CustomerModeEnabled'`);
  [{ id: ids.filterColumn }] = await sql<{ id: number }>(`SELECT min(id) AS id FROM app.user_report_filter_column`);
  [{ id: ids.batch }] = await sql<{ id: number }>(
    `INSERT INTO app.bulk_user_batch (customer_master_id, file_name, uploaded_by) SELECT 1, 'matrix.xlsx', user_master_id FROM app.user_master WHERE email = 'admin@tradeboard.example' AND home_user_master_id IS NULL RETURNING batch_id AS id`,
  );
  [{ id: ids.detail }] = await sql<{ id: number }>(
    `INSERT INTO app.bulk_user_batch_detail (batch_id, row_number, email, full_name, role_name) VALUES ($1, 2, 'matrix.row@example.com', 'Matrix Row', 'Viewer') RETURNING id`,
    [ids.batch],
  );
  [{ id: ids.batchFilter }] = await sql<{ id: number }>(
    `INSERT INTO app.bulk_user_batch_filter (detail_id, filter_type, column_name, filter_values) VALUES ($1, 'Customer', 'branch', '{10}') RETURNING id`,
    [ids.detail],
  );
  // The victim is also a member of the other organization (OrganizationSwitcher/Meta).
  [{ id: ids.membership }] = await sql<{ id: number }>(
    `INSERT INTO app.user_master (email, full_name, login_type, role_master_id, customer_master_id, organization_user, home_user_master_id)
     VALUES ('victim@tradeboard.example', 'Vic Tim', 'MEMBER', 8, 2, true, $1) RETURNING user_master_id AS id`,
    [ids.victim],
  );
  browsers.SiteAdmin = await signIn('admin@tradeboard.example');
  for (const role of ADMIN_ROLES.filter((r) => r !== 'SiteAdmin')) browsers[role] = await signIn(`${role.toLowerCase()}@tradeboard.example`);
  browsers.rep = await signIn('rep@tradeboard.example');
}, 120_000);
afterAll(() => services?.close());

/**
 * Every admin call with the permission it needs and a harmless request (on the victim user, a
 * role of the organization, a setting): the matrix test makes it as each role.
 */
const ADMIN_CALLS = (): Array<{ permission: string; method: Method; url: string; body?: unknown }> => [
  { permission: 'roles.read', method: 'GET', url: '/Role/List' },
  { permission: 'roles.read', method: 'GET', url: `/Role/GetExact/${ids.ownRole}` },
  { permission: 'roles.read', method: 'GET', url: `/Role/UserCount/${ids.ownRole}` },
  { permission: 'roles.write', method: 'POST', url: '/Role/Add', body: { roleName: `Matrix ${Math.random()}` } },
  { permission: 'roles.write', method: 'POST', url: '/Role/Update', body: { roleId: ids.ownRole, roleName: 'Northwind Temps' } },
  { permission: 'roles.write', method: 'POST', url: `/Role/Copy/${ids.ownRole}`, body: {} },
  { permission: 'roles.write', method: 'POST', url: '/Role/Remove', body: { roleId: 999_999 } },
  { permission: 'settings.read', method: 'GET', url: '/Settings/Definition' },
  { permission: 'settings.read', method: 'GET', url: '/Settings/UserSettingsClassBuilder' },
  { permission: 'settings.read', method: 'GET', url: '/Settings/Global/List' },
  { permission: 'settings.read', method: 'GET', url: '/Settings/Global/Config' },
  { permission: 'settings.global', method: 'POST', url: '/Settings/Global/Update', body: { settingMasterId: ids.setting, settingValue: '7' } },
  { permission: 'settings.global', method: 'POST', url: `/Settings/Global/Remove/${ids.setting}` },
  { permission: 'settings.read', method: 'GET', url: `/Settings/Role/List/${ids.ownRole}` },
  { permission: 'settings.read', method: 'GET', url: `/Settings/Role/Config/${ids.ownRole}` },
  { permission: 'settings.role', method: 'POST', url: `/Settings/Role/Update/${ids.ownRole}`, body: { settingMasterId: ids.setting, settingValue: '7' } },
  { permission: 'settings.role', method: 'POST', url: `/Settings/Role/Remove/${ids.ownRole}/${ids.setting}` },
  { permission: 'settings.read', method: 'GET', url: '/ToggleAdmin/List' },
  { permission: 'settings.read', method: 'GET', url: `/ToggleAdmin/${ids.toggle}` },
  { permission: 'settings.read', method: 'GET', url: '/ToggleAdmin/Definition' },
  { permission: 'settings.read', method: 'GET', url: '/ToggleAdmin/ClassBuilder' },
  { permission: 'toggles.write', method: 'PUT', url: `/ToggleAdmin/${ids.toggle}`, body: { toggleName: 'CustomerModeEnabled', valueType: 1, defaultValue: 'false' } },
  { permission: 'toggles.write', method: 'POST', url: '/ToggleAdmin', body: { toggleName: 'Matrix', valueType: 1, defaultValue: 'false' } },
  { permission: 'toggles.write', method: 'DELETE', url: '/ToggleAdmin/999999' },
  { permission: 'toggles.write', method: 'POST', url: `/Toggle/ClearForRole/${ids.ownRole}` },
  { permission: 'users.read', method: 'POST', url: '/User/List', body: {} },
  { permission: 'users.read', method: 'POST', url: '/User/Export/List', body: {} },
  { permission: 'users.read', method: 'GET', url: `/User/GetById/${ids.victim}` },
  { permission: 'users.read', method: 'GET', url: `/User/Filters/List/${ids.victim}/Customer` },
  { permission: 'users.write', method: 'POST', url: '/User/Add', body: { email: `m${Math.random().toString(36).slice(2)}@matrix.example`, fullName: 'Matrix', roleMasterId: 8 } },
  { permission: 'users.write', method: 'POST', url: '/User/Update', body: { userMasterId: ids.victim, fullName: 'Vic Tim' } },
  { permission: 'settings.user', method: 'POST', url: '/User/Update', body: { userMasterId: ids.victim, settingOverrides: [{ settingMasterId: ids.setting, settingValue: null }] } },
  { permission: 'users.write', method: 'POST', url: '/User/UpdateRole', body: { userMasterId: ids.victim, roleMasterId: 8 } },
  { permission: 'users.write', method: 'POST', url: `/User/ChangeUserPassword/${ids.victim}`, body: { newPassword: 'Matrix-2026' } },
  { permission: 'users.write', method: 'POST', url: `/User/RemoveRole/${ids.victim}` },
  { permission: 'users.write', method: 'POST', url: `/User/SendAccessEmail/${ids.victim}` },
  { permission: 'users.write', method: 'POST', url: '/User/SendUserLimitEmail' },
  { permission: 'users.write', method: 'POST', url: '/User/BulkSendAccessEmail', body: { userMasterIds: [ids.victim] } },
  { permission: 'users.write', method: 'POST', url: '/User/Delete', body: { userMasterId: 999_999 } },
  { permission: 'users.write', method: 'POST', url: '/User/UpdateOrganizationAccess', body: { userMasterId: ids.victim, organizationUser: false } },
  { permission: 'users.write', method: 'POST', url: '/User/ResetAuthenticator', body: { userMasterId: ids.victim } },
  { permission: 'users.write', method: 'POST', url: `/User/Filters/Create/${ids.victim}`, body: { filterType: 'Customer', columnName: 'branch', values: ['10'] } },
  { permission: 'users.write', method: 'POST', url: `/User/Filters/Update/${ids.victim}`, body: { filterId: 999_999, values: [] } },
  { permission: 'users.write', method: 'POST', url: '/User/Filters/Remove/999999' },
  { permission: 'users.read', method: 'GET', url: '/Authorization/List' },
  { permission: 'authorization.write', method: 'PATCH', url: `/Authorization/${ids.victim}/1` },
  { permission: 'identity.write', method: 'GET', url: '/Admin/Users/List' },
  { permission: 'identity.write', method: 'POST', url: '/Admin/Users/Update', body: { userMasterId: ids.victim } },
  { permission: 'identity.write', method: 'POST', url: '/Admin/IdentityRole/Create', body: { roleName: `Identity ${Math.random()}` } },
  { permission: 'users.read', method: 'POST', url: '/UserReportFilterColumnMaster/AdminList' },
  { permission: 'users.read', method: 'GET', url: `/UserReportFilterColumnMaster/${ids.filterColumn}` },
  { permission: 'identity.write', method: 'POST', url: '/UserReportFilterColumnMaster', body: { filterType: 'Item', columnName: `c${Math.random().toString(36).slice(2, 8)}`, displayName: 'C' } },
  { permission: 'identity.write', method: 'PUT', url: `/UserReportFilterColumnMaster/${ids.filterColumn}`, body: { filterType: 'Customer', columnName: 'salesRep', displayName: 'Sales Rep' } },
  { permission: 'settings.read', method: 'GET', url: '/Admin/Modules/List' },
  { permission: 'modules.write', method: 'POST', url: '/Admin/Modules/Update', body: { moduleId: 'goals', enabled: true } },
  { permission: 'audit.read', method: 'GET', url: '/Admin/Audit/List' },
  { permission: 'users.read', method: 'GET', url: '/Admin/TestEmails' },
  { permission: 'impersonate', method: 'POST', url: `/Impersonate/Apply/${ids.victim}` },
  { permission: 'users.read', method: 'GET', url: '/BulkUserBatch/List' },
  { permission: 'users.read', method: 'GET', url: '/BulkUserBatch/Current' },
  { permission: 'users.read', method: 'GET', url: `/BulkUserBatch/${ids.batch}` },
  { permission: 'users.write', method: 'DELETE', url: '/BulkUserBatch/999999' },
  { permission: 'users.write', method: 'POST', url: '/BulkUserBatch', body: {} },
  { permission: 'users.write', method: 'POST', url: '/BulkUserBatch/Process/999999', body: {} },
  { permission: 'users.write', method: 'POST', url: '/BulkUserBatch/Template' },
  { permission: 'users.read', method: 'POST', url: `/BulkUserBatch/Detail/List/${ids.batch}/all`, body: {} },
  { permission: 'users.write', method: 'POST', url: '/BulkUserBatch/Detail', body: { batchId: 999_999, email: 'a@b.example', fullName: 'A', roleName: 'Viewer' } },
  { permission: 'users.read', method: 'POST', url: '/BulkUserBatch/Detail/ValidateEmailIsUnique', body: { email: 'free@matrix.example', batchId: ids.batch } },
  { permission: 'users.write', method: 'PUT', url: `/BulkUserBatch/Detail/${ids.detail}`, body: { email: 'matrix.row@example.com', fullName: 'Matrix Row', roleName: 'Viewer' } },
  { permission: 'users.write', method: 'DELETE', url: '/BulkUserBatch/Detail/999999' },
  { permission: 'users.read', method: 'GET', url: `/BulkUserBatch/Filter/List/${ids.detail}/Customer` },
  { permission: 'users.write', method: 'POST', url: '/BulkUserBatch/Filter', body: { detailId: ids.detail, filterType: 'Customer', columnName: 'branch', values: ['20'] } },
  { permission: 'users.write', method: 'POST', url: '/BulkUserBatch/Filter/Update', body: { id: ids.batchFilter, values: ['10', '11'] } },
  { permission: 'users.write', method: 'DELETE', url: '/BulkUserBatch/Filter/999999' },
  { permission: 'organizations.read', method: 'POST', url: '/OrganizationSwitcher/User/List', body: {} },
  { permission: 'organizations.read', method: 'GET', url: `/OrganizationSwitcher/Meta/${ids.membership}` },
  { permission: 'organizations.write', method: 'POST', url: '/OrganizationSwitcher/Meta', body: { userMasterId: ids.victim, customerMasterId: 2, roleMasterId: 8 } },
  { permission: 'organizations.write', method: 'PUT', url: `/OrganizationSwitcher/Meta/${ids.membership}`, body: { isActive: true } },
  { permission: 'organizations.write', method: 'DELETE', url: '/OrganizationSwitcher/Meta/999999' },
  { permission: 'organizations.read', method: 'GET', url: '/OrganizationSwitcher/AuthLevels' },
  { permission: 'organizations.read', method: 'GET', url: '/OrganizationSwitcher/Roles' },
  { permission: 'organizations.read', method: 'GET', url: `/OrganizationSwitcher/Filters/List/${ids.membership}/Customer` },
  { permission: 'organizations.write', method: 'POST', url: `/OrganizationSwitcher/Filters/Create/${ids.membership}`, body: { filterType: 'Customer', columnName: 'branch', values: ['10'] } },
  { permission: 'organizations.write', method: 'POST', url: `/OrganizationSwitcher/Filters/Update/${ids.membership}`, body: { filterId: 999_999, values: [] } },
  { permission: 'organizations.write', method: 'POST', url: '/OrganizationSwitcher/Filters/Remove/999999' },
  { permission: 'organizations.read', method: 'POST', url: '/OrganizationMaster/List', body: {} },
  { permission: 'organizations.read', method: 'GET', url: '/OrganizationMaster/1' },
  { permission: 'organizations.write', method: 'PUT', url: '/OrganizationMaster/1', body: { customerName: 'Northwind Industrial Supply' } },
  { permission: 'organizations.write', method: 'POST', url: '/OrganizationMaster', body: { customerName: `Matrix ${Math.random()}` } },
  { permission: 'organizations.read', method: 'POST', url: '/OrganizationMaster/CustomerMaster/List', body: {} },
  { permission: 'organizations.read', method: 'GET', url: '/OrganizationMaster/CustomerMaster/1' },
  { permission: 'organizations.write', method: 'POST', url: '/OrganizationMaster/CustomerMaster', body: { customerName: `Matrix ${Math.random()}` } },
  // The logo calls take a multipart file: sent JSON, a role with the right gets 415 (allowed), one without 403.
  { permission: 'settings.global', method: 'POST', url: '/LogoMaster', body: {} },
  { permission: 'settings.global', method: 'PUT', url: '/LogoMaster/999999', body: {} },
];

/** Calls any signed-in user makes about himself: no admin right needed. */
const OWN_CALLS = [
  '/User/GetBySession', '/User/GetCustomerMaster', '/User/Sessions', '/User/Sessions/SignOutOthers', '/User/UpdateProfile', '/User/ChangePassword',
  '/Toggle/{id}', '/Toggle/User/List', '/UserReportFilterColumnMaster/List/{filterType}', '/Admin/IdentityRole/IsDevAdmin', '/Impersonate/Remove',
  '/OrganizationSwitcher/CustomerMaster/List', '/OrganizationSwitcher/Apply/{customerMasterId}', '/OrganizationSwitcher/CanEditUsers',
  // GET: any user of the organization reads its logos (PUT is in the matrix).
  '/LogoMaster/{logoMasterId}',
];

describe('the rights model', () => {
  it('covers every administration call', () => {
    const calls = ADMIN_CALLS();
    const administration = allContracts.filter((c) => /^\/(User|Role|Settings|ToggleAdmin|Toggle|Authorization|Admin\/(Users|IdentityRole|Modules|Audit|TestEmails)|UserReportFilterColumnMaster|Impersonate|BulkUserBatch|OrganizationSwitcher|OrganizationMaster|LogoMaster)\b/.test(c.path));
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
    const missing = administration.filter(
      (c) => !OWN_CALLS.includes(c.path) && !calls.some((call) => call.method === c.method && pattern(c.path).test(call.url.split('?')[0]!)),
    );
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it('is data: every admin call × every admin role answers as app.admin_right says, a non-admin 403 everywhere', async () => {
    const rights = await sql<{ role_name: string; permission: string }>('SELECT role_name, permission FROM app.admin_right');
    const holds = (role: string, permission: string) => rights.some((r) => r.role_name === role && r.permission === permission);
    const table: string[] = [];
    for (const call of ADMIN_CALLS()) {
      for (const role of [...ADMIN_ROLES, 'rep']) {
        const { status, body } = await send(browsers[role]!, call.method, call.url, call.body);
        if (call.url.startsWith('/Impersonate/Apply') && status === 204) await send(browsers[role]!, 'POST', '/Impersonate/Remove');
        const expected = holds(role, call.permission) ? 'allowed' : 403;
        const actual = status === 403 ? 403 : status === 401 ? 401 : 'allowed';
        if (actual !== expected) table.push(`${role} ${call.method} ${call.url} → ${status} ${JSON.stringify(body).slice(0, 120)} (wanted ${expected})`);
        if (actual === 'allowed') expect(status, `${role} ${call.method} ${call.url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    expect(table).toEqual([]);
  }, 120_000);

  it("answers 404 for another organization's users and roles", async () => {
    const admin = browsers.SiteOwner!;
    for (const [method, url, body] of [
      ['GET', `/User/GetById/${ids.otherUser}`],
      ['POST', '/User/Update', { userMasterId: ids.otherUser, fullName: 'Taken' }],
      ['POST', '/User/UpdateRole', { userMasterId: ids.otherUser, roleMasterId: 8 }],
      ['POST', `/User/ChangeUserPassword/${ids.otherUser}`, { newPassword: 'Taken-2026' }],
      ['POST', '/User/Delete', { userMasterId: ids.otherUser }],
      ['POST', `/User/SendAccessEmail/${ids.otherUser}`],
      ['PATCH', `/Authorization/${ids.otherUser}/1`],
      ['POST', `/Impersonate/Apply/${ids.otherUser}`],
      ['GET', `/Role/GetExact/${ids.otherRole}`],
      ['POST', `/Role/Copy/${ids.otherRole}`, {}],
      ['POST', '/Role/Update', { roleId: ids.otherRole, roleName: 'Taken' }],
      ['POST', `/Settings/Role/Update/${ids.otherRole}`, { settingMasterId: ids.setting, settingValue: '1' }],
      ['POST', '/User/UpdateRole', { userMasterId: ids.victim, roleMasterId: ids.otherRole }],
    ] as Array<[Method, string, unknown?]>) {
      expect((await send(admin, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    const [{ name }] = await sql<{ name: string }>('SELECT full_name AS name FROM app.user_master WHERE user_master_id = $1', [ids.otherUser]);
    expect(name).toBe('Sunny Sso');
  });

  it('never reaches upward: no role, user or view above the administrator', async () => {
    const userAdmin = browsers.UserAdmin!;
    const [{ id: owner }] = await sql<{ id: number }>(`SELECT user_master_id AS id FROM app.user_master WHERE email = 'siteowner@tradeboard.example'`);
    const [{ id: siteAdminRole }] = await sql<{ id: number }>(`SELECT role_master_id AS id FROM app.role_master WHERE role_name = 'SiteAdmin'`);
    expect((await send(userAdmin, 'POST', `/Impersonate/Apply/${owner}`)).status).toBe(403);
    expect((await send(userAdmin, 'POST', '/User/UpdateRole', { userMasterId: ids.victim, roleMasterId: siteAdminRole })).status).toBe(403);
    expect((await send(userAdmin, 'POST', '/User/Add', { email: 'up@matrix.example', fullName: 'Up', roleMasterId: siteAdminRole })).status).toBe(403);
    expect((await send(browsers.SiteAdmin!, 'POST', `/Impersonate/Apply/${owner}`)).status).toBe(403);
    expect((await send(browsers.SiteAdmin!, 'POST', `/User/ChangeUserPassword/${owner}`, { newPassword: 'Taken-2026' })).status).toBe(403);
  });
});

describe('users', () => {
  it('adds a user who gets the access e-mail, must choose a password, then signs in; a duplicate e-mail is refused', async () => {
    const admin = browsers.SiteAdmin!;
    const added = await send(admin, 'POST', '/User/Add', { email: 'New.Person@Tradeboard.example', fullName: 'New Person', roleMasterId: 7, salesRep: 'SR09' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ email: 'New.Person@Tradeboard.example', roleName: 'SalesRep', mustSetPassword: true, isActive: true });
    expect((await send(admin, 'POST', '/User/Add', { email: 'new.person@tradeboard.example', fullName: 'Again', roleMasterId: 7 })).status).toBe(409);
    const mail = (await send(admin, 'GET', '/Admin/TestEmails?to=new.person@tradeboard.example')).body[0];
    expect(mail.subject).toBe('Your Tradeboard access');
    const token = /token=([\w-]+)/.exec(mail.body)![1]!;
    const person = services.browser();
    expect((await person.login('new.person@tradeboard.example', 'anything-1')).statusCode).toBe(401);
    expect((await send(person, 'POST', '/Authenticate/ResetPassword', { token, password: 'Welcome-2026' })).status).toBe(204);
    expect((await person.login('new.person@tradeboard.example', 'Welcome-2026')).statusCode).toBe(200);
    const me = (await send(person, 'GET', '/User/GetBySession')).body;
    expect(me).toMatchObject({ fullName: 'New Person', roleName: 'SalesRep', mustSetPassword: false, isImpersonating: false });
    const audit = await sql(`SELECT event FROM app.audit_log WHERE detail->>'email' = 'New.Person@Tradeboard.example' ORDER BY audit_log_id`);
    expect(audit.map((a) => a.event)).toEqual(['user-added', 'access-email-sent']);
  });

  it('refuses a user past the UserLimit setting and e-mails the owners; no limit when it is 0', async () => {
    const admin = browsers.SiteAdmin!;
    const [{ id }] = await sql<{ id: number }>(`SELECT setting_master_id AS id FROM app.setting_master WHERE setting_name = 'UserLimit'`);
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM app.user_master WHERE customer_master_id = 1 AND is_active');
    expect((await send(admin, 'POST', '/Settings/Global/Update', { settingMasterId: id, settingValue: String(n) })).status).toBe(204);
    const refused = await send(admin, 'POST', '/User/Add', { email: 'over@limit.example', fullName: 'Over Limit', roleMasterId: 8 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${n} active users of the ${n}`);
    expect(await sql(`SELECT 1 FROM app.user_master WHERE email = 'over@limit.example'`)).toEqual([]);
    const [mail] = await sql(`SELECT subject, body FROM app.mail_outbox WHERE subject LIKE 'Tradeboard user limit:%' ORDER BY mail_id DESC LIMIT 1`);
    expect(mail!.body).toContain('New users cannot be added');
    expect((await send(admin, 'POST', `/Settings/Global/Remove/${id}`)).status).toBe(204);
    expect((await send(admin, 'POST', '/User/Add', { email: 'over@limit.example', fullName: 'Over Limit', roleMasterId: 8 })).status).toBe(200);
  });

  it('lists, searches, exports and keeps the profile: name, password, other sessions', async () => {
    const admin = browsers.SiteAdmin!;
    const list = (await send(admin, 'POST', '/User/List', { searchString: 'rep', pageSize: 50 })).body;
    expect(list.rows.map((u: any) => u.email)).toEqual(expect.arrayContaining(['rep@tradeboard.example', 'rep2@tradeboard.example']));
    expect(list.rows.every((u: any) => u.email !== 'sso@tradeboard.example')).toBe(true);
    const csv = (await send(admin, 'POST', '/User/Export/List', { searchString: 'rep2' })).body as string;
    expect(csv.split('\r\n')[1]).toContain('rep2@tradeboard.example');

    // The matrix set the victim's password (ChangeUserPassword).
    const second = services.browser();
    expect((await second.login('victim@tradeboard.example', 'Matrix-2026')).statusCode).toBe(200);
    const victim = services.browser();
    expect((await victim.login('victim@tradeboard.example', 'Matrix-2026')).statusCode).toBe(200);
    expect((await send(victim, 'GET', '/User/Sessions')).body.length).toBeGreaterThanOrEqual(2);
    expect((await send(victim, 'POST', '/User/Sessions/SignOutOthers')).body.ended).toBeGreaterThanOrEqual(1);
    expect((await send(second, 'GET', '/User/GetBySession')).status).toBe(401);
    expect((await send(victim, 'POST', '/User/UpdateProfile', { fullName: 'Victor Tim' })).status).toBe(204);
    expect((await send(victim, 'POST', '/User/ChangePassword', { currentPassword: 'wrong', newPassword: 'Another-2026' })).status).toBe(400);
  });
});

describe('roles and settings', () => {
  it('copies a role with its settings and counts its users', async () => {
    const admin = browsers.SiteAdmin!;
    const copy = await send(admin, 'POST', '/Role/Copy/7', {});
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ roleName: 'Copy of SalesRep', isBuiltIn: false, userCount: 0 });
    const settings = (await send(admin, 'GET', `/Settings/Role/List/${copy.body.roleMasterId}`)).body;
    expect(settings.map((s: any) => s.settingName)).toEqual(expect.arrayContaining(['AllowPageEditing']));
    expect((await send(admin, 'POST', '/User/UpdateRole', { userMasterId: ids.victim, roleMasterId: copy.body.roleMasterId })).status).toBe(204);
    expect((await send(admin, 'GET', `/Role/UserCount/${copy.body.roleMasterId}`)).body).toEqual({ roleId: copy.body.roleMasterId, userCount: 1 });
    expect((await send(admin, 'POST', '/Role/Remove', { roleId: copy.body.roleMasterId })).status).toBe(409);
    expect((await send(admin, 'POST', '/Role/Remove', { roleId: 7 })).status).toBe(403);
    expect((await send(admin, 'POST', '/User/UpdateRole', { userMasterId: ids.victim, roleMasterId: 8 })).status).toBe(204);
  });

  it('shows default, organization, role and user values side by side; the user value wins and each change is audited', async () => {
    const admin = browsers.SiteAdmin!;
    const [{ id }] = await sql<{ id: number }>(`SELECT setting_master_id AS id FROM app.setting_master WHERE setting_name = 'AllowPageEditing'`);
    expect((await send(admin, 'POST', '/Settings/Role/Update/8', { settingMasterId: id, settingValue: 'true' })).status).toBe(204);
    const viewer = await signIn('viewer@tradeboard.example');
    const on = (user: any) => user.settings.find((s: any) => s.settingName === 'AllowPageEditing').settingValue;
    expect(on((await send(viewer, 'GET', '/User/GetBySession')).body)).toBe('true');
    await send(admin, 'POST', '/User/Update', { userMasterId: ids.victim, settingOverrides: [{ settingMasterId: id, settingValue: 'false' }] });
    const config = (await send(admin, 'GET', `/Settings/Global/Config?userMasterId=${ids.victim}`)).body.find((s: any) => s.settingMasterId === id);
    expect(config).toMatchObject({ settingGroup: 'Access rights', defaultValue: 'false', globalValue: null, roleValue: 'true', userValue: 'false', effectiveValue: 'false' });
    expect(config.lastChange).toMatchObject({ by: 'admin@tradeboard.example', level: 'user', value: 'false' });
    expect((await send(admin, 'POST', '/Settings/Role/Remove/8/' + id)).status).toBe(204);
    expect(on((await send(viewer, 'GET', '/User/GetBySession')).body)).toBe('false');
  });

  it('reads toggles by the seed rules and lets a user set his own', async () => {
    const rep = browsers.rep!;
    const toggles = (await send(rep, 'GET', '/Toggle/User/List')).body;
    expect(toggles.map((t: any) => t.toggleName)).toEqual(expect.arrayContaining(['CustomerModeEnabled', 'SalesRepSplitsApplied']));
    expect((await send(rep, 'PATCH', `/Toggle/${ids.toggle}`, { toggleValue: 'maybe' })).status).toBe(400);
    expect((await send(rep, 'PATCH', `/Toggle/${ids.toggle}`, { toggleValue: 'true' })).body.toggleValue).toBe('true');
    expect((await send(browsers.SiteAdmin!, 'POST', '/Toggle/ClearForRole/7')).body.cleared).toBeGreaterThanOrEqual(1);
    expect((await send(rep, 'GET', `/Toggle/${ids.toggle}`)).body.toggleValue).toBe('false');
  });

  it('edits toggle masters by the same rules: a valueType 1 default is true, false or a SETTING_ reference', async () => {
    const admin = browsers.SiteAdmin!;
    expect((await send(admin, 'POST', '/ToggleAdmin', { toggleName: 'EditedToggle', valueType: 1, defaultValue: 'yes' })).status).toBe(400);
    const made = await send(admin, 'POST', '/ToggleAdmin', { toggleName: 'EditedToggle', valueType: 1, defaultValue: 'SETTING_AllowPageEditing', description: 'Follows a setting' });
    expect(made.body).toMatchObject({ toggleName: 'EditedToggle', defaultValue: 'SETTING_AllowPageEditing' });
    expect((await send(admin, 'PUT', `/ToggleAdmin/${made.body.toggleMasterId}`, { toggleName: 'EditedToggle', valueType: 1, defaultValue: 'maybe' })).status).toBe(400);
    expect((await send(admin, 'PUT', `/ToggleAdmin/${made.body.toggleMasterId}`, { toggleName: 'EditedToggle', valueType: 2, defaultValue: 'maybe' })).body.valueType).toBe(2);
    expect((await send(admin, 'DELETE', `/ToggleAdmin/${made.body.toggleMasterId}`)).status).toBe(204);
  });
});

describe('modules and impersonation', () => {
  it('switches CRM off for the organization with a reason: the session says so at once; admin cannot be switched off', async () => {
    const admin = browsers.SiteAdmin!;
    expect((await send(admin, 'POST', '/Admin/Modules/Update', { moduleId: 'crm', enabled: false })).status).toBe(400);
    expect((await send(admin, 'POST', '/Admin/Modules/Update', { moduleId: 'admin', enabled: false, reason: 'no' })).status).toBe(400);
    expect((await send(admin, 'POST', '/Admin/Modules/Update', { moduleId: 'crm', enabled: false, reason: 'CRM moves to the new system on Monday' })).status).toBe(204);
    const rep = (await send(browsers.rep!, 'GET', '/User/GetBySession')).body;
    expect(rep.disabledModules).toEqual([{ moduleId: 'crm', featureId: '', reason: 'CRM moves to the new system on Monday', routes: expect.arrayContaining(['/crm']) }]);
    expect((await sql(`SELECT count(*)::int AS n FROM app.module_switch WHERE customer_master_id = 2`))[0]!.n).toBe(0);
    const modules = (await send(admin, 'GET', '/Admin/Modules/List')).body;
    expect(modules.find((m: any) => m.moduleId === 'crm')).toMatchObject({ enabled: false, reason: 'CRM moves to the new system on Monday' });
    expect(modules.find((m: any) => m.moduleId === 'admin')).toMatchObject({ locked: true, enabled: true });
    // Its calls are refused on the server too, with the reason; other areas answer as before.
    const refused = await send(browsers.rep!, 'POST', '/ActivityTransaction/ActivityType/List', {});
    expect(refused).toMatchObject({ status: 403, body: { message: 'CRM is switched off for your organization: CRM moves to the new system on Monday' } });
    expect((await send(browsers.rep!, 'GET', '/MapRoutes/List')).status).toBe(200);
    expect((await send(admin, 'POST', '/Admin/Modules/Update', { moduleId: 'crm', enabled: true })).status).toBe(204);
    expect((await send(browsers.rep!, 'GET', '/User/GetBySession')).body.disabledModules).toEqual([]);
    expect((await send(browsers.rep!, 'POST', '/ActivityTransaction/ActivityType/List', {})).status).toBe(200);
  });

  it('refuses a switched-off feature\'s calls only: the map off leaves search and documents', async () => {
    const admin = browsers.SiteAdmin!;
    expect((await send(admin, 'POST', '/Admin/Modules/Update', { moduleId: 'accounts', featureId: 'map', enabled: false, reason: 'Maps are being redone' })).status).toBe(204);
    expect((await send(browsers.rep!, 'GET', '/MapRoutes/List')).body.message).toBe('Map and route planner is switched off for your organization: Maps are being redone');
    expect((await send(browsers.rep!, 'POST', '/ActivityTransaction/ActivityType/List', {})).status).toBe(200);
    expect((await send(admin, 'POST', '/Admin/Modules/Update', { moduleId: 'accounts', featureId: 'map', enabled: true })).status).toBe(204);
    expect((await send(browsers.rep!, 'GET', '/MapRoutes/List')).status).toBe(200);
  });

  it("impersonates rep@: the session shows the rep, keeps the admin, audits both and every write", async () => {
    const admin = await signIn('admin@tradeboard.example');
    const [{ id: rep }] = await sql<{ id: number }>(`SELECT user_master_id AS id FROM app.user_master WHERE email = 'rep@tradeboard.example'`);
    expect((await send(admin, 'POST', `/Impersonate/Apply/${rep}`)).status).toBe(204);
    const seen = (await send(admin, 'GET', '/User/GetBySession')).body;
    expect(seen).toMatchObject({ isImpersonating: true, userName: 'admin@tradeboard.example', email: 'rep@tradeboard.example', fullName: 'Rick Rep', roleName: 'SalesRep' });
    expect(seen.realUser).toMatchObject({ email: 'admin@tradeboard.example' });
    // As the rep, administration is refused: the view has the rep's rights only.
    expect((await send(admin, 'POST', '/User/List', {})).status).toBe(403);
    expect((await send(admin, 'PATCH', `/Toggle/${ids.toggle}`, { toggleValue: 'false' })).status).toBe(200);
    expect((await send(admin, 'POST', '/Impersonate/Remove')).status).toBe(204);
    expect((await send(admin, 'GET', '/User/GetBySession')).body).toMatchObject({ isImpersonating: false, email: 'admin@tradeboard.example' });
    const audit = await sql(`SELECT event, email, detail FROM app.audit_log WHERE event IN ('impersonation-started', 'impersonation-ended', 'impersonated-write') ORDER BY audit_log_id DESC LIMIT 3`);
    expect(audit.map((a) => a.event)).toEqual(['impersonation-ended', 'impersonated-write', 'impersonation-started']);
    expect(audit[0]).toMatchObject({ email: 'admin@tradeboard.example', detail: { viewedEmail: 'rep@tradeboard.example' } });
    expect(audit[1]).toMatchObject({ email: 'rep@tradeboard.example', detail: { realEmail: 'admin@tradeboard.example' } });
  });
});
