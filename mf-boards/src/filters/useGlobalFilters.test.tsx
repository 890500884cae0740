import '@tradeboard/shared/testing/setupDom';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { useGlobalFilters } from './useGlobalFilters.ts';

const filter = (id: number, isDefault: boolean, values: string[]) => ({
  id,
  globalFilterName: `F${id}`,
  filters: [{ field: 'customer', comparison: 'include', values }],
  isDefault,
  createdBy: 1,
  createdByName: 'Rick Rep',
  isOwner: true,
  canEdit: true,
  isShared: false,
  hasShares: false,
});

const fresh = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;

describe('useGlobalFilters', () => {
  it("loads the user's default as the active filter and merges it with the page's implicit filters", async () => {
    mockFetch({
      'GET /api/GlobalFilter/List': () => ({ json: [filter(1, false, ['C1']), filter(2, true, ['C2'])] }),
      'GET /api/GlobalFilter/FilterList': () => ({ json: [] }),
    });
    const { result } = renderHook(() => useGlobalFilters('/accountSummary', '?accountType=customer'), { wrapper: fresh });
    await waitFor(() => expect(result.current.active?.id).toBe(2));
    expect(result.current.count).toBe(1);
    expect(result.current.filters).toEqual([
      { field: 'customer', comparison: 'include', values: ['C2'] },
      { field: 'accountType', comparison: 'equals', values: ['customer'], group: 'page' },
    ]);

    act(() => result.current.choose(1));
    expect(result.current.filters[0]!.values).toEqual(['C1']);
    act(() => result.current.choose('none'));
    expect(result.current.count).toBe(0);
    expect(result.current.filters).toEqual([{ field: 'accountType', comparison: 'equals', values: ['customer'], group: 'page' }]);
  });
});
