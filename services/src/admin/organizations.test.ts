import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import { startTestServices, type TestBrowser } from '../testing/index.ts';
import { adminTesting } from './admin-testing.ts';

// Organization switching (issue 25): the demo makes admin@ (SiteAdmin of Northwind, 1) a member of
// Contoso (2), whose own home board is "Contoso Welcome"; Northwind's is "Welcome".
let services: Awaited<ReturnType<typeof startTestServices>>;
let admin: TestBrowser;
let rep: TestBrowser;
let owner: TestBrowser;
let staff: TestBrowser;
const ids = { admin: 0, rep: 0, viewerRole: 0, welcome: 0, contosoWelcome: 0 };
const { sql, send, signIn, addRoleUsers } = adminTesting(() => services);
const homeBoards = async (browser: TestBrowser) => ((await send(browser, 'GET', `/Board/List/${SECTION_IDS.home}`)).body as Array<{ boardName: string }>).map((b) => b.boardName);
const session = async (browser: TestBrowser) => (await send(browser, 'GET', '/User/GetBySession')).body;

beforeAll(async () => {
  services = await startTestServices();
  await addRoleUsers(['SiteOwner', 'RTSAdmin']);
  [{ id: ids.admin }] = await sql<{ id: number }>(`SELECT user_master_id AS id FROM app.user_master WHERE email = 'admin@tradeboard.example' AND home_user_master_id IS NULL`);
  [{ id: ids.rep }] = await sql<{ id: number }>(`SELECT user_master_id AS id FROM app.user_master WHERE email = 'rep@tradeboard.example'`);
  [{ id: ids.viewerRole }] = await sql<{ id: number }>(`SELECT role_master_id AS id FROM app.role_master WHERE role_name = 'Viewer' AND owner_customer_master_id IS NULL`);
  [{ id: ids.welcome }] = await sql<{ id: number }>(`SELECT board_master_id AS id FROM app.board_master WHERE board_name = 'Welcome'`);
  [{ id: ids.contosoWelcome }] = await sql<{ id: number }>(`SELECT board_master_id AS id FROM app.board_master WHERE board_name = 'Contoso Welcome'`);
  admin = await signIn('admin@tradeboard.example');
  rep = await signIn('rep@tradeboard.example');
  owner = await signIn('siteowner@tradeboard.example');
  staff = await signIn('rtsadmin@tradeboard.example');
}, 120_000);
afterAll(() => services?.close());

describe('organization switching', () => {
  it("lists the user's organizations, switches, scopes every query to the new one, and back", async () => {
    const organizations = (await send(admin, 'POST', '/OrganizationSwitcher/CustomerMaster/List', {})).body;
    expect(organizations).toEqual([
      { customerMasterId: 1, customerName: 'Northwind Industrial Supply', isHome: true, isActive: true, roleName: 'SiteAdmin' },
      { customerMasterId: 2, customerName: 'Contoso Electric (single sign-on)', isHome: false, isActive: false, roleName: 'SiteAdmin' },
    ]);
    expect(await homeBoards(admin)).toContain('Welcome');
    expect(await homeBoards(admin)).not.toContain('Contoso Welcome');
    expect((await send(admin, 'GET', `/Board/${ids.contosoWelcome}`)).status).toBe(404);

    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(204);
    expect(await session(admin)).toMatchObject({ customerMasterId: 2, customerName: 'Contoso Electric (single sign-on)', email: 'admin@tradeboard.example', isImpersonating: false, organizationUser: true });
    expect(await homeBoards(admin)).toEqual(['Contoso Welcome']);
    // Northwind's objects do not exist here: its board, its users.
    expect((await send(admin, 'GET', `/Board/${ids.welcome}`)).status).toBe(404);
    expect((await send(admin, 'GET', `/User/GetById/${ids.rep}`)).status).toBe(404);
    const emails = ((await send(admin, 'POST', '/User/List', {})).body.rows as { email: string }[]).map((u) => u.email);
    expect(emails).toContain('sso@tradeboard.example');
    expect(emails).not.toContain('rep@tradeboard.example');
    // A board made while in Contoso is Contoso's.
    const added = await send(admin, 'POST', '/Board/Add', { boardName: 'Contoso only', sectionId: SECTION_IDS.home });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await send(admin, 'POST', '/OrganizationSwitcher/CustomerMaster/List', {})).body.map((o: { isActive: boolean }) => o.isActive)).toEqual([false, true]);

    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/1')).status).toBe(204);
    expect(await session(admin)).toMatchObject({ customerMasterId: 1, customerName: 'Northwind Industrial Supply', organizationUser: false });
    expect(await homeBoards(admin)).toContain('Welcome');
    expect(await homeBoards(admin)).not.toContain('Contoso only');
    expect(await homeBoards(admin)).not.toContain('Contoso Welcome');

    const audit = await sql(`SELECT detail FROM app.audit_log WHERE event = 'organization-switched' AND user_master_id = $1 ORDER BY audit_log_id`, [ids.admin]);
    expect(audit.map((a) => [a.detail.fromCustomerMasterId, a.detail.customerMasterId])).toEqual([[1, 2], [2, 1]]);
  });

  it('keeps the switch to the session: another session of the same user stays home', async () => {
    const other = await signIn('admin@tradeboard.example');
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(204);
    expect((await session(other)).customerMasterId).toBe(1);
    expect((await session(admin)).customerMasterId).toBe(2);
    // The account's own calls stay the account's: its sessions, its password.
    expect((await send(admin, 'GET', '/User/Sessions')).body.length).toBeGreaterThanOrEqual(2);
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/1')).status).toBe(204);
  });

  it('refuses an organization the user may not enter (404), and switching while viewing as someone', async () => {
    expect((await send(rep, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(404);
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/999')).status).toBe(404);
    expect((await session(rep)).customerMasterId).toBe(1);
    expect((await send(admin, 'POST', `/Impersonate/Apply/${ids.rep}`)).status).toBe(204);
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(400);
    expect((await send(admin, 'POST', '/Impersonate/Remove')).status).toBe(204);
    // The membership cannot sign in by itself: the e-mail signs in its home account, and it has no password to set.
    expect((await session(await signIn('admin@tradeboard.example'))).customerMasterId).toBe(1);
    const [{ id: membership }] = await sql<{ id: number }>(`SELECT user_master_id AS id FROM app.user_master WHERE home_user_master_id = $1`, [ids.admin]);
    expect((await send(staff, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(404);
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(204);
    expect((await send(admin, 'POST', `/User/ChangeUserPassword/${membership}`, { newPassword: 'Member-2026!' })).status).toBe(400);
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Apply/1')).status).toBe(204);
  });

  it('gives and ends memberships (organizations.write), and the switch follows them', async () => {
    expect((await send(admin, 'POST', '/OrganizationSwitcher/Meta', { userMasterId: ids.rep, customerMasterId: 2, roleMasterId: ids.viewerRole })).status).toBe(403);
    expect((await send(admin, 'GET', '/OrganizationSwitcher/CanEditUsers')).body).toEqual({ canEditUsers: false });
    expect((await send(staff, 'GET', '/OrganizationSwitcher/CanEditUsers')).body).toEqual({ canEditUsers: true });
    const made = await send(staff, 'POST', '/OrganizationSwitcher/Meta', { userMasterId: ids.rep, customerMasterId: 2, roleMasterId: ids.viewerRole });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ userMasterId: ids.rep, email: 'rep@tradeboard.example', customerMasterId: 2, homeCustomerMasterId: 1, roleName: 'Viewer', isActive: true });
    expect((await send(staff, 'POST', '/OrganizationSwitcher/Meta', { userMasterId: ids.rep, customerMasterId: 1, roleMasterId: ids.viewerRole })).status).toBe(400);
    expect((await send(staff, 'POST', '/OrganizationSwitcher/Meta', { userMasterId: made.body.membershipId, customerMasterId: 2, roleMasterId: ids.viewerRole })).status).toBe(404);

    expect((await send(rep, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(204);
    expect(await session(rep)).toMatchObject({ customerMasterId: 2, roleName: 'Viewer' });
    expect((await send(staff, 'DELETE', `/OrganizationSwitcher/Meta/${made.body.membershipId}`)).status).toBe(204);
    expect((await session(rep)).customerMasterId).toBe(1);
    expect((await send(rep, 'POST', '/OrganizationSwitcher/Apply/2')).status).toBe(404);
    expect((await send(staff, 'GET', `/OrganizationSwitcher/Meta/${made.body.membershipId}`)).body.isActive).toBe(false);
    const again = await send(staff, 'POST', '/OrganizationSwitcher/Meta', { userMasterId: ids.rep, customerMasterId: 2, roleMasterId: ids.viewerRole });
    expect(again.body).toMatchObject({ membershipId: made.body.membershipId, isActive: true });
    expect((await send(staff, 'PUT', `/OrganizationSwitcher/Meta/${made.body.membershipId}`, { isActive: false })).body.isActive).toBe(false);
    const events = await sql(`SELECT count(*)::int AS n FROM app.audit_log WHERE event = 'membership-changed'`);
    expect(events[0]!.n).toBe(4);
  });

  it("maintains organizations; a SiteOwner sees only his own (another organization's answers 404), others 403", async () => {
    expect((await send(admin, 'POST', '/OrganizationMaster/List', {})).status).toBe(403);
    expect((await send(rep, 'GET', '/OrganizationMaster/1')).status).toBe(403);
    expect((await send(rep, 'POST', '/OrganizationSwitcher/User/List', {})).status).toBe(403);
    const own = (await send(owner, 'POST', '/OrganizationMaster/List', {})).body;
    expect(own.map((o: { customerMasterId: number }) => o.customerMasterId)).toEqual([1]);
    expect((await send(owner, 'GET', '/OrganizationMaster/2')).status).toBe(404);
    expect((await send(owner, 'GET', '/OrganizationMaster/CustomerMaster/2')).status).toBe(404);
    expect((await send(owner, 'GET', '/OrganizationSwitcher/Roles?customerMasterId=2')).status).toBe(404);
    expect((await send(owner, 'PUT', '/OrganizationMaster/1', { customerName: 'Taken' })).status).toBe(403);

    const all = (await send(staff, 'POST', '/OrganizationMaster/List', {})).body;
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ customerMasterId: 2, memberCount: expect.any(Number) })]));
    const added = await send(staff, 'POST', '/OrganizationMaster', { customerName: '  Fabrikam Fasteners ' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ customerName: 'Fabrikam Fasteners', erpMasterId: 1, editionMasterId: 3, userCount: 0, memberCount: 0 });
    expect((await send(staff, 'POST', '/OrganizationMaster/CustomerMaster', { customerName: 'fabrikam fasteners' })).status).toBe(409);
    expect((await send(staff, 'POST', '/OrganizationMaster', { customerName: '   ' })).status).toBe(400);
    const renamed = await send(staff, 'PUT', `/OrganizationMaster/${added.body.customerMasterId}`, { customerName: 'Fabrikam', editionMasterId: 2 });
    expect(renamed.body).toMatchObject({ customerName: 'Fabrikam', editionMasterId: 2 });
    expect((await send(staff, 'PUT', '/OrganizationMaster/999999', { customerName: 'Nobody' })).status).toBe(404);
    const memberships = (await send(owner, 'POST', '/OrganizationSwitcher/User/List', {})).body;
    expect(memberships.every((m: { customerMasterId: number; homeCustomerMasterId: number }) => m.customerMasterId === 1 || m.homeCustomerMasterId === 1)).toBe(true);
    expect(memberships.some((m: { email: string }) => m.email === 'admin@tradeboard.example')).toBe(true);
  });
});
