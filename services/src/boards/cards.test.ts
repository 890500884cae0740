import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { startTestServices } from '../testing/index.ts';
import { boardId, call, HOME, scalar, signIn, type Services } from './boards-testing.ts';

let services: Services;
let rep: TestBrowser;
let board: number, otherBoard: number;

beforeAll(async () => {
  services = await startTestServices();
  rep = await signIn(services, 'rep@tradeboard.example');
  board = (await call(rep, 'POST', '/Board/Add', { sectionId: HOME, boardName: 'Cards' })).body.boardMasterId;
  otherBoard = await boardId(services, 'My Day');
});
afterAll(() => services?.close());

const cards = async (id = board) => (await call(rep, 'GET', `/DynamicPage/${id}`)).body.cards as any[];
const order = async (id = board) => (await cards(id)).map((c) => `${c.displayOrder}:${c.cardName}`);
const addCard = async (cardName: string, displayOrder: number) =>
  (await call(rep, 'POST', '/Card/Add', { boardMasterId: board, cardName, displayOrder })).body;

describe('cards', () => {
  it('adds above (the card order) and below (order + 1), shifting later cards', async () => {
    const first = await call(rep, 'POST', '/Card/Add', { boardMasterId: board, cardName: ' New Card... ', displayOrder: 0 });
    expect(first).toMatchObject({
      status: 200,
      body: { cardName: 'New Card...', displayOrder: 0, isExpanded: true, boardMasterId: board, layout: null, componentInstances: [] },
    });
    await addCard('B', 1); // below the first
    await addCard('A', 0); // above the first
    await addCard('C', 99); // past the end lands last
    expect(await order()).toEqual(['0:A', '1:New Card...', '2:B', '3:C']);
  });

  it('moves a card by sequence and renumbers 0..n-1', async () => {
    const c = (await cards()).find((x) => x.cardName === 'C');
    expect((await call(rep, 'POST', `/Card/Sequence/${c.cardMasterId}/1`)).status).toBe(204);
    expect(await order()).toEqual(['0:A', '1:C', '2:New Card...', '3:B']);
    await call(rep, 'POST', `/Card/Sequence/${c.cardMasterId}/50`);
    expect(await order()).toEqual(['0:A', '1:New Card...', '2:B', '3:C']);
  });

  it('renames (trimmed) and moves with Card/Update', async () => {
    const b = (await cards()).find((x) => x.cardName === 'B');
    const renamed = await call(rep, 'POST', '/Card/Update', { boardMasterId: board, cardMasterId: b.cardMasterId, cardName: '  Bee ', displayOrder: 2 });
    expect(renamed.body).toMatchObject({ cardName: 'Bee', displayOrder: 2 });
    await call(rep, 'POST', '/Card/Update', { boardMasterId: board, cardMasterId: b.cardMasterId, cardName: 'Bee', displayOrder: 0 });
    expect(await order()).toEqual(['0:Bee', '1:A', '2:New Card...', '3:C']);
    const empty = await call(rep, 'POST', '/Card/Update', { boardMasterId: board, cardMasterId: b.cardMasterId, cardName: '   ', displayOrder: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('cardName');
    const wrongBoard = await call(rep, 'POST', '/Card/Update', { boardMasterId: otherBoard, cardMasterId: b.cardMasterId, cardName: 'x', displayOrder: 0 });
    expect(wrongBoard.status).toBe(404);
    expect((await cards())[0].cardName).toBe('Bee');
  });

  it('saves the expanded state', async () => {
    const [first] = await cards();
    expect((await call(rep, 'POST', `/Card/ExpandToggle/${first.cardMasterId}/false`)).status).toBe(204);
    expect((await cards())[0].isExpanded).toBe(false);
    await call(rep, 'POST', `/Card/ExpandToggle/${first.cardMasterId}/true`);
    expect((await cards())[0].isExpanded).toBe(true);
    expect((await call(rep, 'POST', `/Card/ExpandToggle/${first.cardMasterId}/maybe`)).status).toBe(400);
  });

  it("saves layouts, refusing the whole call when a card belongs to another board", async () => {
    const [a, b] = await cards();
    const saved = await call(rep, 'POST', '/Card/Layout', {
      boardMasterId: board,
      layouts: [
        { cardMasterId: a.cardMasterId, x: 0, y: 0, w: 6, h: 4 },
        { cardMasterId: b.cardMasterId, x: 6, y: 0, w: 6, h: 3 },
      ],
    });
    expect(saved.status).toBe(204);
    expect((await cards()).slice(0, 2).map((c) => c.layout)).toEqual([{ x: 0, y: 0, w: 6, h: 4 }, { x: 6, y: 0, w: 6, h: 3 }]);
    const foreign = (await cards(otherBoard))[0].cardMasterId;
    const refused = await call(rep, 'POST', '/Card/Layout', {
      boardMasterId: board,
      layouts: [
        { cardMasterId: a.cardMasterId, x: 1, y: 1, w: 1, h: 1 },
        { cardMasterId: foreign, x: 1, y: 1, w: 1, h: 1 },
      ],
    });
    expect(refused.status).toBe(404);
    expect((await cards())[0].layout).toEqual({ x: 0, y: 0, w: 6, h: 4 });
    expect((await cards(otherBoard))[0].layout).toBeNull();
    expect((await call(rep, 'POST', '/Card/Layout', { boardMasterId: board, layouts: [{ cardMasterId: a.cardMasterId, x: 0, y: 0, w: 0, h: 1 }] })).status).toBe(400);
    expect((await call(rep, 'POST', '/Card/Layout', { boardMasterId: board, layouts: [{ cardMasterId: a.cardMasterId, x: 0, y: 0, w: 2 }] })).status).toBe(400);
  });

  it('removes a card with its instances and closes the gap', async () => {
    const victim = (await cards()).find((c) => c.cardName === 'A');
    await call(rep, 'POST', '/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: victim.cardMasterId, componentInstanceName: 'Note' });
    expect((await call(rep, 'POST', `/Card/Remove/${victim.cardMasterId}`)).status).toBe(204);
    expect(await order()).toEqual(['0:Bee', '1:New Card...', '2:C']);
    expect(await scalar(services, 'SELECT count(*)::int FROM app.component_instance WHERE card_master_id = $1', [victim.cardMasterId])).toBe(0);
    expect((await call(rep, 'POST', `/Card/Remove/${victim.cardMasterId}`)).status).toBe(404);
  });

  it('answers bad input and unknown ids with 400/404', async () => {
    const [first] = await cards();
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/Card/Add', { boardMasterId: board, cardName: '', displayOrder: 0 }, 400],
      ['POST', '/Card/Add', { boardMasterId: board, cardName: 'x' }, 400],
      ['POST', '/Card/Add', { boardMasterId: board, cardName: 'x', displayOrder: -1 }, 400],
      ['POST', '/Card/Add', { boardMasterId: 'one', cardName: 'x', displayOrder: 0 }, 400],
      ['POST', '/Card/Add', { boardMasterId: 999999, cardName: 'x', displayOrder: 0 }, 404],
      ['POST', '/Card/Add', { boardMasterId: 1001, cardName: 'x', displayOrder: 0 }, 404],
      ['POST', '/Card/Remove/abc', undefined, 400],
      ['POST', '/Card/Remove/0', undefined, 400],
      ['POST', '/Card/Remove/999999', undefined, 404],
      ['POST', '/Card/Sequence/999999/0', undefined, 404],
      ['POST', `/Card/Sequence/${first.cardMasterId}/-1`, undefined, 400],
      ['POST', '/Card/ExpandToggle/999999/true', undefined, 404],
      ['POST', '/Card/Update', { boardMasterId: board, cardMasterId: 1001, cardName: 'x', displayOrder: 0 }, 404],
      ['POST', '/Card/Layout', { boardMasterId: 999999, layouts: [] }, 404],
      ['POST', '/Card/Layout', { boardMasterId: board }, 400],
    ];
    const before = await order();
    for (const [method, url, body, status] of cases) {
      const response = await call(rep, method as 'POST', url, body);
      expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(response.body.message.length).toBeGreaterThan(0);
    }
    expect(await order()).toEqual(before);
  });
});

describe('component instances', () => {
  let cardA: number, cardB: number;
  const instances = async (card: number) =>
    (await cards()).find((c) => c.cardMasterId === card)!.componentInstances.map((i: any) => `${i.displayOrder}:${i.componentInstanceName}`);

  beforeAll(async () => {
    cardA = (await addCard('Instances A', 0)).cardMasterId;
    cardB = (await addCard('Instances B', 1)).cardMasterId;
  });

  it("adds at the end of the card with the master's configs unless given", async () => {
    const first = await call(rep, 'POST', '/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: cardA, componentInstanceName: ' Notes ' });
    expect(first).toMatchObject({
      status: 200,
      body: { componentInstanceName: 'Notes', componentMasterId: 1001, cardMasterId: cardA, displayOrder: 0, configs: { displayConfigs: [{ controlName: 'text', controlValue: '' }] } },
    });
    const configs = { displayConfigs: [{ controlName: 'links', controlValue: '[]' }] };
    const second = await call(rep, 'POST', '/Component/Instance/Add', { componentMasterId: 1002, cardMasterId: cardA, componentInstanceName: 'Links', configs });
    expect(second.body).toMatchObject({ displayOrder: 1, configs });
    await call(rep, 'POST', '/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: cardA, componentInstanceName: 'More' });
    expect(await instances(cardA)).toEqual(['0:Notes', '1:Links', '2:More']);
  });

  it('renames, saves configs and reorders within the card', async () => {
    const [notes] = (await cards()).find((c) => c.cardMasterId === cardA).componentInstances;
    const configs = { displayConfigs: [{ controlName: 'text', controlValue: 'Call Acme' }], kpiConfig: { isVisible: false } };
    const updated = await call(rep, 'POST', '/Component/Instance/Update', {
      componentInstanceId: notes.componentInstanceId,
      componentInstanceName: ' Call notes ',
      displayOrder: 0,
      cardMasterId: cardA,
      configs,
    });
    expect(updated.body).toMatchObject({ componentInstanceName: 'Call notes', configs, displayOrder: 0 });
    expect((await call(rep, 'POST', `/Component/Instance/Sequence/${notes.componentInstanceId}/2`)).status).toBe(204);
    expect(await instances(cardA)).toEqual(['0:Links', '1:More', '2:Call notes']);
  });

  it('moves an instance to another card of the same board only', async () => {
    const [links] = (await cards()).find((c) => c.cardMasterId === cardA).componentInstances;
    const base = { componentInstanceId: links.componentInstanceId, componentInstanceName: 'Links', displayOrder: 0, configs: links.configs };
    const moved = await call(rep, 'POST', '/Component/Instance/Update', { ...base, cardMasterId: cardB });
    expect(moved.body).toMatchObject({ cardMasterId: cardB, displayOrder: 0 });
    expect(await instances(cardA)).toEqual(['0:More', '1:Call notes']);
    expect(await instances(cardB)).toEqual(['0:Links']);
    const foreignCard = (await cards(otherBoard))[0].cardMasterId;
    const refused = await call(rep, 'POST', '/Component/Instance/Update', { ...base, cardMasterId: foreignCard });
    expect(refused.status).toBe(404);
    expect(await instances(cardB)).toEqual(['0:Links']);
    expect((await call(rep, 'POST', '/Component/Instance/Update', { ...base, cardMasterId: 999999 })).status).toBe(404);
  });

  it('removes an instance and closes the gap', async () => {
    const [more] = (await cards()).find((c) => c.cardMasterId === cardA).componentInstances;
    expect((await call(rep, 'POST', `/Component/Instance/Remove/${more.componentInstanceId}`)).status).toBe(204);
    expect(await instances(cardA)).toEqual(['0:Call notes']);
    expect((await call(rep, 'POST', `/Component/Instance/Remove/${more.componentInstanceId}`)).status).toBe(404);
  });

  it('answers bad input and unknown ids with 400/404', async () => {
    const [instance] = (await cards()).find((c) => c.cardMasterId === cardA).componentInstances;
    const update = { componentInstanceId: instance.componentInstanceId, componentInstanceName: 'x', displayOrder: 0, cardMasterId: cardA, configs: {} };
    const cases: Array<[string, unknown, number]> = [
      ['/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: cardA, componentInstanceName: '  ' }, 400],
      ['/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: cardA }, 400],
      // Ids no master and no card has (the catalogue's and the cards' ids both grow, so no id of one kind is sure to miss the other).
      ['/Component/Instance/Add', { componentMasterId: 999999, cardMasterId: cardA, componentInstanceName: 'x' }, 404],
      ['/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: 999999, componentInstanceName: 'x' }, 404],
      ['/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: cardA, componentInstanceName: 'x', configs: { displayConfigs: 'no' } }, 400],
      ['/Component/Instance/Add', { componentMasterId: 1001, cardMasterId: cardA, componentInstanceName: 'x', configs: { dataConfig: { sortDir: 'up' } } }, 400],
      ['/Component/Instance/Update', { ...update, configs: undefined }, 400],
      ['/Component/Instance/Update', { ...update, componentInstanceName: '' }, 400],
      ['/Component/Instance/Update', { ...update, componentInstanceId: 999999 }, 404],
      ['/Component/Instance/Update', { ...update, componentInstanceId: 'x' }, 400],
      ['/Component/Instance/Remove/999999', undefined, 404],
      ['/Component/Instance/Remove/x', undefined, 400],
      ['/Component/Instance/Sequence/999999/0', undefined, 404],
      [`/Component/Instance/Sequence/${instance.componentInstanceId}/x`, undefined, 400],
    ];
    const before = JSON.stringify(await cards());
    for (const [url, body, status] of cases) {
      const response = await call(rep, 'POST', url, body);
      expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(response.body.message.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(await cards())).toEqual(before);
    expect((await call(rep, 'GET', '/Component/List/home')).status).toBe(400);
    expect((await call(rep, 'GET', `/Component/List/${HOME}?search=${'x'.repeat(101)}`)).status).toBe(400);
  });
});
