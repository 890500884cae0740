import { useMemo } from 'react';
import useSWR from 'swr';
import { boardDisplayGet, boardList } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { orderBoards } from '../boards/orderBoards.ts';
import { boardOrderKey, boardsKey } from './keys.ts';
import type { BoardValue } from './types.ts';

export type SectionBoards = {
  /** The boards in the user's order; undefined while loading. */
  boards: BoardValue[] | undefined;
  error: unknown;
  isLoading: boolean;
  reload: () => Promise<unknown>;
};

const options = { revalidateOnFocus: false, dedupingInterval: 2_000 };

/** The section's boards (Board/List) in the user's saved order (Board/User/Display/Get). */
export function useSectionBoards(sectionId: number): SectionBoards {
  const enabled = sectionId > 0;
  const list = useSWR(enabled ? boardsKey(sectionId) : null, () => api.call(boardList, { params: { sectionMasterId: sectionId } }), options);
  // A failing order read is not fatal: the default order is used.
  const order = useSWR(
    enabled ? boardOrderKey(sectionId) : null,
    () =>
      api
        .call(boardDisplayGet, { query: { sectionMasterId: sectionId } })
        .then((result) => result.displayOrder)
        .catch((error: unknown) => {
          console.error('The board order could not be loaded', error);
          return null;
        }),
    options,
  );
  const boards = useMemo(
    () => (list.data && order.data !== undefined ? orderBoards(list.data, order.data, sectionId) : undefined),
    [list.data, order.data, sectionId],
  );
  return {
    boards,
    error: list.error,
    isLoading: list.isLoading || order.isLoading,
    reload: () => Promise.all([list.mutate(), order.mutate()]),
  };
}
