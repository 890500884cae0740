import type { ReactNode } from 'react';
import { appliedSort, clickSort, defaultSortDir, type ColumnConfigValue, type ComponentConfigValue, type SortState } from '@tradeboard/shared/boards';
import { Table, type TableProps } from '@tradeboard/shared/ui/data';
import { followInApp } from '@tradeboard/shared/web';
import { useDateFormat } from './api.ts';
import { cellValue, drillHref, formatCell, type Row } from './format.ts';

type Props = {
  name: string;
  config: ComponentConfigValue;
  columns: readonly ColumnConfigValue[];
  rows: readonly Row[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  sort: SortState | null;
  autoSortEnabled: boolean;
  loading: boolean;
  onPage: (pageNumber: number) => void;
  onSort: (sort: SortState) => void;
};

const NUMERIC = new Set(['money', 'percent', 'number', 'integer']);

/** Names and descriptions: they take the width left over (at least this much) and end with an ellipsis. */
const NAME_MIN_WIDTH = 120;
const NAMES = /name|description|title|address|reason/i;

/**
 * A column's width: figures as wide as their longest figures, codes narrow, names (undefined) the
 * rest. Fixed widths keep the key figures inside a half-width card; what is left scrolls sideways
 * under the first column, which stays in place.
 */
export function columnWidth(column: Pick<ColumnConfigValue, 'dataSource' | 'title' | 'format'>): number | undefined {
  if (column.dataSource === 'rank') return 64;
  switch (column.format) {
    case 'money':
      return 120;
    case 'percent':
      return 90;
    case 'integer':
    case 'number':
      return 96;
    case 'date':
      return 110;
    default:
      return NAMES.test(`${column.dataSource} ${column.title ?? ''}`) ? undefined : 100;
  }
}

function Cell({ column, row, datePattern }: { column: ColumnConfigValue; row: Row; datePattern: string }): ReactNode {
  const value = cellValue(row, column);
  const text = formatCell(value, column.format, datePattern);
  const href = column.link ? drillHref(column.link, row) : null;
  // Negative figures (a drop against last year, a credit) show red.
  if (typeof value === 'number' && value < 0 && NUMERIC.has(column.format ?? 'text')) return <span className="tb-negative">{text}</span>;
  if (!href || !text) return text;
  return (
    <a href={href} onClick={followInApp(href)}>
      {text}
    </a>
  );
}

/**
 * The table part: the visible columns in their order, server-side paging and sorting (seed 000
 * §4: a header click flips the same column or starts a new one at its default direction, and
 * forces the sort even when AutoSortEnabled is off).
 */
export function DataTable({ name, config, columns, rows, totalCount, pageNumber, pageSize, sort, autoSortEnabled, loading, onPage, onSort }: Props): ReactNode {
  const applied = appliedSort(sort, autoSortEnabled);
  const configured = config.dataConfig;
  const datePattern = useDateFormat();
  const visible = columns.filter((column) => column.isVisible);
  const tableColumns: TableProps<Row>['columns'] = visible
    .map((column, index) => ({
      key: column.dataSource,
      title: column.title ?? column.dataSource,
      width: columnWidth(column),
      fixed: index === 0 && visible.length > 2 ? ('left' as const) : undefined,
      ellipsis: !NUMERIC.has(column.format ?? 'text'),
      align: NUMERIC.has(column.format ?? 'text') ? 'right' : 'left',
      // A per-year column (sales.0) has no server sort field of its own.
      sorter: !column.dataSource.includes('.'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      showSorterTooltip: false,
      sortOrder: applied?.sortBy === column.dataSource ? (applied.sortDir === 'asc' ? 'ascend' : 'descend') : null,
      render: (_: unknown, row: Row) => <Cell column={column} row={row} datePattern={datePattern} />,
    }));
  return (
    <Table<Row>
      size="small"
      aria-label={`${name} table`}
      columns={tableColumns}
      dataSource={rows as Row[]}
      rowKey={(row) => String(row.key ?? JSON.stringify(row))}
      loading={loading}
      scroll={{ x: visible.reduce((total, column) => total + (columnWidth(column) ?? NAME_MIN_WIDTH), 0) }}
      pagination={{
        current: pageNumber,
        pageSize,
        total: totalCount,
        showSizeChanger: false,
        size: 'small',
        showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate') onPage(pagination.current ?? 1);
        if (extra.action === 'sort') {
          const column = columns.find((c) => c.dataSource === (Array.isArray(sorter) ? sorter[0]?.columnKey : sorter.columnKey));
          if (!column) return;
          const defaultDir = configured?.sortBy === column.dataSource && configured.sortDir ? configured.sortDir : defaultSortDir(column.format);
          onSort(clickSort(applied ? sort : null, column.dataSource, defaultDir));
        }
      }}
    />
  );
}
