import { useState, type ReactNode } from 'react';
import { Alert } from '@tradeboard/shared/ui';
import { Input, Select, type TableProps } from '@tradeboard/shared/ui/data';
import { errorMessage } from '@tradeboard/shared/web';

export const PAGE_SIZE = 15;

/**
 * A CRM list page's query: its search text, its one choice filter (status, outcome …) on
 * `field`, and its page; a new search or choice goes back to page 1.
 */
export function useListQuery(field: string) {
  const [searchString, setSearchString] = useState('');
  const [choice, setChoice] = useState<string | undefined>();
  const [pageNumber, setPageNumber] = useState(1);
  return {
    searchString,
    choice,
    pageNumber,
    setPageNumber,
    search: (text: string) => {
      setSearchString(text.trim());
      setPageNumber(1);
    },
    choose: (value: string | undefined) => {
      setChoice(value);
      setPageNumber(1);
    },
    body: {
      searchString: searchString || null,
      pageNumber,
      pageSize: PAGE_SIZE,
      filters: choice ? [{ field, comparison: 'equals' as const, values: [choice] }] : null,
    },
  };
}

type Query = ReturnType<typeof useListQuery>;

/** The search box and the choice filter of a list page. */
export function ListToolbar({ query, what, choiceLabel, choices }: { query: Query; what: string; choiceLabel: string; choices: readonly string[] }): ReactNode {
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
    locale: { emptyText: query.searchString || query.choice ? empty.noMatch : empty.none },
    pagination: { current: query.pageNumber, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, showSizeChanger: false, onChange: query.setPageNumber },
  };
}
