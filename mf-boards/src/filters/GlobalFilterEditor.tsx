import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Button, DeleteOutlined, PlusOutlined } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { filterList, globalFilterCreate, globalFilterUpdate } from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import type { FilterValue } from '../api/types.ts';
import { showFailure } from '../feedback/statusDialog.ts';
import type { FilterMasterValue, GlobalFilterValue } from './useGlobalFilters.ts';

type Row = { key: number; field: string; comparison: FilterValue['comparison']; values: string[] };

type Props = {
  /** The filter to edit, or null for a new one. */
  filter: GlobalFilterValue | null;
  fields: readonly FilterMasterValue[];
  onSaved: (saved: GlobalFilterValue) => void;
  onCancel: () => void;
};

let nextKey = 1;
const toRow = (filter: FilterValue): Row => ({ key: nextKey++, field: filter.field, comparison: filter.comparison, values: filter.values.map(String) });

/** The values a user can pick for one field (Filter/List, scoped to his data), searched as he types. */
function ValuePicker({ master, row, index, onChange }: { master: FilterMasterValue | undefined; row: Row; index: number; onChange: (values: string[]) => void }): ReactNode {
  const [search, setSearch] = useState('');
  const { data, isLoading } = useSWR(master ? ['Filter/List', master.filterType, master.dynamicDataColumn, search] : null, () =>
    api.call(filterList, {
      params: { filterType: master!.filterType },
      query: master!.dynamicDataColumn ? { dynamicDataColumn: master!.dynamicDataColumn } : {},
      body: { searchString: search || null, pageSize: 50 },
    }),
  );
  const single = row.comparison === 'equals';
  return (
    <Select
      aria-label={`Values ${index + 1}`}
      className="tb-filter-row__values"
      style={{ flex: 1, minWidth: 0 }}
      mode={single ? undefined : 'multiple'}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      disabled={!master}
      loading={isLoading}
      placeholder="search..."
      value={single ? row.values[0] : row.values}
      onChange={(value: string | string[] | undefined) => onChange(value === undefined ? [] : Array.isArray(value) ? value : [value])}
      options={(data ?? []).map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))}
    />
  );
}

/** Creates or edits a global filter: a name and field rows (field, include/equals, values). */
export function GlobalFilterEditor({ filter, fields, onSaved, onCancel }: Props): ReactNode {
  const [name, setName] = useState(filter?.globalFilterName ?? '');
  const [rows, setRows] = useState<Row[]>(() => (filter?.filters ?? []).map(toRow));
  const [saving, setSaving] = useState(false);
  const change = (key: number, patch: Partial<Row>) => setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    const filters = rows.filter((r) => r.field).map(({ field, comparison, values }) => ({ field, comparison, values }));
    setSaving(true);
    try {
      const saved = filter
        ? await api.call(globalFilterUpdate, { params: { globalFilterId: filter.id }, body: { globalFilterName: name, filters } })
        : await api.call(globalFilterCreate, { body: { globalFilterName: name, filters } });
      onSaved(saved);
    } catch (error) {
      showFailure(`The global filter could not be saved. ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="tb-filter-editor"
      style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 16 }}
      aria-label={filter ? `Edit ${filter.globalFilterName}` : 'New global filter'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Input aria-label="Filter name" placeholder="Filter name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      {rows.map((row, index) => (
        <div key={row.key} className="tb-filter-row" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Select
            aria-label={`Field ${index + 1}`}
            className="tb-filter-row__field"
            style={{ width: 150 }}
            showSearch={{ optionFilterProp: 'label' }}
            value={row.field || undefined}
            placeholder="Field"
            onChange={(field: string) => change(row.key, { field, values: [] })}
            options={fields.map((m) => ({ value: m.filterName, label: m.displayName, disabled: rows.some((r) => r.field === m.filterName) }))}
          />
          <Select
            aria-label={`Comparison ${index + 1}`}
            className="tb-filter-row__comparison"
            style={{ width: 110 }}
            value={row.comparison}
            onChange={(comparison: Row['comparison']) => change(row.key, { comparison, values: comparison === 'equals' ? row.values.slice(0, 1) : row.values })}
            options={[
              { value: 'include', label: 'include' },
              { value: 'equals', label: 'equals' },
            ]}
          />
          <ValuePicker master={fields.find((m) => m.filterName === row.field)} row={row} index={index} onChange={(values) => change(row.key, { values })} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove field ${index + 1}`} onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))} />
        </div>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => setRows((current) => [...current, { key: nextKey++, field: '', comparison: 'include', values: [] }])}>
        Add Field
      </Button>
      <div className="tb-filter-editor__actions" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!name.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}
