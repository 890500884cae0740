import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_EDIT_PERMISSION, orderBoards } from './board-access.ts';
import { boardId, call, cardId, HOME, SALES, scalar, signIn, userId, type Services } from './boards-testing.ts';
import type { TestBrowser } from '../testing/index.ts';
import { startTestServices } from '../testing/index.ts';
import { COMPONENT_CATALOGUE } from '../demo/component-catalogue-all.ts';

let services: Services;
let rep: TestBrowser, rep2: TestBrowser, manager: TestBrowser, viewer: TestBrowser, sso: TestBrowser;
let welcome: number, myDay: number, pipeline: number;

beforeAll(async () => {
  services = await startTestServices();
  [rep, rep2, manager, viewer, sso] = [
    await signIn(services, 'rep@tradeboard.example'),
    await signIn(services, 'rep2@tradeboard.example'),
    await signIn(services, 'manager@tradeboard.example'),
    await signIn(services, 'viewer@tradeboard.example'),
    await signIn(services, 'sso@tradeboard.example'),
  ];
  welcome = await boardId(services, 'Welcome');
  myDay = await boardId(services, 'My Day');
  pipeline = await boardId(services, 'Pipeline');
});
afterAll(() => services?.close());

const names = (boards: Array<{ boardName: string }>) => boards.map((b) => b.boardName);

describe('Board/List and Board/All', () => {
  it('lists own, shared and public boards of the organization with their flags', async () => {
    const home = await call(rep, 'GET', `/Board/List/${HOME}`);
    expect(home.status).toBe(200);
    expect(home.body).toEqual([
      expect.objectContaining({ boardName: 'Welcome', isPublic: true, isShared: true, isBoardOwner: false, canEdit: false, createdByName: 'Alex Admin', isBoardDefault: false }),
      expect.objectContaining({ boardName: 'My Day', isShared: false, isBoardOwner: true, canEdit: true, hasShares: false, isBoardDefault: true, isEnabled: true }),
    ]);
    // The section's default board (public, by the site administrator) comes first.
    const salesBoard = expect.objectContaining({ boardName: 'Sales', isPublic: true, isShared: true, canEdit: false, createdByName: 'Alex Admin' });
    const sales = (await call(rep, 'GET', `/Board/List/${SALES}`)).body;
    expect(sales).toEqual([salesBoard, expect.objectContaining({ boardName: 'Pipeline', hasShares: true, isShared: false, canEdit: true })]);
    expect((await call(rep2, 'GET', `/Board/List/${SALES}`)).body).toEqual([
      salesBoard,
      expect.objectContaining({ boardName: 'Pipeline', isShared: true, canEdit: false, createdByName: 'Rick Rep' }),
    ]);
    expect((await call(manager, 'GET', `/Board/List/${SALES}`)).body).toEqual([salesBoard, expect.objectContaining({ boardName: 'Pipeline', canEdit: true, isShared: true })]);
    expect(names((await call(rep2, 'GET', `/Board/List/${HOME}`)).body)).toEqual(['Welcome']);
  });

  it('shows nothing of another organization: its users see only their own boards', async () => {
    expect(names((await call(sso, 'GET', `/Board/List/${HOME}`)).body)).toEqual(['Contoso Welcome']);
    expect(names((await call(sso, 'GET', `/Board/List/${SALES}`)).body)).toEqual([]);
    expect(names((await call(sso, 'GET', '/Board/All')).body)).toEqual(['Contoso Welcome']);
    expect(names((await call(rep, 'GET', '/Board/All')).body)).not.toContain('Contoso Welcome');
  });

  it('lists every section for the sidebar', async () => {
    expect(names((await call(rep, 'GET', '/Board/All')).body)).toEqual([
      'Welcome',
      'My Day',
      'Accounts',
      'Sales',
      'Pipeline',
      'Orders',
      'Quotes',
      'Reports',
      'Help',
      'Account Summary',
      'Purchasing',
      'Inventory',
      'Contacts',
      'Suppliers',
      'Supplier Summary',
      'Shipments and Service',
      'CRM',
      'Contact Summary',
      'Item Detail',
      'Accounting',
    ]);
  });

  it('answers 404 for an unknown section and 400 for a non-numeric one', async () => {
    expect((await call(rep, 'GET', '/Board/List/999')).status).toBe(404);
    const bad = await call(rep, 'GET', '/Board/List/home');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sectionMasterId');
  });
});

describe('Board/Add, Update, Remove', () => {
  it('adds a board with a trimmed name, needing AllowPageEditing', async () => {
    const added = await call(rep, 'POST', '/Board/Add', { sectionId: HOME, boardName: '  Q3 Plan  ' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ boardName: 'Q3 Plan', sectionMasterId: HOME, isBoardOwner: true, canEdit: true, isPublic: false, isShared: false });
    const refused = await call(viewer, 'POST', '/Board/Add', { sectionId: HOME, boardName: 'Mine' });
    expect(refused).toMatchObject({ status: 403, body: { message: NO_EDIT_PERMISSION } });
    await call(rep, 'POST', `/Board/Remove/${added.body.boardMasterId}`);
  });

  it('refuses bad input with a 400 naming the field, never 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ sectionId: HOME, boardName: '   ' }, 'boardName'],
      [{ sectionId: HOME }, 'boardName'],
      [{ sectionId: 'home', boardName: 'x' }, 'sectionId'],
      [{ sectionId: HOME, boardName: 'x'.repeat(101) }, 'boardName'],
      [{ sectionId: -1, boardName: 'x' }, 'sectionId'],
    ];
    for (const [body, field] of cases) {
      const response = await call(rep, 'POST', '/Board/Add', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(field);
    }
    expect((await call(rep, 'POST', '/Board/Add', { sectionId: 999, boardName: 'x' })).status).toBe(404);
  });

  it('updates for owners and editors only', async () => {
    const renamed = await call(rep, 'POST', '/Board/Update', { id: pipeline, isEnabled: true, boardName: ' Pipeline 2 ' });
    expect(renamed).toMatchObject({ status: 200, body: { boardName: 'Pipeline 2' } });
    expect((await call(rep2, 'POST', '/Board/Update', { id: pipeline, isEnabled: true, boardName: 'Hacked' })).status).toBe(403);
    const byRole = await call(manager, 'POST', '/Board/Update', { id: pipeline, isEnabled: true, boardName: 'Pipeline' });
    expect(byRole).toMatchObject({ status: 200, body: { boardName: 'Pipeline', canEdit: true, isBoardOwner: false } });
    expect((await call(rep, 'POST', '/Board/Update', { id: pipeline, isEnabled: true, boardName: '' })).status).toBe(400);
    expect((await call(rep, 'POST', '/Board/Update', { id: 999999, isEnabled: true, boardName: 'x' })).status).toBe(404);
  });

  it('hides a disabled board from everyone but its owner', async () => {
    await call(rep, 'POST', '/Board/Update', { id: pipeline, isEnabled: false, boardName: 'Pipeline' });
    expect(names((await call(rep2, 'GET', `/Board/List/${SALES}`)).body)).toEqual(['Sales']);
    expect((await call(rep, 'GET', `/Board/${pipeline}`)).body).toMatchObject({ isEnabled: false });
    await call(rep, 'POST', '/Board/Update', { id: pipeline, isEnabled: true, boardName: 'Pipeline' });
    expect(names((await call(rep2, 'GET', `/Board/List/${SALES}`)).body)).toEqual(['Sales', 'Pipeline']);
  });

  it('removes only for the owner, with cards, instances, shares and defaults', async () => {
    const copy = (await call(rep, 'POST', '/Board/CopyBoard', { boardMasterId: pipeline, copyShares: true })).body;
    await call(rep2, 'POST', `/Board/SetDefault/${SALES}/${copy.boardMasterId}`);
    expect((await call(manager, 'POST', `/Board/Remove/${copy.boardMasterId}`)).status).toBe(403);
    expect((await call(rep2, 'POST', `/Board/Remove/${copy.boardMasterId}`)).status).toBe(403);
    expect((await call(rep, 'POST', `/Board/Remove/${copy.boardMasterId}`)).status).toBe(204);
    for (const sql of [
      'SELECT count(*)::int FROM app.board_master WHERE board_master_id = $1',
      'SELECT count(*)::int FROM app.card_master WHERE board_master_id = $1',
      'SELECT count(*)::int FROM app.board_master_x_user_master WHERE board_master_id = $1',
      'SELECT count(*)::int FROM app.board_master_x_role_master WHERE board_master_id = $1',
      'SELECT count(*)::int FROM app.board_user_default WHERE board_master_id = $1',
    ]) {
      expect(await scalar(services, sql, [copy.boardMasterId]), sql).toBe(0);
    }
    expect(await scalar(services, 'SELECT count(*)::int FROM app.component_instance i LEFT JOIN app.card_master c USING (card_master_id) WHERE c.card_master_id IS NULL')).toBe(0);
    expect((await call(rep, 'POST', `/Board/Remove/${copy.boardMasterId}`)).status).toBe(404);
  });
});

describe('display order', () => {
  it('follows the saved JSON array, missing ids after it in creation order', async () => {
    const extra = (await call(rep, 'POST', '/Board/Add', { sectionId: HOME, boardName: 'Extra' })).body.boardMasterId;
    expect((await call(rep, 'POST', '/Board/User/Display/Add', { sectionMasterId: HOME, displayOrder: JSON.stringify([extra, myDay]) })).status).toBe(204);
    expect(names((await call(rep, 'GET', `/Board/List/${HOME}`)).body)).toEqual(['Extra', 'My Day', 'Welcome']);
    expect((await call(rep, 'GET', `/Board/User/Display/Get?sectionMasterId=${HOME}`)).body).toEqual({ sectionMasterId: HOME, displayOrder: `[${extra},${myDay}]` });
    expect((await call(rep, 'GET', `/Board/User/Display/Get?sectionMasterId=${SALES}`)).body).toEqual({ sectionMasterId: SALES, displayOrder: null });
    // another user's order does not move rep's boards
    await call(rep2, 'POST', '/Board/User/Display/Add', { sectionMasterId: HOME, displayOrder: '[1]' });
    expect(names((await call(rep, 'GET', `/Board/List/${HOME}`)).body)).toEqual(['Extra', 'My Day', 'Welcome']);
    await call(rep, 'POST', `/Board/Remove/${extra}`);
  });

  it('falls back to the default order when the saved one is corrupt', async () => {
    for (const corrupt of ['{oops', '{"a":1}', '["x", 2]', '']) {
      await call(rep, 'POST', '/Board/User/Display/Add', { sectionMasterId: HOME, displayOrder: corrupt });
      const list = await call(rep, 'GET', `/Board/List/${HOME}`);
      expect(list.status).toBe(200);
      expect(names(list.body)).toEqual(['Welcome', 'My Day']);
    }
    expect((await call(rep, 'GET', `/DynamicPage/Default/${HOME}`)).status).toBe(200);
  });

  it('logs a corrupt order with a warning', () => {
    const log = { warn: vi.fn() };
    const boards = [{ boardMasterId: 1 }, { boardMasterId: 2 }, { boardMasterId: 3 }];
    expect(orderBoards(boards, 'not json', log)).toEqual(boards);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(orderBoards(boards, '[3, "1", 99]', log)).toEqual([{ boardMasterId: 3 }, { boardMasterId: 1 }, { boardMasterId: 2 }]);
    expect(orderBoards(boards, null, log)).toEqual(boards);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('validates the body', async () => {
    expect((await call(rep, 'POST', '/Board/User/Display/Add', { sectionMasterId: HOME })).status).toBe(400);
    expect((await call(rep, 'POST', '/Board/User/Display/Add', { sectionMasterId: 999, displayOrder: '[]' })).status).toBe(404);
    expect((await call(rep, 'GET', '/Board/User/Display/Get')).status).toBe(400);
  });
});

describe('defaults', () => {
  const defaults = (user: number, section: number) =>
    scalar(services, 'SELECT count(*)::int FROM app.board_user_default WHERE user_master_id = $1 AND section_master_id = $2', [user, section]);

  it('keeps exactly one default per section per user', async () => {
    const repId = await userId(services, 'rep@tradeboard.example');
    expect((await call(rep, 'POST', `/Board/SetDefault/${HOME}/${welcome}`)).status).toBe(204);
    let list = (await call(rep, 'GET', `/Board/List/${HOME}`)).body;
    expect(list.filter((b: { isBoardDefault: boolean }) => b.isBoardDefault).map((b: { boardName: string }) => b.boardName)).toEqual(['Welcome']);
    expect(await defaults(repId, HOME)).toBe(1);
    expect((await call(rep, 'POST', `/Board/SetDefault/${HOME}/${myDay}`)).status).toBe(204);
    expect(await defaults(repId, HOME)).toBe(1);
    expect((await call(rep, 'DELETE', `/Board/RemoveDefault/${myDay}`)).status).toBe(204);
    expect(await defaults(repId, HOME)).toBe(0);
    list = (await call(rep, 'GET', `/Board/List/${HOME}`)).body;
    expect(list.some((b: { isBoardDefault: boolean }) => b.isBoardDefault)).toBe(false);
    await call(rep, 'POST', `/Board/SetDefault/${HOME}/${myDay}`);
  });

  it('lets a shared board be set as default, not a board of another section or user', async () => {
    const rep2Id = await userId(services, 'rep2@tradeboard.example');
    expect((await call(rep2, 'POST', `/Board/SetDefault/${SALES}/${pipeline}`)).status).toBe(204);
    expect((await call(rep2, 'GET', `/Board/${pipeline}`)).body).toMatchObject({ isBoardDefault: true, canEdit: false });
    expect((await call(rep, 'GET', `/Board/${pipeline}`)).body).toMatchObject({ isBoardDefault: false });
    expect((await call(rep2, 'POST', `/Board/SetDefault/${HOME}/${pipeline}`)).status).toBe(400);
    expect((await call(rep2, 'POST', `/Board/SetDefault/${HOME}/${myDay}`)).status).toBe(404);
    expect(await defaults(rep2Id, HOME)).toBe(0);
    await call(rep2, 'DELETE', `/Board/RemoveDefault/${pipeline}`);
  });
});

describe('Board/CopyBoard', () => {
  it('copies cards, layout, expanded state and instances, without shares', async () => {
    const card = await cardId(services, pipeline, 'Opportunities');
    await services.db.query('UPDATE app.card_master SET is_expanded = false, layout_x = 2, layout_y = 3, layout_w = 4, layout_h = 5 WHERE card_master_id = $1', [card]);
    const copy = await call(rep2, 'POST', '/Board/CopyBoard', { boardMasterId: pipeline, copyShares: false });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ boardName: 'Pipeline (copy)', isBoardOwner: true, canEdit: true, hasShares: false, createdByName: 'Rita Rep2', sectionMasterId: SALES });
    const original = (await call(rep, 'GET', `/DynamicPage/${pipeline}`)).body;
    const copied = (await call(rep2, 'GET', `/DynamicPage/${copy.body.boardMasterId}`)).body;
    const shape = (page: any) =>
      page.cards.map((c: any) => ({
        name: c.cardName,
        order: c.displayOrder,
        expanded: c.isExpanded,
        layout: c.layout,
        instances: c.componentInstances.map((i: any) => [i.componentInstanceName, i.componentMasterId, i.displayOrder, i.configs]),
      }));
    expect(shape(copied)).toEqual(shape(original));
    expect(shape(copied)[0]).toMatchObject({ expanded: false, layout: { x: 2, y: 3, w: 4, h: 5 } });
    expect(copied.cards[0].cardMasterId).not.toBe(original.cards[0].cardMasterId);
    await call(rep2, 'POST', `/Board/Remove/${copy.body.boardMasterId}`);
  });

  it('copies shares when asked, never sharing the copy with its new owner', async () => {
    const byOwner = (await call(rep, 'POST', '/Board/CopyBoard', { boardMasterId: pipeline, copyShares: true })).body;
    expect(byOwner).toMatchObject({ hasShares: true, boardName: 'Pipeline (copy)' });
    const users = (await call(rep, 'GET', `/Board/User/Share/List/${byOwner.boardMasterId}`)).body.filter((u: any) => u.boardMasterXUserMasterId);
    expect(users.map((u: any) => [u.email, u.canEdit])).toEqual([['rep2@tradeboard.example', false]]);
    const roles = (await call(rep, 'GET', `/Board/Role/Share/List/${byOwner.boardMasterId}`)).body.filter((r: any) => r.boardMasterXRoleMasterId);
    expect(roles.map((r: any) => [r.roleName, r.canEdit])).toEqual([['Manager', true]]);
    const byRep2 = (await call(rep2, 'POST', '/Board/CopyBoard', { boardMasterId: pipeline, copyShares: true })).body;
    expect(await scalar(services, 'SELECT count(*)::int FROM app.board_master_x_user_master WHERE board_master_id = $1', [byRep2.boardMasterId])).toBe(0);
    expect(await scalar(services, 'SELECT count(*)::int FROM app.board_master_x_role_master WHERE board_master_id = $1', [byRep2.boardMasterId])).toBe(1);
    await call(rep, 'POST', `/Board/Remove/${byOwner.boardMasterId}`);
    await call(rep2, 'POST', `/Board/Remove/${byRep2.boardMasterId}`);
  });

  it('needs AllowPageEditing and a visible board', async () => {
    expect((await call(viewer, 'POST', '/Board/CopyBoard', { boardMasterId: welcome, copyShares: false })).status).toBe(403);
    expect((await call(rep2, 'POST', '/Board/CopyBoard', { boardMasterId: myDay, copyShares: false })).status).toBe(404);
    expect((await call(rep, 'POST', '/Board/CopyBoard', { boardMasterId: myDay })).status).toBe(400);
  });
});

describe('board templates', () => {
  it('lists the section templates; an empty list is 404', async () => {
    expect((await call(rep, 'GET', `/BoardTemplate/List/${HOME}`)).body).toEqual([{ boardTemplateId: expect.any(Number), boardTemplateName: 'Getting started' }]);
    expect(await call(rep, 'GET', `/BoardTemplate/List/${SALES}`)).toMatchObject({ status: 404, body: { message: 'No board templates exist for this section' } });
  });

  it('creates a board from a template', async () => {
    const [template] = (await call(rep, 'GET', `/BoardTemplate/List/${HOME}`)).body;
    const created = await call(rep, 'POST', '/Board/CreateBoardFromBoardTemplate', { boardTemplateId: template.boardTemplateId, boardName: ' Start ', isPublic: false });
    expect(created).toMatchObject({ status: 200, body: { boardName: 'Start', sectionMasterId: HOME, isBoardOwner: true } });
    const page = (await call(rep, 'GET', `/DynamicPage/${created.body.boardMasterId}`)).body;
    expect(page.cards).toHaveLength(1);
    expect(page.cards[0].componentInstances[0]).toMatchObject({ componentMasterId: 1001, componentInstanceName: 'How Tradeboard works' });
    expect(page.components.map((c: any) => c.renderer)).toEqual(['notes']);
    await call(rep, 'POST', `/Board/Remove/${created.body.boardMasterId}`);
    expect((await call(viewer, 'POST', '/Board/CreateBoardFromBoardTemplate', { boardTemplateId: template.boardTemplateId, boardName: 'x', isPublic: false })).status).toBe(403);
    expect((await call(rep, 'POST', '/Board/CreateBoardFromBoardTemplate', { boardTemplateId: 999, boardName: 'x', isPublic: false })).status).toBe(404);
    expect((await call(rep, 'POST', '/Board/CreateBoardFromBoardTemplate', { boardTemplateId: template.boardTemplateId, boardName: ' ', isPublic: false })).status).toBe(400);
  });
});

describe('shares', () => {
  it('lists the organization users but the owner, and every role', async () => {
    const users = (await call(rep, 'GET', `/Board/User/Share/List/${pipeline}`)).body;
    const emails = users.map((u: any) => u.email);
    expect(emails).toContain('rep2@tradeboard.example');
    expect(emails).not.toContain('rep@tradeboard.example');
    expect(emails).not.toContain('sso@tradeboard.example');
    expect(users.find((u: any) => u.email === 'rep2@tradeboard.example')).toMatchObject({ fullName: 'Rita Rep2', canEdit: false, boardMasterXUserMasterId: expect.any(Number) });
    expect(users.find((u: any) => u.email === 'admin@tradeboard.example')).toMatchObject({ boardMasterXUserMasterId: null, canEdit: false });
    const roles = (await call(rep, 'GET', `/Board/Role/Share/List/${pipeline}`)).body;
    expect(roles.find((r: any) => r.roleName === 'Manager')).toMatchObject({ canEdit: true, boardMasterXRoleMasterId: expect.any(Number) });
    expect(roles.find((r: any) => r.roleName === 'Viewer')).toMatchObject({ boardMasterXRoleMasterId: null });
  });

  it('adds, updates and removes a user share, which grants and withdraws access', async () => {
    const viewerId = await userId(services, 'viewer@tradeboard.example');
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).status).toBe(404);
    const added = await call(rep, 'POST', '/Board/User/Share/Add', { boardMasterId: myDay, userMasterId: viewerId, canEdit: false });
    expect(added).toMatchObject({ status: 200, body: { userMasterId: viewerId, canEdit: false, boardMasterXUserMasterId: expect.any(Number) } });
    const shareId = added.body.boardMasterXUserMasterId;
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).body).toMatchObject({ isShared: true, canEdit: false });
    expect((await call(viewer, 'POST', '/Card/Add', { boardMasterId: myDay, cardName: 'x', displayOrder: 0 })).status).toBe(403);
    expect((await call(rep, 'POST', '/Board/User/Share/Update', { boardMasterXUserMasterId: shareId, canEdit: true })).body).toMatchObject({ canEdit: true });
    // canEdit alone is not enough: the viewer has no AllowPageEditing (seed 000 §6).
    const cards = await scalar(services, `SELECT count(*)::int FROM app.card_master WHERE board_master_id = ${myDay}`);
    expect((await call(viewer, 'POST', '/Card/Add', { boardMasterId: myDay, cardName: 'By viewer', displayOrder: 5 })).status).toBe(403);
    expect((await call(viewer, 'POST', '/Board/Update', { id: myDay, isEnabled: true, boardName: 'Renamed by viewer' })).status).toBe(403);
    expect(await scalar(services, `SELECT count(*)::int FROM app.card_master WHERE board_master_id = ${myDay}`)).toBe(cards);
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).body.boardName).not.toBe('Renamed by viewer');
    expect((await call(rep, 'POST', `/Board/User/Share/Remove/${shareId}`)).status).toBe(204);
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).status).toBe(404);
    expect((await call(rep, 'POST', `/Board/User/Share/Remove/${shareId}`)).status).toBe(404);
  });

  it('adds, updates and removes a role share', async () => {
    const added = await call(rep, 'POST', '/Board/Role/Share/Add', { boardMasterId: myDay, roleMasterId: 8, canEdit: false });
    expect(added).toMatchObject({ status: 200, body: { roleName: 'Viewer', canEdit: false } });
    const shareId = added.body.boardMasterXRoleMasterId;
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).body).toMatchObject({ isShared: true, canEdit: false });
    expect((await call(rep, 'POST', '/Board/Role/Share/Update', { boardMasterXRoleMasterId: shareId, canEdit: true })).body).toMatchObject({ canEdit: true });
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).body).toMatchObject({ canEdit: true });
    expect((await call(rep, 'POST', `/Board/Role/Share/Remove/${shareId}`)).status).toBe(204);
    expect((await call(viewer, 'GET', `/Board/${myDay}`)).status).toBe(404);
  });

  it('refuses strangers, unknown members and bad bodies', async () => {
    const ssoId = await userId(services, 'sso@tradeboard.example');
    const repId = await userId(services, 'rep@tradeboard.example');
    expect((await call(rep, 'POST', '/Board/User/Share/Add', { boardMasterId: myDay, userMasterId: ssoId, canEdit: false })).status).toBe(404);
    expect((await call(rep, 'POST', '/Board/User/Share/Add', { boardMasterId: myDay, userMasterId: repId, canEdit: false })).status).toBe(404);
    expect((await call(rep, 'POST', '/Board/User/Share/Add', { boardMasterId: myDay, userMasterId: 999999, canEdit: false })).status).toBe(404);
    expect((await call(rep, 'POST', '/Board/Role/Share/Add', { boardMasterId: myDay, roleMasterId: 999, canEdit: false })).status).toBe(404);
    expect((await call(rep, 'POST', '/Board/User/Share/Add', { boardMasterId: myDay, userMasterId: 'x', canEdit: false })).status).toBe(400);
    expect((await call(rep, 'POST', '/Board/Role/Share/Add', { boardMasterId: myDay, roleMasterId: 8 })).status).toBe(400);
    expect((await call(rep2, 'POST', '/Board/Role/Share/Add', { boardMasterId: pipeline, roleMasterId: 8, canEdit: true })).status).toBe(403);
    expect(await scalar(services, 'SELECT count(*)::int FROM app.board_master_x_role_master WHERE role_master_id = 8')).toBe(0);
  });
});

describe('DynamicPage', () => {
  it('answers a board with its ordered cards, instances and the masters used', async () => {
    const page = await call(rep, 'GET', `/DynamicPage/${welcome}`);
    expect(page.status).toBe(200);
    expect(page.body.board).toMatchObject({ boardName: 'Welcome', canEdit: false });
    expect(page.body.cards.map((c: any) => [c.cardName, c.displayOrder, c.componentInstances.length])).toEqual([
      ['Welcome', 0, 1],
      ['Sales this month', 1, 1],
      ['Bookings this month', 2, 1],
      ['Orders this month', 3, 1],
      ['Sales year to date', 4, 1],
      ['Sales by month', 5, 1],
      ['Top customers by sales', 6, 1],
      ['Open orders by customer', 7, 1],
      ['Open quotes by customer', 8, 1],
      ['Useful links', 9, 1],
    ]);
    expect(page.body.components.map((c: any) => c.id)).toEqual([...new Set(page.body.cards.flatMap((c: any) => c.componentInstances.map((i: any) => i.componentMasterId)))].sort((a: any, b: any) => a - b));
    expect(page.body.components.filter((c: any) => c.id > 1000).map((c: any) => [c.id, c.displayName, c.renderer, c.componentType, c.componentCategory])).toEqual([
      [1001, 'Notes', 'notes', 'Summary', 'Productivity'],
      [1002, 'Document Links', 'documentLinks', 'List', 'Productivity'],
    ]);
    const links = JSON.parse(page.body.cards[9].componentInstances[0].configs.displayConfigs[0].controlValue);
    expect(links.length).toBeGreaterThan(1);
    expect((await call(sso, 'GET', `/DynamicPage/${welcome}`)).status).toBe(404);
  });

  it('answers the default board, else the first, else 404', async () => {
    expect((await call(rep, 'GET', `/DynamicPage/Default/${HOME}`)).body.board).toMatchObject({ boardName: 'My Day', isBoardDefault: true });
    expect((await call(rep2, 'GET', `/DynamicPage/Default/${HOME}`)).body.board).toMatchObject({ boardName: 'Welcome', isBoardDefault: false });
    expect((await call(sso, 'GET', `/DynamicPage/Default/${HOME}`)).body.board).toMatchObject({ boardName: 'Contoso Welcome' });
    expect(await call(sso, 'GET', `/DynamicPage/Default/${SALES}`)).toMatchObject({ status: 404, body: { message: 'No boards exist for this section' } });
    expect((await call(rep, 'GET', '/DynamicPage/Default/999')).status).toBe(404);
  });
});

describe('Component/List', () => {
  it('lists library components filtered by search', async () => {
    const all = (await call(rep, 'GET', `/Component/List/${HOME}`)).body;
    expect(all).toHaveLength(COMPONENT_CATALOGUE.length);
    expect(all.find((c: any) => c.id === 1001)).toMatchObject({ configs: { displayConfigs: [{ controlName: 'text', controlValue: '' }] }, showInComponentLibrary: true, logoMasterId: null });
    expect((await call(rep, 'GET', `/Component/List/${HOME}?search=LINKS`)).body.map((c: any) => c.id)).toEqual([1002]);
    expect((await call(rep, 'GET', `/Component/List/${HOME}?search=productivity`)).body).toHaveLength(2);
    expect((await call(rep, 'GET', `/Component/List/${HOME}?search=reminders`)).body.map((c: any) => c.id)).toEqual([1001]);
    expect((await call(rep, 'GET', `/Component/List/${HOME}?search=%25`)).body).toEqual([]);
    expect((await call(rep, 'GET', `/Component/List/${HOME}?search=zzz`)).body).toEqual([]);
  });

  it("leaves out masters hidden from the library or excluded for the user's role", async () => {
    await services.db.query('INSERT INTO app.component_role_exclusion (role_master_id, component_master_id) VALUES (7, 1002)');
    await services.db.query(
      `INSERT INTO app.component_master (component_master_id, display_name, component_type, renderer, show_in_component_library)
       VALUES (1999, 'Hidden', 'List', 'hidden', false)`,
    );
    try {
      // The built-in Notes (1001) and Document Links (1002); the CRM's masters follow from 1101.
      const builtIn = (list: any[]) => list.map((c) => c.id).filter((id) => id === 1001 || id === 1002);
      expect(builtIn((await call(rep, 'GET', `/Component/List/${HOME}`)).body)).toEqual([1001]);
      expect(builtIn((await call(manager, 'GET', `/Component/List/${HOME}`)).body)).toEqual([1002, 1001]);
      const card = await cardId(services, myDay, 'Today');
      const refused = await call(rep, 'POST', '/Component/Instance/Add', { componentMasterId: 1002, cardMasterId: card, componentInstanceName: 'Links' });
      expect(refused.status).toBe(403);
    } finally {
      await services.db.query('DELETE FROM app.component_role_exclusion');
      await services.db.query('DELETE FROM app.component_master WHERE component_master_id = 1999');
    }
  });
});
