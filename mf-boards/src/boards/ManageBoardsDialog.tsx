import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import {
  Button,
  CopyOutlined,
  DeleteOutlined,
  Empty,
  Modal,
  PlusOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
  Tooltip,
} from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import { boardTemplateList } from '@tradeboard/shared/contracts';
import { api, isNotFound, navigate } from '@tradeboard/shared/web';
import { templatesKey } from '../api/keys.ts';
import type { BoardValue } from '../api/types.ts';
import { boardHref } from '../routing/sectionRoute.ts';
import { InlineEdit, plainApostrophes } from './InlineEdit.tsx';
import { NEW_BOARD_NAME, type BoardActions } from './useBoardActions.ts';

export const NO_OWN_BOARDS_TEXT = 'You have no created Boards for this Section';
export const NO_SHARED_BOARDS_TEXT = 'No Boards have been shared with you for this Section';

type Props = {
  open: boolean;
  onClose: () => void;
  sectionId: number;
  sectionName: string;
  search: string;
  boards: readonly BoardValue[];
  actions: BoardActions;
  onShare: (board: BoardValue) => void;
  onCopy: (board: BoardValue) => void;
  onDelete: (board: BoardValue) => void;
};

/** Manage Boards (seed 000 "Board screens"): new board area, My Boards, Shared Boards. */
export function ManageBoardsDialog(props: Props): ReactNode {
  const { open, onClose, sectionId, sectionName, search, boards, actions, onShare, onCopy, onDelete } = props;
  const [newName, setNewName] = useState(NEW_BOARD_NAME);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | undefined>();
  // Seed §5: an empty template list is a 404 — no templates, not an error.
  const templates = useSWR(open ? templatesKey(sectionId) : null, () =>
    api.call(boardTemplateList, { params: { sectionMasterId: sectionId } }).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    }),
  );
  const own = boards.filter((board) => board.isBoardOwner);
  const others = boards.filter((board) => !board.isBoardOwner);

  const addBoard = async () => {
    const name = plainApostrophes(newName).trim() || NEW_BOARD_NAME;
    setAdding(true);
    const board = templateId ? await actions.fromTemplate(templateId, name) : await actions.add(name);
    setAdding(false);
    if (board) {
      setNewName(NEW_BOARD_NAME);
      setTemplateId(undefined);
      navigate(boardHref(sectionName, board.boardMasterId, search));
    }
  };

  const defaultToggle = (board: BoardValue) => (
    <Tooltip title={board.isBoardDefault ? 'Remove default' : 'Set as default'}>
      <Button
        type="text"
        size="small"
        aria-pressed={board.isBoardDefault}
        aria-label={board.isBoardDefault ? `Remove default: ${board.boardName}` : `Set as default: ${board.boardName}`}
        icon={board.isBoardDefault ? <StarFilled className="tb-star" /> : <StarOutlined />}
        onClick={() => (board.isBoardDefault ? actions.removeDefault(board) : actions.setDefault(board))}
      />
    </Tooltip>
  );

  const nameCell = (board: BoardValue, editable: boolean) =>
    renaming === board.boardMasterId ? (
      <InlineEdit value={board.boardName} label="Board name" onSave={(name) => void actions.rename(board, name)} onDone={() => setRenaming(null)} />
    ) : editable ? (
      <button type="button" className="tb-link-button" onClick={() => setRenaming(board.boardMasterId)} aria-label={`Rename ${board.boardName}`}>
        {board.boardName}
      </button>
    ) : (
      <span>{board.boardName}</span>
    );

  return (
    <Modal open={open} title="Manage Boards" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <section className="tb-new-board" aria-label="New board">
        <h3 className="tb-dialog-heading">New board</h3>
        <div className="tb-new-board__row">
          <Input
            aria-label="New board name"
            value={newName}
            maxLength={100}
            onChange={(event) => setNewName(event.target.value)}
            onPressEnter={addBoard}
          />
          <select
            aria-label="Board template"
            className="tb-select tb-new-board__template"
            disabled={!templates.data?.length}
            value={templateId ?? ''}
            onChange={(event) => setTemplateId(event.target.value ? Number(event.target.value) : undefined)}
          >
            <option value="">{templates.isLoading ? 'Loading templates…' : templates.data?.length ? 'Blank board' : 'No templates for this section'}</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.boardTemplateId} value={template.boardTemplateId}>
                From template: {template.boardTemplateName}
              </option>
            ))}
          </select>
          <Button type="primary" icon={<PlusOutlined />} loading={adding} onClick={addBoard}>
            Add Board
          </Button>
        </div>
      </section>
      <h3 className="tb-dialog-heading" id="tb-my-boards">My Boards</h3>
      <BoardTable
        labelledBy="tb-my-boards"
        boards={own}
        emptyText={NO_OWN_BOARDS_TEXT}
        headers={['Name', 'Default', 'Actions']}
        row={(board) => [
          nameCell(board, true),
          defaultToggle(board),
          <span className="tb-row-actions" key="actions">
            <Tooltip title="Share">
              <Button type="text" size="small" icon={<ShareAltOutlined />} aria-label={`Share ${board.boardName}`} onClick={() => onShare(board)} />
            </Tooltip>
            <Tooltip title="Copy">
              <Button type="text" size="small" icon={<CopyOutlined />} aria-label={`Copy ${board.boardName}`} onClick={() => onCopy(board)} />
            </Tooltip>
            <Tooltip title="Delete">
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${board.boardName}`} onClick={() => onDelete(board)} />
            </Tooltip>
          </span>,
        ]}
      />
      <h3 className="tb-dialog-heading" id="tb-shared-boards">Shared Boards</h3>
      <BoardTable
        labelledBy="tb-shared-boards"
        boards={others}
        emptyText={NO_SHARED_BOARDS_TEXT}
        headers={['Name', 'Owner', 'Default', 'Actions']}
        row={(board) => [
          nameCell(board, false),
          board.isPublic && !board.isShared ? 'Public' : board.createdByName,
          defaultToggle(board),
          <Tooltip title="Copy to my boards" key="copy">
            <Button type="text" size="small" icon={<CopyOutlined />} aria-label={`Copy ${board.boardName}`} onClick={() => onCopy(board)} />
          </Tooltip>,
        ]}
      />
    </Modal>
  );
}

function BoardTable({
  labelledBy,
  boards,
  emptyText,
  headers,
  row,
}: {
  labelledBy: string;
  boards: readonly BoardValue[];
  emptyText: string;
  headers: string[];
  row: (board: BoardValue) => ReactNode[];
}): ReactNode {
  if (boards.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} className="tb-table-empty" />;
  return (
    <div className="tb-table-wrap">
      <table className="tb-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {boards.map((board) => (
            <tr key={board.boardMasterId}>
              {row(board).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
