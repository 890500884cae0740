import { useState, type FormEvent, type ReactNode } from 'react';
import { SEARCH_OPERATORS, type FilterValue, type SearchOperator } from '@tradeboard/shared/boards';
import { Button, FilterOutlined } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/data';

/** The ERP fields the data calls filter on (seed 001 §7.11), unless displayConfigs 'advancedSearchFields' names others. */
export const DEFAULT_FILTER_FIELDS = ['customer', 'salesRep', 'branch', 'productGroup', 'itemNumber', 'company'];

type Props = {
  name: string;
  searchString: string;
  searchOperator: SearchOperator;
  filters: FilterValue[];
  filterFields: readonly string[];
  onSearch: (searchString: string, searchOperator: SearchOperator) => void;
  onFilters: (filters: FilterValue[]) => void;
};

/** "search..." with its operator (seed 000 §9), and the advanced search: field filters with include/equals. */
export function SearchBar({ name, searchString, searchOperator, filters, filterFields, onSearch, onFilters }: Props): ReactNode {
  const [text, setText] = useState(searchString);
  const [advanced, setAdvanced] = useState(filters.length > 0);
  return (
    <div className="tb-search">
      <div className="tb-search__row">
        <Input.Search
          size="small"
          placeholder="search..."
          aria-label={`Search ${name}`}
          allowClear
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '' && searchString !== '') onSearch('', searchOperator);
          }}
          onSearch={(value) => onSearch(value, searchOperator)}
          style={{ width: 200 }}
        />
        <Select
          size="small"
          aria-label="Search operator"
          value={searchOperator}
          onChange={(operator: SearchOperator) => onSearch(text, operator)}
          options={SEARCH_OPERATORS.map((operator) => ({ value: operator, label: operator }))}
          style={{ width: 120 }}
        />
        <Button size="small" icon={<FilterOutlined />} aria-expanded={advanced} onClick={() => setAdvanced(!advanced)}>
          Advanced search{filters.length ? ` (${filters.length})` : ''}
        </Button>
      </div>
      {advanced && <AdvancedSearch filters={filters} fields={filterFields} onApply={onFilters} />}
    </div>
  );
}

type Draft = { field: string; comparison: 'include' | 'equals'; values: string };

function toDraft(filter: FilterValue): Draft {
  return { field: filter.field, comparison: filter.comparison, values: filter.values.join(', ') };
}

/** Parses the drafts: values split at commas; a filter without values is dropped. */
export function draftsToFilters(drafts: readonly Draft[]): FilterValue[] {
  return drafts
    .map((draft) => ({ field: draft.field, comparison: draft.comparison, values: draft.values.split(',').map((v) => v.trim()).filter(Boolean) }))
    .filter((filter) => filter.field && filter.values.length > 0);
}

function AdvancedSearch({ filters, fields, onApply }: { filters: FilterValue[]; fields: readonly string[]; onApply: (filters: FilterValue[]) => void }): ReactNode {
  const [drafts, setDrafts] = useState<Draft[]>(() => (filters.length ? filters.map(toDraft) : [{ field: fields[0] ?? '', comparison: 'equals', values: '' }]));
  const update = (index: number, change: Partial<Draft>) => setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, ...change } : draft)));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draftsToFilters(drafts));
  };
  return (
    <form className="tb-search__advanced" aria-label="Advanced search" onSubmit={apply}>
      {drafts.map((draft, index) => (
        <div className="tb-search__row" key={index}>
          <Select
            size="small"
            aria-label={`Filter ${index + 1} field`}
            value={draft.field}
            onChange={(field: string) => update(index, { field })}
            options={fields.map((field) => ({ value: field, label: field }))}
            style={{ width: 140 }}
          />
          <Select
            size="small"
            aria-label={`Filter ${index + 1} comparison`}
            value={draft.comparison}
            onChange={(comparison: Draft['comparison']) => update(index, { comparison })}
            options={[
              { value: 'equals', label: 'equals' },
              { value: 'include', label: 'include' },
            ]}
            style={{ width: 100 }}
          />
          <Input size="small" aria-label={`Filter ${index + 1} values`} placeholder="values, comma separated" value={draft.values} onChange={(e) => update(index, { values: e.target.value })} style={{ maxWidth: 240 }} />
          <Button size="small" type="text" aria-label={`Remove filter ${index + 1}`} onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}>
            ✕
          </Button>
        </div>
      ))}
      <div className="tb-search__row">
        <Button size="small" onClick={() => setDrafts([...drafts, { field: fields[0] ?? '', comparison: 'equals', values: '' }])}>
          Add filter
        </Button>
        <Button size="small" type="primary" htmlType="submit">
          Apply filters
        </Button>
        <Button
          size="small"
          onClick={() => {
            setDrafts([]);
            onApply([]);
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
