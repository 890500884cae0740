import { useState, type ReactNode } from 'react';
import { Button, Modal, useFeedback } from '@tradeboard/shared/ui';
import { navigate } from '@tradeboard/shared/web';
import type { BoardValue } from '../api/types.ts';
import { boardHref, sectionHref } from '../routing/sectionRoute.ts';
import type { BoardActions } from './useBoardActions.ts';

/** The confirmations around board commands (seed §5: deletes need "Are you sure?"; copy asks about shares). */
export function useBoardCommands(actions: BoardActions, sectionName: string, search: string, activeBoardId: number | 'default' | null) {
  const { modal } = useFeedback();
  const [copying, setCopying] = useState<BoardValue | null>(null);
  const [busy, setBusy] = useState<'with' | 'without' | null>(null);

  const remove = (board: BoardValue) =>
    modal.confirm({
      title: 'Are you sure?',
      content: `The board "${board.boardName}" and all of its cards and components will be deleted. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        await actions.remove(board);
        // Seed §4: deleting the active board navigates to the section home.
        if (board.boardMasterId === activeBoardId) navigate(sectionHref(sectionName, search));
      },
    });

  const copyWith = async (board: BoardValue, copyShares: boolean) => {
    setBusy(copyShares ? 'with' : 'without');
    const copy = await actions.copy(board, copyShares);
    setBusy(null);
    setCopying(null);
    if (copy) navigate(boardHref(sectionName, copy.boardMasterId, search));
  };

  /** Seed §5: asks whether to copy the shares only when the board has shares. */
  const copy = (board: BoardValue) => {
    if (board.hasShares) setCopying(board);
    else void copyWith(board, false);
  };

  const copyDialog: ReactNode = (
    <Modal
      open={!!copying}
      title="Copy Board"
      onCancel={() => setCopying(null)}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => setCopying(null)} disabled={!!busy}>
          Cancel
        </Button>,
        <Button key="without" onClick={() => copying && copyWith(copying, false)} loading={busy === 'without'} disabled={busy === 'with'}>
          Copy without shares
        </Button>,
        <Button key="with" type="primary" onClick={() => copying && copyWith(copying, true)} loading={busy === 'with'} disabled={busy === 'without'}>
          Copy with shares
        </Button>,
      ]}
    >
      {copying && <p>“{copying.boardName}” is shared with other users or roles. Copy its shares to the new board too?</p>}
    </Modal>
  );

  return { remove, copy, copyDialog };
}
