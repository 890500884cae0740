import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { startTestServices } from '../testing/index.ts';
import { seedApplication } from '../demo/app-seed.ts';
import { COMPONENT_CATALOGUE } from '../demo/component-catalogue-all.ts';
import { boardId, call, HOME, SALES, scalar, signIn, snapshot, userId, type Method, type Services } from './boards-testing.ts';

/**
 * Every board, card and instance call made by someone who may not make it: rep2 on rep's
 * private board, the other organization's user on any of rep's boards, rep2 on a board shared
 * with him read-only. Each answers 403 or 404 and the database is unchanged.
 */
let services: Services;
let rep2: TestBrowser, sso: TestBrowser;
type Ids = { board: number; section: number; card: number; instance: number; userShare: number; roleShare: number; user: number };
let myDay: Ids, pipeline: Ids, welcome: Ids;

async function idsOf(name: string, section: number): Promise<Ids> {
  const board = await boardId(services, name);
  const card = await scalar(services, 'SELECT min(card_master_id) FROM app.card_master WHERE board_master_id = $1', [board]);
  const instance = await scalar(services, 'SELECT min(component_instance_id) FROM app.component_instance WHERE card_master_id = $1', [card]);
  // Shares of Pipeline: My Day has none, so calls on it use shares rep2 can see but not change.
  const pipelineBoard = await boardId(services, 'Pipeline');
  const userShare = await scalar(services, 'SELECT min(board_master_x_user_master_id) FROM app.board_master_x_user_master WHERE board_master_id = $1', [pipelineBoard]);
  const roleShare = await scalar(services, 'SELECT min(board_master_x_role_master_id) FROM app.board_master_x_role_master WHERE board_master_id = $1', [pipelineBoard]);
  return { board, section, card, instance, userShare, roleShare, user: await userId(services, 'admin@tradeboard.example') };
}

type Attempt = [Method, string, unknown?];
const reads = (i: Ids): Attempt[] => [
  ['GET', `/Board/${i.board}`],
  ['GET', `/DynamicPage/${i.board}`],
  ['GET', `/Board/User/Share/List/${i.board}`],
  ['GET', `/Board/Role/Share/List/${i.board}`],
  ['POST', '/Board/CopyBoard', { boardMasterId: i.board, copyShares: true }],
  ['POST', `/Board/SetDefault/${i.section}/${i.board}`],
  ['DELETE', `/Board/RemoveDefault/${i.board}`],
];
const writes = (i: Ids): Attempt[] => [
  ['POST', '/Board/Update', { id: i.board, isEnabled: false, boardName: 'Taken' }],
  ['POST', `/Board/Remove/${i.board}`],
  ['POST', '/Board/User/Share/Add', { boardMasterId: i.board, userMasterId: i.user, canEdit: true }],
  ['POST', '/Board/User/Share/Update', { boardMasterXUserMasterId: i.userShare, canEdit: true }],
  ['POST', `/Board/User/Share/Remove/${i.userShare}`],
  ['POST', '/Board/Role/Share/Add', { boardMasterId: i.board, roleMasterId: 8, canEdit: true }],
  ['POST', '/Board/Role/Share/Update', { boardMasterXRoleMasterId: i.roleShare, canEdit: false }],
  ['POST', `/Board/Role/Share/Remove/${i.roleShare}`],
  ['POST', '/Card/Add', { boardMasterId: i.board, cardName: 'Mine', displayOrder: 0 }],
  ['POST', '/Card/Update', { boardMasterId: i.board, cardMasterId: i.card, cardName: 'Mine', displayOrder: 1 }],
  ['POST', `/Card/Remove/${i.card}`],
  ['POST', `/Card/Sequence/${i.card}/1`],
  ['POST', `/Card/ExpandToggle/${i.card}/false`],
  ['POST', '/Card/Layout', { boardMasterId: i.board, layouts: [{ cardMasterId: i.card, x: 1, y: 1, w: 1, h: 1 }] }],
  ['POST', '/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: i.card, componentInstanceName: 'Mine' }],
  ['POST', '/Component/Instance/Update', { componentInstanceId: i.instance, componentInstanceName: 'Mine', displayOrder: 0, cardMasterId: i.card, configs: {} }],
  ['POST', `/Component/Instance/Remove/${i.instance}`],
  ['POST', `/Component/Instance/Sequence/${i.instance}/1`],
];

async function expectRefused(browser: TestBrowser, attempts: Attempt[], allowed: number[]) {
  const before = await snapshot(services);
  for (const [method, url, body] of attempts) {
    const response = await call(browser, method, url, body);
    expect(allowed, `${method} ${url} → ${response.status} ${JSON.stringify(response.body)}`).toContain(response.status);
    expect(JSON.stringify(response.body)).not.toContain('Rick Rep');
  }
  expect(await snapshot(services)).toBe(before);
}

beforeAll(async () => {
  services = await startTestServices();
  rep2 = await signIn(services, 'rep2@tradeboard.example');
  sso = await signIn(services, 'sso@tradeboard.example');
  myDay = await idsOf('My Day', HOME);
  pipeline = await idsOf('Pipeline', SALES);
  welcome = await idsOf('Welcome', HOME);
});
afterAll(() => services?.close());

describe("another user's boards", () => {
  it('has ids to try', () => {
    for (const ids of [myDay, pipeline, welcome]) for (const value of Object.values(ids)) expect(value).toBeGreaterThan(0);
  });

  it("rep2 on rep's private board: 404 (writes on shares he sees read-only: 403), nothing changed", async () => {
    await expectRefused(rep2, [...reads(myDay), ...writes(myDay)], [403, 404]);
    await expectRefused(rep2, reads(myDay), [404]);
  });

  it("the other organization's user on private, shared and public boards: 404, nothing changed", async () => {
    await expectRefused(sso, [...reads(myDay), ...writes(myDay), ...reads(pipeline), ...writes(pipeline), ...reads(welcome), ...writes(welcome)], [404]);
  });

  it('rep2 on a board shared with him read-only: every change 403, nothing changed', async () => {
    await expectRefused(rep2, writes(pipeline), [403]);
    expect((await call(rep2, 'GET', `/DynamicPage/${pipeline.board}`)).status).toBe(200);
  });

  it("a visible board's cards cannot be reached through another board's id", async () => {
    const own = (await call(rep2, 'POST', '/Board/Add', { sectionId: HOME, boardName: 'Own' })).body.boardMasterId;
    const attempts: Attempt[] = [
      ['POST', '/Card/Update', { boardMasterId: own, cardMasterId: myDay.card, cardName: 'Mine', displayOrder: 0 }],
      ['POST', '/Card/Layout', { boardMasterId: own, layouts: [{ cardMasterId: myDay.card, x: 1, y: 1, w: 1, h: 1 }] }],
      ['POST', '/Card/Layout', { boardMasterId: own, layouts: [{ cardMasterId: pipeline.card, x: 1, y: 1, w: 1, h: 1 }] }],
    ];
    await expectRefused(rep2, attempts, [404]);
    const card = (await call(rep2, 'POST', '/Card/Add', { boardMasterId: own, cardName: 'c', displayOrder: 0 })).body.cardMasterId;
    await expectRefused(
      rep2,
      [['POST', '/Component/Instance/Update', { componentInstanceId: pipeline.instance, componentInstanceName: 'Mine', displayOrder: 0, cardMasterId: card, configs: {} }]],
      [403, 404],
    );
  });
});

describe('the demo seed', () => {
  it('adds the boards once to a database seeded before the boards migration', async () => {
    for (const table of ['board_master', 'component_instance', 'component_master', 'board_template']) {
      await services.db.query(`DELETE FROM app.${table}`);
    }
    expect(await seedApplication(services.db)).toBe(false);
    expect(await seedApplication(services.db)).toBe(false);
    expect(await scalar(services, 'SELECT count(*)::int FROM app.component_master')).toBe(COMPONENT_CATALOGUE.length);
    expect(await scalar(services, "SELECT count(*)::int FROM app.board_master WHERE board_name = 'Welcome' AND is_public")).toBe(1);
    expect(await scalar(services, 'SELECT count(*)::int FROM app.board_template')).toBe(1);
  });
});
