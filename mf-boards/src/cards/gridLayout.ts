import type { CardLayoutValue, CardValue } from '../api/types.ts';

export const GRID_COLS = 12;
export const GRID_ROW_HEIGHT = 24;
export const GRID_MARGIN: [number, number] = [16, 16];
export const DEFAULT_CARD_HEIGHT = 12;
export const COLLAPSED_CARD_HEIGHT = 2;
export const MIN_CARD_HEIGHT = 4;
export const MIN_CARD_WIDTH = 3;

export type GridItem = { i: string; x: number; y: number; w: number; h: number; minW?: number; minH?: number; isResizable?: boolean };

/** Cards in their display order (seed §3 displayOrder). */
export function sortCards(cards: readonly CardValue[]): CardValue[] {
  return [...cards].sort((a, b) => a.displayOrder - b.displayOrder || a.cardMasterId - b.cardMasterId);
}

/** The grid rows a card of `px` pixels needs (a card of h rows is h row heights and h − 1 margins tall). */
export function rowsFor(px: number): number {
  return Math.ceil((px + GRID_MARGIN[1]) / (GRID_ROW_HEIGHT + GRID_MARGIN[1]));
}

/**
 * The board's cards as react-grid-layout items (like grafana/scenes SceneGridLayout): a saved
 * position when there is one, else full width stacked below the cards before it. A collapsed card
 * shows only its header; an expanded one grows to the `natural` height its content needs (its saved
 * height is the least it takes), so nothing is cut at its bottom edge. Only in edit mode can an (expanded) card be resized: no resize corner
 * shows otherwise.
 */
export function toGridLayout(cards: readonly CardValue[], editMode = false, natural: ReadonlyMap<number, number> = new Map()): GridItem[] {
  let nextY = 0;
  return sortCards(cards).map((card) => {
    const saved = card.layout;
    const base = saved ?? { x: 0, y: nextY, w: GRID_COLS, h: DEFAULT_CARD_HEIGHT };
    const item: GridItem = {
      i: String(card.cardMasterId),
      x: Math.min(base.x, GRID_COLS - 1),
      y: base.y,
      w: Math.min(Math.max(base.w, 1), GRID_COLS),
      h: card.isExpanded ? Math.max(base.h, MIN_CARD_HEIGHT, rowsFor(natural.get(card.cardMasterId) ?? 0)) : COLLAPSED_CARD_HEIGHT,
      minW: MIN_CARD_WIDTH,
      minH: card.isExpanded ? MIN_CARD_HEIGHT : COLLAPSED_CARD_HEIGHT,
      isResizable: editMode && card.isExpanded,
    };
    nextY = Math.max(nextY, item.y + item.h);
    return item;
  });
}

/**
 * What to save after a drag or resize (Card/Layout): every card's position; a collapsed card
 * keeps its saved (expanded) height, and so does a card still as tall as it was `shown` (grown to
 * its content, not resized by the user). Returns null when nothing changed.
 */
export function layoutsToSave(
  cards: readonly CardValue[],
  items: readonly Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>[],
  shown: readonly Pick<GridItem, 'i' | 'h'>[] = [],
): { cardMasterId: number; x: number; y: number; w: number; h: number }[] | null {
  const byId = new Map(cards.map((card) => [String(card.cardMasterId), card]));
  const shownHeight = new Map(shown.map((item) => [item.i, item.h]));
  let changed = false;
  const result = items.flatMap((item) => {
    const card = byId.get(item.i);
    if (!card) return [];
    const resized = shownHeight.get(item.i) !== item.h;
    const h = card.isExpanded && (resized || !card.layout) ? item.h : (card.layout?.h ?? DEFAULT_CARD_HEIGHT);
    const next: CardLayoutValue = { x: item.x, y: item.y, w: item.w, h };
    const saved = card.layout;
    if (!saved || saved.x !== next.x || saved.y !== next.y || saved.w !== next.w || saved.h !== next.h) changed = true;
    return [{ cardMasterId: card.cardMasterId, ...next }];
  });
  return changed ? result : null;
}

/**
 * The items floated up as react-grid-layout's vertical compaction does: in order of (y, x), each
 * moves up while it fits, then below whatever it still overlaps. The read-only grid (StaticGrid)
 * places cards where the editing grid would.
 */
export function compactVertically<T extends Pick<GridItem, 'x' | 'y' | 'w' | 'h'>>(items: readonly T[]): T[] {
  const placed: T[] = [];
  const overlaps = (a: T, b: T) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const original of sorted) {
    const item = { ...original };
    while (item.y > 0 && !placed.some((other) => overlaps({ ...item, y: item.y - 1 }, other))) item.y--;
    for (let hit = placed.find((other) => overlaps(item, other)); hit; hit = placed.find((other) => overlaps(item, other))) item.y = hit.y + hit.h;
    placed.push(item);
  }
  return items.map((item) => placed[sorted.indexOf(item)]!);
}

/** Cards in reading order of the grid (top to bottom, left to right): the stacked mobile order. */
export function readingOrder(cards: readonly CardValue[]): CardValue[] {
  const items = new Map(toGridLayout(cards).map((item) => [item.i, item]));
  return sortCards(cards).sort((a, b) => {
    const ia = items.get(String(a.cardMasterId))!;
    const ib = items.get(String(b.cardMasterId))!;
    return ia.y - ib.y || ia.x - ib.x;
  });
}
