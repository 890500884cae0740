import { useState, type ReactNode } from 'react';
import {
  Button,
  CopyOutlined,
  DeleteOutlined,
  Drawer,
  EditOutlined,
  PlusOutlined,
  Popconfirm,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
  Tooltip,
} from '@tradeboard/shared/ui';
import { Select } from '@tradeboard/shared/ui/edit';
import { globalFilterCopy, globalFilterDelete, globalFilterUpdate } from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { showFailure } from '../feedback/statusDialog.ts';
import { GlobalFilterEditor } from './GlobalFilterEditor.tsx';
import { GlobalFilterShares } from './GlobalFilterShares.tsx';
import type { GlobalFilters, GlobalFilterValue } from './useGlobalFilters.ts';

type Panel = { kind: 'edit'; filter: GlobalFilterValue | null } | { kind: 'share'; filter: GlobalFilterValue } | null;

/** The Filters button's drawer: the active filter, the user's filters, the editor and the shares (loaded when first opened). */
export function GlobalFilterDrawer({ state, open, onClose }: { state: GlobalFilters; open: boolean; onClose: () => void }): ReactNode {
  const [panel, setPanel] = useState<Panel>(null);
  const { list = [], active } = state;

  const run = async (work: () => Promise<unknown>, failure: string) => {
    try {
      await work();
    } catch (error) {
      showFailure(`${failure} ${errorMessage(error)}`);
    } finally {
      await state.reload();
    }
  };
  const setDefault = (filter: GlobalFilterValue, isDefault: boolean) =>
    run(() => api.call(globalFilterUpdate, { params: { globalFilterId: filter.id }, body: { isDefault } }), 'The default could not be changed.');
  const copy = (filter: GlobalFilterValue) =>
    run(() => api.call(globalFilterCopy, { body: { globalFilterId: filter.id } }), 'The global filter could not be copied.');
  const remove = (filter: GlobalFilterValue) =>
    run(() => api.call(globalFilterDelete, { params: { globalFilterId: filter.id } }), 'The global filter could not be deleted.');

  return (
    <Drawer title="Global Filters" open={open} onClose={onClose} size={520} destroyOnHidden>
      <label className="tb-filter-active" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <span>Active filter</span>
        <Select
          aria-label="Active global filter"
          style={{ flex: 1 }}
          value={active?.id ?? 'none'}
          onChange={(value: number | 'none') => state.choose(value)}
          options={[{ value: 'none' as const, label: 'None' }, ...list.map((f) => ({ value: f.id, label: f.globalFilterName }))]}
        />
      </label>
      <ul className="tb-filter-list" aria-label="Global filters" style={{ listStyle: 'none', padding: 0, margin: '16px 0' }}>
        {list.map((filter) => (
          <li key={filter.id} className="tb-filter-list__item" style={{ display: 'flex', alignItems: 'center' }}>
            <span className="tb-filter-list__name" style={{ flex: 1 }}>
              {filter.globalFilterName}
              {filter.isShared && <span className="tb-muted"> · {filter.createdByName}</span>}
            </span>
            <Tooltip title={filter.isDefault ? 'Remove default' : 'Set as default'}>
              <Button
                type="text"
                icon={filter.isDefault ? <StarFilled /> : <StarOutlined />}
                aria-label={filter.isDefault ? `Remove default ${filter.globalFilterName}` : `Set default ${filter.globalFilterName}`}
                onClick={() => void setDefault(filter, !filter.isDefault)}
              />
            </Tooltip>
            {filter.canEdit && <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${filter.globalFilterName}`} onClick={() => setPanel({ kind: 'edit', filter })} />}
            <Button type="text" icon={<CopyOutlined />} aria-label={`Copy ${filter.globalFilterName}`} onClick={() => void copy(filter)} />
            {filter.canEdit && <Button type="text" icon={<ShareAltOutlined />} aria-label={`Share ${filter.globalFilterName}`} onClick={() => setPanel({ kind: 'share', filter })} />}
            {filter.isOwner && (
              <Popconfirm title="Are you sure?" description={`${filter.globalFilterName} will be deleted.`} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(filter)}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${filter.globalFilterName}`} />
              </Popconfirm>
            )}
          </li>
        ))}
      </ul>
      {panel === null && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'edit', filter: null })}>
          New Filter
        </Button>
      )}
      {panel?.kind === 'edit' && (
        <GlobalFilterEditor
          key={panel.filter?.id ?? 'new'}
          filter={panel.filter}
          fields={state.fields}
          onCancel={() => setPanel(null)}
          onSaved={(saved) => {
            setPanel(null);
            void state.reload();
            if (!panel.filter) state.choose(saved.id);
          }}
        />
      )}
      {panel?.kind === 'share' && (
        <>
          <GlobalFilterShares filter={panel.filter} onChanged={() => void state.reload()} />
          <Button onClick={() => setPanel(null)}>Done</Button>
        </>
      )}
    </Drawer>
  );
}
