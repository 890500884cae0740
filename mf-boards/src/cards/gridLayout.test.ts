import { describe, expect, it } from 'vitest';
import { card } from '../test/fixtures.ts';
import { COLLAPSED_CARD_HEIGHT, compactVertically, DEFAULT_CARD_HEIGHT, GRID_COLS, layoutsToSave, readingOrder, rowsFor, toGridLayout } from './gridLayout.ts';

describe('toGridLayout', () => {
  it('stacks cards without a saved position full width, in display order', () => {
    const items = toGridLayout([card(2, { displayOrder: 1 }), card(1, { displayOrder: 0 })]);
    expect(items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      { i: '1', x: 0, y: 0, w: GRID_COLS, h: DEFAULT_CARD_HEIGHT },
      { i: '2', x: 0, y: DEFAULT_CARD_HEIGHT, w: GRID_COLS, h: DEFAULT_CARD_HEIGHT },
    ]);
  });

  it('keeps saved positions, within the grid, and shows a collapsed card as its header only', () => {
    const cards = [card(1, { layout: { x: 20, y: 3, w: 40, h: 8 } }), card(2, { isExpanded: false, layout: { x: 6, y: 0, w: 6, h: 10 } })];
    const [wide, folded] = toGridLayout(cards, true);
    expect(wide).toMatchObject({ x: GRID_COLS - 1, y: 3, w: GRID_COLS, h: 8, isResizable: true });
    expect(folded).toMatchObject({ x: 6, y: 0, w: 6, h: COLLAPSED_CARD_HEIGHT, isResizable: false });
    // With edit mode off no card can be resized (no resize corner shows).
    expect(toGridLayout(cards, false).map((item) => item.isResizable)).toEqual([false, false]);
  });

  it('grows a card to the height its content needs, never below its saved height', () => {
    const cards = [card(1, { layout: { x: 0, y: 0, w: 6, h: DEFAULT_CARD_HEIGHT } }), card(2, { layout: { x: 6, y: 0, w: 6, h: 20 } }), card(3, { isExpanded: false })];
    // 2,295 px of content: 58 rows of 24 px with 57 margins of 16 px hold 2,304 px.
    expect(rowsFor(2295)).toBe(58);
    expect(rowsFor(24)).toBe(1);
    const items = toGridLayout(cards, false, new Map([[1, 2295], [2, 100], [3, 900]]));
    expect(items.map((item) => item.h)).toEqual([58, 20, COLLAPSED_CARD_HEIGHT]);
  });
});

describe('layoutsToSave', () => {
  const cards = [card(1, { layout: { x: 0, y: 0, w: 6, h: 10 } }), card(2, { isExpanded: false, layout: { x: 6, y: 0, w: 6, h: 10 } })];

  it('is null when nothing moved', () => {
    expect(layoutsToSave(cards, [{ i: '1', x: 0, y: 0, w: 6, h: 10 }, { i: '2', x: 6, y: 0, w: 6, h: COLLAPSED_CARD_HEIGHT }])).toBeNull();
  });

  it('saves every card after a move, keeping a collapsed card’s expanded height and skipping unknown items', () => {
    expect(
      layoutsToSave(cards, [
        { i: '1', x: 0, y: 2, w: 6, h: 10 },
        { i: '2', x: 0, y: 0, w: 12, h: COLLAPSED_CARD_HEIGHT },
        { i: '99', x: 0, y: 0, w: 1, h: 1 },
      ]),
    ).toEqual([
      { cardMasterId: 1, x: 0, y: 2, w: 6, h: 10 },
      { cardMasterId: 2, x: 0, y: 0, w: 12, h: 10 },
    ]);
  });

  it('keeps the saved height of a card grown to its content when another card moves', () => {
    const shown = [{ i: '1', h: 30 }, { i: '2', h: COLLAPSED_CARD_HEIGHT }];
    expect(layoutsToSave(cards, [{ i: '1', x: 6, y: 0, w: 6, h: 30 }, { i: '2', x: 0, y: 0, w: 6, h: COLLAPSED_CARD_HEIGHT }], shown)).toEqual([
      { cardMasterId: 1, x: 6, y: 0, w: 6, h: 10 },
      { cardMasterId: 2, x: 0, y: 0, w: 6, h: 10 },
    ]);
    // A resize by the user is saved.
    expect(layoutsToSave(cards, [{ i: '1', x: 0, y: 0, w: 6, h: 40 }, { i: '2', x: 6, y: 0, w: 6, h: COLLAPSED_CARD_HEIGHT }], shown)?.[0]).toMatchObject({ h: 40 });
  });

  it('saves cards that were never placed', () => {
    expect(layoutsToSave([card(3)], [{ i: '3', x: 0, y: 0, w: GRID_COLS, h: DEFAULT_CARD_HEIGHT }])).toEqual([
      { cardMasterId: 3, x: 0, y: 0, w: GRID_COLS, h: DEFAULT_CARD_HEIGHT },
    ]);
  });
});

describe('readingOrder', () => {
  it('reads the grid top to bottom, then left to right', () => {
    const cards = [
      card(1, { displayOrder: 0, layout: { x: 6, y: 0, w: 6, h: 4 } }),
      card(2, { displayOrder: 1, layout: { x: 0, y: 0, w: 6, h: 4 } }),
      card(3, { displayOrder: 2, layout: { x: 0, y: 4, w: 12, h: 4 } }),
    ];
    expect(readingOrder(cards).map((c) => c.cardMasterId)).toEqual([2, 1, 3]);
  });
});

describe('compactVertically (the read-only grid places cards as react-grid-layout does)', () => {
  it('floats cards up into free rows and pushes a card below one that grew over it', () => {
    const items = [
      { i: 'a', x: 0, y: 0, w: 6, h: 20 },
      { i: 'b', x: 6, y: 0, w: 6, h: 5 },
      { i: 'c', x: 6, y: 12, w: 6, h: 5 },
      { i: 'd', x: 0, y: 12, w: 12, h: 4 },
    ];
    expect(compactVertically(items).map(({ i, y }) => [i, y])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 5],
      ['d', 20],
    ]);
  });
});
