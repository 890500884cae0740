import { useState, type ReactNode } from 'react';
import { Button, DeleteOutlined } from '@tradeboard/shared/ui';
import { Select } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import { filterList, type FilterType, type NotificationColumnResult } from '@tradeboard/shared/contracts';
import { useRead } from '../api/admin.ts';

/** A filter as the form edits it (an id once saved). */
export type FilterDraft = { key: string; notificationUserInstanceFilterId?: number; notificationColumnMasterId?: number; notificationOperatorId?: number; filterValues: string[] };

/** A MultiSelect column's values from the global filter machinery (/Filter/List, the user's data scope), searchable. */
function FilterValuePicker({ filterType, label, value, onChange }: { filterType: FilterType; label: string; value: string[]; onChange: (values: string[]) => void }): ReactNode {
  const [search, setSearch] = useState('');
  const options = useRead(filterList, { params: { filterType }, body: { searchString: search || undefined, pageSize: 50 } });
  return (
    <Select
      mode="multiple"
      aria-label={label}
      value={value}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      loading={options.isLoading}
      placeholder="Choose values"
      onChange={(values: string[]) => onChange(values)}
      options={[...new Map((options.data ?? []).map((o) => [o.value, { value: o.value, label: o.label === o.value ? o.value : `${o.label} (${o.value})` }])).values()]}
    />
  );
}

/** One filter of the notification form: column, operator, values, remove. */
export function NotificationFilterRow({ index, draft, columns, onChange, onRemove }: {
  index: number;
  draft: FilterDraft;
  columns: NotificationColumnResult[];
  onChange: (draft: FilterDraft) => void;
  onRemove: () => void;
}): ReactNode {
  const column = columns.find((c) => c.notificationColumnMasterId === draft.notificationColumnMasterId);
  const name = `Filter ${index + 1}`;
  let values: ReactNode = null;
  if (column?.controlType === 'MultiSelect' && column.filterName) {
    values = <FilterValuePicker filterType={column.filterName as FilterType} label={`${name} values`} value={draft.filterValues} onChange={(filterValues) => onChange({ ...draft, filterValues })} />;
  } else if (column?.controlType === 'Number') {
    values = <Input type="number" aria-label={`${name} value`} value={draft.filterValues[0] ?? ''} onChange={(e) => onChange({ ...draft, filterValues: e.target.value ? [e.target.value] : [] })} />;
  } else if (column) {
    values = <Select mode="tags" aria-label={`${name} values`} value={draft.filterValues} open={false} placeholder="Type a value, then Enter" onChange={(filterValues: string[]) => onChange({ ...draft, filterValues })} />;
  }
  return (
    <fieldset className="tb-admin-filter">
      <legend className="tb-visually-hidden">{name}</legend>
      <Select
        aria-label={`${name} column`}
        placeholder="Column"
        value={draft.notificationColumnMasterId}
        onChange={(id: number) => onChange({ ...draft, notificationColumnMasterId: id, notificationOperatorId: columns.find((c) => c.notificationColumnMasterId === id)?.operators[0]?.notificationOperatorId, filterValues: [] })}
        options={columns.map((c) => ({ value: c.notificationColumnMasterId, label: c.displayName }))}
      />
      <Select
        aria-label={`${name} operator`}
        placeholder="Operator"
        disabled={!column}
        value={draft.notificationOperatorId}
        onChange={(id: number) => onChange({ ...draft, notificationOperatorId: id })}
        options={(column?.operators ?? []).map((o) => ({ value: o.notificationOperatorId, label: o.displayName }))}
      />
      <div className="tb-admin-filter__values">{values}</div>
      <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove} />
    </fieldset>
  );
}
