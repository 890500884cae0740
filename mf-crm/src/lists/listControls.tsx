import { useState, type ReactNode } from 'react';
import { Alert } from '@tradeboard/shared/ui';
import { Input, Select, type TableProps } from '@tradeboard/shared/ui/data';
import { errorMessage } from '@tradeboard/shared/web';
import type { UdfTable } from '../api/settings.ts';
import { UserDefinedFilter, type FieldFilter } from '../udf/UserDefinedFields.tsx';

export const PAGE_SIZE = 15;

/**
 * A CRM list page's query: its search text, its one choice filter (status, outcome …) on
 * `field`, a filter on one of its user-defined fields, and its page; a new search or filter goes
 * back to page 1.
 */
export function useListQuery(field: string) {
  const [searchString, setSearchString] = useState('');
  const [choice, setChoice] = useState<string | undefined>();
  const [fieldFilter, setFieldFilter] = useState<FieldFilter | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const filters = [
    ...(choice ? [{ field, comparison: 'equals' as const, values: [choice] }] : []),
    ...(fieldFilter ? [{ field: `udf.${fieldFilter.fieldName}`, comparison: 'equals' as const, values: [fieldFilter.value] }] : []),
  ];
  return {
    searchString,
    choice,
    fieldFilter,
    pageNumber,
    setPageNumber,
    filtered: Boolean(searchString || choice || fieldFilter),
    search: (text: string) => {
      setSearchString(text.trim());
      setPageNumber(1);
    },
    choose: (value: string | undefined) => {
      setChoice(value);
      setPageNumber(1);
    },
    filterOn: (filter: FieldFilter | null) => {
      setFieldFilter(filter);
      setPageNumber(1);
    },
    body: { searchString: searchString || null, pageNumber, pageSize: PAGE_SIZE, filters: filters.length ? filters : null },
  };
}

type Query = ReturnType<typeof useListQuery>;

/** The search box, the choice filter and the user-defined field filter of a list page. */
export function ListToolbar({ query, what, table, choiceLabel, choices }: { query: Query; what: string; table: UdfTable; choiceLabel: string; choices: readonly string[] }): ReactNode {
  return (
    <div className="tb-crm-toolbar">
      <Input.Search aria-label={`Search ${what}`} placeholder="search..." allowClear onSearch={query.search} />
      <Select
        aria-label={choiceLabel}
        placeholder={`Any ${choiceLabel.toLowerCase()}`}
        allowClear
        value={query.choice}
        onChange={query.choose}
        options={choices.map((value) => ({ value, label: value }))}
      />
      <UserDefinedFilter table={table} value={query.fieldFilter} onChange={query.filterOn} />
    </div>
  );
}

type Page<T> = { data?: { rows: T[]; totalCount: number }; error?: unknown; isLoading: boolean; isValidating: boolean };

/** A list's load error, if any. */
export function ListError({ list, what }: { list: Page<unknown>; what: string }): ReactNode {
  return list.error ? <Alert type="error" showIcon title={`The ${what} could not be loaded`} description={errorMessage(list.error)} /> : null;
}

/** The paged table's props of a list page (rows, loading, empty text and pagination). */
export function pagedTable<T>(list: Page<T>, query: Query, empty: { none: string; noMatch: string }): Partial<TableProps<T>> {
  return {
    size: 'middle',
    loading: list.isLoading || list.isValidating,
    dataSource: list.data?.rows ?? [],
    locale: { emptyText: query.filtered ? empty.noMatch : empty.none },
    pagination: { current: query.pageNumber, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, showSizeChanger: false, onChange: query.setPageNumber },
  };
}
