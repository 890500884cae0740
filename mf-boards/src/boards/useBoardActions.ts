import { useSWRConfig } from 'swr';
import {
  boardAdd,
  boardCopy,
  boardCreateFromTemplate,
  boardDisplayAdd,
  boardRemove,
  boardRemoveDefault,
  boardSetDefault,
  boardUpdate,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { allBoardsKey, boardOrderKey, boardsKey } from '../api/keys.ts';
import type { BoardValue } from '../api/types.ts';
import { showFailure, showSuccess } from '../feedback/statusDialog.ts';

export const NEW_BOARD_NAME = 'New Board';

/** Board-level changes of one section, each followed by a reload of the section's boards. */
export function useBoardActions(sectionId: number) {
  const { mutate } = useSWRConfig();
  const reload = async () => {
    await Promise.all([mutate(boardsKey(sectionId)), mutate(boardOrderKey(sectionId)), mutate(allBoardsKey)]);
  };
  const guarded = async <T,>(work: () => Promise<T>, failure: string): Promise<T | undefined> => {
    try {
      const result = await work();
      await reload();
      return result;
    } catch (error) {
      showFailure(`${failure} ${errorMessage(error)}`.trim());
      await reload();
      return undefined;
    }
  };

  return {
    reload,
    async add(boardName: string = NEW_BOARD_NAME): Promise<BoardValue | undefined> {
      const board = await guarded(() => api.call(boardAdd, { body: { sectionId, boardName } }), 'Board could not be added.');
      if (board) showSuccess('Board Added');
      return board;
    },
    rename(board: BoardValue, boardName: string) {
      return guarded(
        () => api.call(boardUpdate, { body: { id: board.boardMasterId, isEnabled: true, boardName } }),
        'Board could not be renamed.',
      );
    },
    remove(board: BoardValue) {
      return guarded(() => api.call(boardRemove, { params: { boardMasterId: board.boardMasterId } }), 'Board could not be deleted.');
    },
    async copy(board: BoardValue, copyShares: boolean) {
      const copy = await guarded(
        () => api.call(boardCopy, { body: { boardMasterId: board.boardMasterId, copyShares } }),
        'Board could not be copied.',
      );
      if (copy) showSuccess('Board Copied');
      return copy;
    },
    async fromTemplate(boardTemplateId: number, boardName: string) {
      const board = await guarded(
        () => api.call(boardCreateFromTemplate, { body: { boardTemplateId, boardName, isPublic: false } }),
        'Board could not be created from the template.',
      );
      if (board) showSuccess('Board Added');
      return board;
    },
    setDefault(board: BoardValue) {
      return guarded(
        () => api.call(boardSetDefault, { params: { sectionMasterId: sectionId, boardMasterId: board.boardMasterId } }),
        'The default board could not be set.',
      );
    },
    removeDefault(board: BoardValue) {
      return guarded(
        () => api.call(boardRemoveDefault, { params: { boardMasterId: board.boardMasterId } }),
        'The default board could not be removed.',
      );
    },
    /** Saves the order optimistically (seed §4: each reorder saves the new order). */
    async saveOrder(ordered: readonly BoardValue[]) {
      const displayOrder = JSON.stringify(ordered.map((board) => board.boardMasterId));
      await mutate(boardOrderKey(sectionId), displayOrder, { revalidate: false });
      try {
        await api.call(boardDisplayAdd, { body: { sectionMasterId: sectionId, displayOrder } });
      } catch (error) {
        showFailure(`The board order could not be saved. ${errorMessage(error)}`);
      }
      await reload();
    },
  };
}

export type BoardActions = ReturnType<typeof useBoardActions>;
