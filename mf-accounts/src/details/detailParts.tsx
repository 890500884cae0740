/**
 * What every details/… page draws the same way: values as the page shows them, links that stay
 * in the app, the key facts of a header, a table of rows with links to the documents and items
 * they name, and the load error of a page (404: not found or not the caller's; 403: no access).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, FileTextOutlined, Tag } from '@tradeboard/shared/ui';
import { Table, type TableProps } from '@tradeboard/shared/ui/data';
import { formatDate } from '@tradeboard/shared/boards';
import { settingValue } from '@tradeboard/shared/user-settings';
import { apiStatus, errorMessage, followInApp, useTradeboardStore } from '@tradeboard/shared/web';
import { detailsHref, itemHref, type Fact, type LineColumn, type Row } from './documentSpecs.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function useDateFormat() {
  return useTradeboardStore((state) => (state.user ? settingValue(state.user.settings, 'DateFormatSetting') : undefined));
}

/** A value as the page shows it: money with cents, dates in the user's format, '—' for none. */
export function shown(value: unknown, type: Fact['type'] | LineColumn['type'], dateFormat?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (type === 'money') return money.format(Number(value));
  if (type === 'number') return count.format(Number(value));
  if (type === 'date') return formatDate(String(value), dateFormat);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function PageLink({ href, children }: { href: string; children: ReactNode }): ReactNode {
  return (
    <a href={href} onClick={followInApp(href)}>
      {children}
    </a>
  );
}

/** A header's key facts, each a link where it names another page. */
export function FactList({ facts, label = 'Key facts' }: { facts: Fact[]; label?: string }): ReactNode {
  const dateFormat = useDateFormat();
  return (
    <dl className="tb-figures tb-document__facts" aria-label={label}>
      {facts.map((fact) => (
        <div className="tb-figure" key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.href && fact.value ? <PageLink href={fact.href}>{shown(fact.value, fact.type, dateFormat)}</PageLink> : shown(fact.value, fact.type, dateFormat)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where a column's link goes for a row: the item page, or the invoice or purchase order it names. */
function linkOf(column: LineColumn, row: Row): string | null {
  const value = row[column.key];
  if (!column.link || value === null || value === undefined || value === '') return null;
  if (column.link === 'item') return itemHref(value, row.company);
  return detailsHref(column.link, String(value), row.company);
}

const compare = (a: unknown, b: unknown) => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { numeric: true });
};

/** Table columns from the page's column list: sortable, numbers right-aligned, links where the column has one. */
export function tableColumns(columns: readonly LineColumn[], dateFormat: string | undefined): TableProps<Row>['columns'] {
  return columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    align: column.type === 'money' || column.type === 'number' ? 'right' : 'left',
    sorter: (a: Row, b: Row) => compare(a[column.key], b[column.key]),
    render: (value: unknown, row: Row) => {
      const href = linkOf(column, row);
      return href ? <PageLink href={href}>{String(value)}</PageLink> : shown(value, column.type, dateFormat);
    },
  }));
}

/** A read-only table of rows (paged by 50 beyond 50 rows). */
export function RowsTable({ label, columns, rows, rowKey, empty }: { label: string; columns: readonly LineColumn[]; rows: Row[]; rowKey: (row: Row) => string; empty: string }): ReactNode {
  const dateFormat = useDateFormat();
  return (
    <Table<Row>
      aria-label={label}
      size="small"
      rowKey={rowKey}
      columns={tableColumns(columns, dateFormat)}
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={empty} /> }}
    />
  );
}

/** A page's load error: not found (or not the caller's), no access, or a failure to retry. */
export function LoadError({ error, title, retry }: { error: unknown; title: string; retry: () => void }): ReactNode {
  const status = apiStatus(error);
  if (status === 404) return <Alert type="info" showIcon title={`${title} was not found, or it is not one of yours.`} />;
  if (status === 403) return <Alert type="info" showIcon title="You do not have access to this page." description={errorMessage(error)} />;
  return <Alert type="error" showIcon title={`${title} could not be loaded.`} description={errorMessage(error)} action={<Button onClick={retry}>Retry</Button>} />;
}

/** A button that opens another page of the app. */
export function LinkButton({ href, children }: { href: string; children: ReactNode }): ReactNode {
  return (
    <Button size="small" href={href} icon={<FileTextOutlined aria-hidden />} onClick={followInApp(href)}>
      {children}
    </Button>
  );
}

/** A details page's header: what it is, its number and status, a line of text, its buttons and key facts. */
export function DetailHeader({ title, kind, name, status, line, actions, facts }: { title: string; kind: string; name: string; status?: string | null; line?: string | null; actions: ReactNode; facts: Fact[] }): ReactNode {
  return (
    <section className="tb-record tb-document" aria-label={`${title} header`}>
      <div className="tb-record__who">
        <p className="tb-record__kind">{kind}</p>
        <h2 className="tb-record__name">
          {name} {status && <Tag>{status}</Tag>}
        </h2>
        {line && <p className="tb-record__line">{line}</p>}
        <div className="tb-record__links">{actions}</div>
      </div>
      <FactList facts={facts} />
    </section>
  );
}

/** A details page: its title and its body, announced as it loads. */
export function DetailFrame({ title, busy, children }: { title: string; busy: boolean; children: ReactNode }): ReactNode {
  return (
    <div className="tb-page">
      <h1 className="tb-page__title">{title}</h1>
      <div aria-live="polite" aria-busy={busy}>
        {children}
      </div>
    </div>
  );
}
