import { useMemo } from 'react';
import useSWR from 'swr';
import { boardDisplayGet, boardList } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { orderBoards } from '../boards/orderBoards.ts';
import { takeEarlyRead } from './earlyReads.ts';
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

export const readBoards = (sectionId: number) => api.call(boardList, { params: { sectionMasterId: sectionId } });

/** The user's saved board order; a failing read is not fatal (null: the default order is used). */
export const readBoardOrder = (sectionId: number) =>
  api
    .call(boardDisplayGet, { query: { sectionMasterId: sectionId } })
    .then((result) => result.displayOrder)
    .catch((error: unknown) => {
      console.error('The board order could not be loaded', error);
      return null;
    });

/** The section's boards (Board/List) in the user's saved order (Board/User/Display/Get). */
export function useSectionBoards(sectionId: number): SectionBoards {
  const enabled = sectionId > 0;
  const list = useSWR(enabled ? boardsKey(sectionId) : null, (key) => takeEarlyRead(key, () => readBoards(sectionId)), options);
  const order = useSWR(enabled ? boardOrderKey(sectionId) : null, (key) => takeEarlyRead(key, () => readBoardOrder(sectionId)), options);
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
