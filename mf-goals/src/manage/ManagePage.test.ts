import { describe, expect, it } from 'vitest';
import { drawnRows, isJump, OVERSCAN, ROW_HEIGHT } from './ManagePage.tsx';

describe('the goal grid while it scrolls', () => {
  it('a move within the overscan of the rows with editors is no jump; a longer one is, and so is every move until the grid is still', () => {
    expect(isJump(OVERSCAN * ROW_HEIGHT, 0, false)).toBe(false);
    expect(isJump(0, OVERSCAN * ROW_HEIGHT, false)).toBe(false);
    expect(isJump(OVERSCAN * ROW_HEIGHT + 1, 0, false)).toBe(true);
    expect(isJump(10, 0, true)).toBe(true);
  });

  it('draws the view and the overscan with editors, and only the view and a row each side while jumping', () => {
    // The view is 520 px: rows 0–10 at the top.
    expect(drawnRows(50_000, { jumping: false, scrollTop: 0, editTop: 0 })).toEqual([0, 11 + OVERSCAN]);
    expect(drawnRows(50_000, { jumping: false, scrollTop: 999_999, editTop: 100 * ROW_HEIGHT })).toEqual([100 - OVERSCAN, 111 + OVERSCAN]);
    expect(drawnRows(50_000, { jumping: true, scrollTop: 1_000_000, editTop: 0 })).toEqual([19_999, 20_012]);
    expect(drawnRows(30, { jumping: true, scrollTop: 25 * ROW_HEIGHT, editTop: 0 })).toEqual([24, 30]);
  });
});
