import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Button, DeleteOutlined, Empty, Popconfirm, SearchOutlined, Tag } from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  globalFilterRoleShareAdd,
  globalFilterRoleShareDelete,
  globalFilterRoleShareGet,
  globalFilterUserShareAdd,
  globalFilterUserShareDelete,
  globalFilterUserShareGet,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { searchShareCandidates, shareRows, type ShareRow } from '../boards/shareSearch.ts';
import { showFailure } from '../feedback/statusDialog.ts';
import type { GlobalFilterValue } from './useGlobalFilters.ts';

/** A global filter's shares with users and roles: search (seed §5), share read-only, remove with confirmation. */
export function GlobalFilterShares({ filter, onChanged }: { filter: GlobalFilterValue; onChanged: () => void }): ReactNode {
  const globalFilterId = filter.id;
  const { data, mutate } = useSWR(['GlobalFilter/Share', globalFilterId], async () => {
    const [users, roles] = await Promise.all([
      api.call(globalFilterUserShareGet, { params: { globalFilterId } }),
      api.call(globalFilterRoleShareGet, { params: { globalFilterId } }),
    ]);
    return shareRows(
      users.map((u) => ({ ...u, boardMasterXUserMasterId: u.globalFilterXUserMasterId })),
      roles.map((r) => ({ ...r, boardMasterXRoleMasterId: r.globalFilterXRoleMasterId })),
    );
  });
  const [query, setQuery] = useState('');
  const rows = useMemo(() => data ?? [], [data]);
  const shared = useMemo(() => rows.filter((row) => row.shareId !== null), [rows]);
  const candidates = useMemo(() => searchShareCandidates(rows, query), [rows, query]);

  const run = async (work: () => Promise<unknown>, failure: string) => {
    try {
      await work();
      onChanged();
    } catch (error) {
      showFailure(`${failure} ${errorMessage(error)}`);
    } finally {
      await mutate();
    }
  };
  const add = (row: ShareRow) =>
    run(
      () =>
        row.type === 'User'
          ? api.call(globalFilterUserShareAdd, { body: { globalFilterId, userMasterId: row.id } })
          : api.call(globalFilterRoleShareAdd, { body: { globalFilterId, roleMasterId: row.id } }),
      'The global filter could not be shared.',
    );
  const remove = (row: ShareRow) =>
    run(
      () =>
        row.type === 'User'
          ? api.call(globalFilterUserShareDelete, { params: { globalFilterXUserMasterId: row.shareId! } })
          : api.call(globalFilterRoleShareDelete, { params: { globalFilterXRoleMasterId: row.shareId! } }),
      'The share could not be removed.',
    );

  return (
    <section className="tb-filter-shares" aria-label={`Shares of ${filter.globalFilterName}`}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search users and roles by name or type"
        aria-label="Search users and roles"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {candidates.map((row) => (
        <div key={row.key} className="tb-share-row">
          <span className="tb-share-row__name">{row.name}</span>
          <Tag>{row.type}</Tag>
          <Button size="small" type="primary" onClick={() => void add(row)} aria-label={`Share with ${row.name}`}>
            Share
          </Button>
        </div>
      ))}
      {shared.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This filter has not been shared with any Users or Roles" />
      ) : (
        <ul className="tb-share-list" aria-label="Shared with">
          {shared.map((row) => (
            <li key={row.key} className="tb-share-row">
              <span className="tb-share-row__name">{row.name}</span>
              <Tag>{row.type}</Tag>
              <Popconfirm title="Are you sure?" description={`${row.name} will no longer see this filter.`} okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => remove(row)}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove share with ${row.name}`} />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
