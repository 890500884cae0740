import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import {
  Button,
  DeleteOutlined,
  Empty,
  Modal,
  Popconfirm,
  SearchOutlined,
  Skeleton,
  Switch,
  Tag,
  TeamOutlined,
  UserOutlined,
} from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  boardRoleShareAdd,
  boardRoleShareList,
  boardRoleShareRemove,
  boardRoleShareUpdate,
  boardUserShareAdd,
  boardUserShareList,
  boardUserShareRemove,
  boardUserShareUpdate,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { sharesKey } from '../api/keys.ts';
import type { BoardValue } from '../api/types.ts';
import { showFailure } from '../feedback/statusDialog.ts';
import { searchShareCandidates, shareRows, type ShareRow } from './shareSearch.ts';

export const NO_SHARES_TEXT = 'This Board has not been shared with any Users or Roles';

type Props = { board: BoardValue | null; onClose: () => void; onChanged: () => void };

/** Per-board share dialog: users and roles, search, canEdit toggle, remove (seed 000 §4, §5, §8). */
export function ShareBoardDialog({ board, onClose, onChanged }: Props): ReactNode {
  const boardId = board?.boardMasterId;
  const { data, isLoading, mutate } = useSWR(boardId ? sharesKey(boardId) : null, async () => {
    const [users, roles] = await Promise.all([
      api.call(boardUserShareList, { params: { boardMasterId: boardId! } }),
      api.call(boardRoleShareList, { params: { boardMasterId: boardId! } }),
    ]);
    return shareRows(users, roles);
  });
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const rows = useMemo(() => data ?? [], [data]);
  const shared = useMemo(() => rows.filter((row) => row.shareId !== null), [rows]);
  const candidates = useMemo(() => searchShareCandidates(rows, query), [rows, query]);

  const run = async (row: ShareRow, work: () => Promise<unknown>, failure: string) => {
    setPending(row.key);
    try {
      await work();
      onChanged();
    } catch (error) {
      showFailure(`${failure} ${errorMessage(error)}`);
    } finally {
      await mutate();
      setPending(null);
    }
  };

  const add = (row: ShareRow) =>
    run(
      row,
      () =>
        row.type === 'User'
          ? api.call(boardUserShareAdd, { body: { boardMasterId: boardId!, userMasterId: row.id, canEdit: false } })
          : api.call(boardRoleShareAdd, { body: { boardMasterId: boardId!, roleMasterId: row.id, canEdit: false } }),
      'The board could not be shared.',
    );
  const toggle = (row: ShareRow, canEdit: boolean) =>
    run(
      row,
      () =>
        row.type === 'User'
          ? api.call(boardUserShareUpdate, { body: { boardMasterXUserMasterId: row.shareId!, canEdit } })
          : api.call(boardRoleShareUpdate, { body: { boardMasterXRoleMasterId: row.shareId!, canEdit } }),
      'The share could not be changed.',
    );
  const remove = (row: ShareRow) =>
    run(
      row,
      () =>
        row.type === 'User'
          ? api.call(boardUserShareRemove, { params: { boardMasterXUserMasterId: row.shareId! } })
          : api.call(boardRoleShareRemove, { params: { boardMasterXRoleMasterId: row.shareId! } }),
      'The share could not be removed.',
    );

  return (
    <Modal open={!!board} title={board ? `Share “${board.boardName}”` : 'Share'} onCancel={onClose} footer={null} width={620} destroyOnHidden>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search users and roles by name or type"
        aria-label="Search users and roles"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() !== '' && (
        <ul className="tb-share-results" aria-label="Search results">
          {candidates.length === 0 && <li className="tb-muted">No users or roles match “{query.trim()}”</li>}
          {candidates.map((row) => (
            <li key={row.key} className="tb-share-row">
              {row.type === 'User' ? <UserOutlined aria-hidden /> : <TeamOutlined aria-hidden />}
              <span className="tb-share-row__name">
                {row.name} <span className="tb-muted">{row.type === 'User' ? row.detail : ''}</span>
              </span>
              <Tag>{row.type}</Tag>
              <Button size="small" type="primary" loading={pending === row.key} onClick={() => add(row)} aria-label={`Share with ${row.name}`}>
                Share
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="tb-dialog-heading">Shared with</h3>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : shared.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_SHARES_TEXT} />
      ) : (
        <ul className="tb-share-list" aria-label="Shared with">
          {shared.map((row) => (
            <li key={row.key} className="tb-share-row">
              {row.type === 'User' ? <UserOutlined aria-hidden /> : <TeamOutlined aria-hidden />}
              <span className="tb-share-row__name">{row.name}</span>
              <Tag>{row.type}</Tag>
              <label className="tb-share-row__edit">
                <Switch
                  size="small"
                  checked={row.canEdit}
                  loading={pending === row.key}
                  onChange={(checked) => toggle(row, checked)}
                  aria-label={`${row.name} can edit`}
                />
                <span>Can edit</span>
              </label>
              <Popconfirm
                title="Are you sure?"
                description={`${row.name} will no longer see this board.`}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove share with ${row.name}`} />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
