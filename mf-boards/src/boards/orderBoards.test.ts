import '@tradeboard/shared/testing/setupDom';
import { describe, expect, it, vi } from 'vitest';
import { resetAntiforgeryToken, resetErrorReports } from '@tradeboard/shared/web';
import { board } from '../test/fixtures.ts';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { moveItem, orderBoards, parseDisplayOrder } from './orderBoards.ts';

const boards = [board(1), board(2), board(3)];
const ids = (list: { boardMasterId: number }[]) => list.map((b) => b.boardMasterId);

describe('board order', () => {
  it('applies the saved order; boards it does not name follow in the default order', () => {
    expect(ids(orderBoards(boards, '[3,1]', 3))).toEqual([3, 1, 2]);
    expect(ids(orderBoards(boards, '["2","3","1"]', 3))).toEqual([2, 3, 1]);
    expect(ids(orderBoards(boards, null, 3))).toEqual([1, 2, 3]);
    expect(ids(orderBoards(boards, '[99, 2]', 3))).toEqual([2, 1, 3]);
  });

  it('a corrupt saved order is logged (console and one error report) and the default order used', async () => {
    resetAntiforgeryToken();
    resetErrorReports();
    const fetchMock = mockFetch({ 'POST /api/System/SendErrorEmail': () => ({ status: 204 }) });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(ids(orderBoards(boards, '{not json', 3))).toEqual([1, 2, 3]);
    expect(ids(orderBoards(boards, '{not json', 3))).toEqual([1, 2, 3]);
    expect(ids(orderBoards(boards, '{"a":1}', 3))).toEqual([1, 2, 3]);
    expect(consoleError).toHaveBeenCalled();
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('Error'))).toBe(true));
    const reports = fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'POST');
    // One per distinct corrupt value, not one per render.
    expect(reports).toHaveLength(2);
    expect(callsTo(fetchMock, 'GET /api/Board/List/3')).toHaveLength(0);
  });

  it('parses and moves', () => {
    expect(parseDisplayOrder('')).toEqual({ ids: null });
    expect(parseDisplayOrder('[1, -2]')).toMatchObject({ corrupt: true });
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
