import type { ReactNode } from 'react';
import {
  Button,
  CopyOutlined,
  DeleteOutlined,
  Dropdown,
  EditOutlined,
  MoreOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
  type MenuProps,
} from '@tradeboard/shared/ui';
import type { BoardValue } from '../api/types.ts';

type Props = {
  board: BoardValue;
  canManageBoards: boolean;
  onSetDefault: () => void;
  onRemoveDefault: () => void;
  onRename: () => void;
  onShare: () => void;
  onCopy: () => void;
  onDelete: () => void;
};

/**
 * The board's menu (seed §6): shared boards can only be set as default; only owners delete;
 * renaming and sharing need the board's canEdit; all changes but the default need AllowPageEditing.
 */
export function boardMenuItems(board: BoardValue, canManageBoards: boolean): string[] {
  const items = [board.isBoardDefault ? 'removeDefault' : 'setDefault'];
  if (board.isShared || !canManageBoards) return items;
  if (board.isBoardOwner || board.canEdit) items.push('rename', 'share');
  items.push('copy');
  if (board.isBoardOwner) items.push('delete');
  return items;
}

export function BoardMenu({ board, canManageBoards, onSetDefault, onRemoveDefault, onRename, onShare, onCopy, onDelete }: Props): ReactNode {
  const all: Record<string, NonNullable<MenuProps['items']>[number]> = {
    setDefault: { key: 'setDefault', icon: <StarOutlined />, label: 'Set as Default', onClick: onSetDefault },
    removeDefault: { key: 'removeDefault', icon: <StarFilled />, label: 'Remove Default', onClick: onRemoveDefault },
    rename: { key: 'rename', icon: <EditOutlined />, label: 'Rename', onClick: onRename },
    share: { key: 'share', icon: <ShareAltOutlined />, label: 'Share', onClick: onShare },
    copy: { key: 'copy', icon: <CopyOutlined />, label: 'Copy', onClick: onCopy },
    delete: { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true, onClick: onDelete },
  };
  const items = boardMenuItems(board, canManageBoards).map((key) => all[key]!);
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button icon={<MoreOutlined />} aria-label={`Board options: ${board.boardName}`} />
    </Dropdown>
  );
}
