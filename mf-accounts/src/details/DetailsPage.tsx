import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, DownloadOutlined, Empty, FileTextOutlined, Skeleton, Tag } from '@tradeboard/shared/ui';
import { Table, type TableProps } from '@tradeboard/shared/ui/data';
import { orderLinePo, type Contract } from '@tradeboard/shared/contracts';
import { formatDate } from '@tradeboard/shared/boards';
import { settingValue } from '@tradeboard/shared/user-settings';
import { api, apiStatus, downloadFile, errorMessage, followInApp, useTradeboardStore } from '@tradeboard/shared/web';
import { detailsHref, DOCUMENT_SPECS, itemHref, parseDetailsPath, type DocumentKind, type DocumentSpec, type Fact, type LineColumn, type Row } from './documentSpecs.ts';
import { exportLines } from './exportLines.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function useDateFormat() {
  return useTradeboardStore((state) => (state.user ? settingValue(state.user.settings, 'DateFormatSetting') : undefined));
}

/** A value as the page shows it: money with cents, dates in the user's format, '—' for none. */
export function shown(value: unknown, type: Fact['type'] | LineColumn['type'], dateFormat?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (type === 'money') return money.format(Number(value));
  if (type === 'number') return count.format(Number(value));
  if (type === 'date') return formatDate(String(value), dateFormat);
  return String(value);
}

function PageLink({ href, children }: { href: string; children: ReactNode }): ReactNode {
  return (
    <a href={href} onClick={followInApp(href)}>
      {children}
    </a>
  );
}

/** A kit line's components and, on an order, the purchase order lines bought for it. */
function LineDetail({ kind, spec, number, company, line }: { kind: DocumentKind; spec: DocumentSpec; number: string; company: string; line: Row }): ReactNode {
  const numberField = spec.lineNumber.replace('LineNumber', 'Number');
  const params = { [numberField]: number, [spec.lineNumber]: Number(line[spec.lineNumber]) };
  const bom = useSWR(spec.bom ? ['BOM', kind, number, company, params[spec.lineNumber]] : null, () => api.call(spec.bom as Contract, { params: params as never, query: { company } as never }) as unknown as Promise<{ rows: Row[] }>);
  const po = useSWR(kind === 'order' ? ['LinePO', number, company, params[spec.lineNumber]] : null, () => api.call(orderLinePo, { params: params as never, query: { company } }));
  const dateFormat = useDateFormat();
  return (
    <div className="tb-line-detail">
      <div>
        <h4>Bill of material</h4>
        {bom.error ? (
          <p className="tb-muted">{errorMessage(bom.error)}</p>
        ) : !bom.data ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : bom.data.rows.length === 0 ? (
          <p className="tb-muted">This item is not a kit.</p>
        ) : (
          <ul className="tb-line-detail__list" aria-label="Bill of material">
            {bom.data.rows.map((c) => (
              <li key={String(c.componentNumber)}>
                <PageLink href={itemHref(c.itemNumber)}>{String(c.itemNumber)}</PageLink> {String(c.itemDescription ?? '')} — {shown(c.qty, 'number')} ({shown(c.qtyPerKit, 'number')} per kit)
              </li>
            ))}
          </ul>
        )}
      </div>
      {kind === 'order' && (
        <div>
          <h4>Purchase orders</h4>
          {po.error ? (
            <p className="tb-muted">{apiStatus(po.error) === 403 ? 'Your role does not show purchase orders.' : errorMessage(po.error)}</p>
          ) : !po.data ? (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          ) : po.data.rows.length === 0 ? (
            <p className="tb-muted">No purchase order was bought for this line.</p>
          ) : (
            <ul className="tb-line-detail__list" aria-label="Purchase orders">
              {po.data.rows.map((p) => (
                <li key={`${p.poNumber}-${p.poLineNumber}`}>
                  <PageLink href={detailsHref('purchaseOrder', p.poNumber, p.company)}>PO {p.poNumber}</PageLink> line {p.poLineNumber}: {p.linkType}, {p.status}, due{' '}
                  {shown(p.dueDate, 'date', dateFormat)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

const compare = (a: unknown, b: unknown) => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { numeric: true });
};

function Lines({ kind, spec, number, company, lines }: { kind: DocumentKind; spec: DocumentSpec; number: string; company: string; lines: Row[] }): ReactNode {
  const dateFormat = useDateFormat();
  const columns: TableProps<Row>['columns'] = spec.columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    align: column.type === 'money' || column.type === 'number' ? 'right' : 'left',
    sorter: (a: Row, b: Row) => compare(a[column.key], b[column.key]),
    render: (value: unknown) => (column.link === 'item' && value ? <PageLink href={itemHref(value)}>{String(value)}</PageLink> : shown(value, column.type, dateFormat)),
  }));
  return (
    <Table<Row>
      size="small"
      rowKey={(row) => String(row[spec.lineNumber])}
      columns={columns}
      dataSource={lines}
      pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      expandable={spec.bom ? { expandedRowRender: (line) => <LineDetail kind={kind} spec={spec} number={number} company={company} line={line} /> } : undefined}
      locale={{ emptyText: <Empty description="This document has no lines." /> }}
    />
  );
}

/** The page of one document: /details/invoice/{invoiceNumber}, order, quote, purchaseOrder (?company=). */
export default function DetailsPage({ pathname, search }: { pathname: string; search: string }): ReactNode {
  const { message } = App.useApp();
  const parsed = parseDetailsPath(pathname);
  const company = new URLSearchParams(search).get('company') ?? undefined;
  const spec = parsed ? DOCUMENT_SPECS[parsed.kind] : null;
  const { data, error, isLoading, mutate } = useSWR(parsed ? ['details', parsed.kind, parsed.number, company ?? ''] : null, () => spec!.load(parsed!.number, company));
  const [printing, setPrinting] = useState(false);
  const dateFormat = useDateFormat();

  if (!parsed || !spec) return <Alert type="info" showIcon title="Page Not Found" description="This address names no document." />;
  const title = `${spec.label} ${parsed.number}`;

  let body: ReactNode;
  if (error) {
    const status = apiStatus(error);
    body =
      status === 404 ? (
        <Alert type="info" showIcon title={`${title} was not found, or it is not one of yours.`} />
      ) : status === 403 ? (
        <Alert type="info" showIcon title="You do not have access to this page." description={errorMessage(error)} />
      ) : (
        <Alert type="error" showIcon title={`${title} could not be loaded.`} description={errorMessage(error)} action={<Button onClick={() => void mutate()}>Retry</Button>} />
      );
  } else if (isLoading || !data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const { header, lines } = data;
    const documentCompany = String(header.company);
    const status = spec.status(header);
    const print = async () => {
      if (!spec.pdf) return;
      setPrinting(true);
      try {
        const request = spec.pdf(parsed.number, documentCompany);
        const name = await downloadFile(request.contract, { params: request.params as never, query: request.query as never, body: request.body, fallbackName: `${spec.label}-${parsed.number}.pdf` });
        message.success(`${name} downloaded`);
      } catch (failure) {
        message.error(`The PDF could not be made: ${errorMessage(failure)}`);
      } finally {
        setPrinting(false);
      }
    };
    body = (
      <>
        <section className="tb-record tb-document" aria-label={`${title} header`}>
          <div className="tb-record__who">
            <p className="tb-record__kind">{spec.label}</p>
            <h2 className="tb-record__name">
              {parsed.number} {status && <Tag>{status}</Tag>}
            </h2>
            <div className="tb-record__links">
              {spec.related(header).map((link) => (
                <Button key={link.href} size="small" href={link.href} icon={<FileTextOutlined aria-hidden />} onClick={followInApp(link.href)}>
                  {link.label}
                </Button>
              ))}
              {spec.pdf && (
                <Button size="small" type="primary" icon={<DownloadOutlined aria-hidden />} loading={printing} onClick={() => void print()}>
                  Print
                </Button>
              )}
              <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => void exportLines(title, spec.columns, lines).catch((failure: unknown) => message.error(`The export failed: ${errorMessage(failure)}`))}>
                Export to Excel
              </Button>
            </div>
          </div>
          <dl className="tb-figures tb-document__facts" aria-label="Key facts">
            {spec.facts(header).map((fact) => (
              <div className="tb-figure" key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.href && fact.value ? <PageLink href={fact.href}>{shown(fact.value, fact.type, dateFormat)}</PageLink> : shown(fact.value, fact.type, dateFormat)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-label="Lines" className="tb-document__lines">
          <h3>
            Lines <span className="tb-muted">({lines.length})</span>
          </h3>
          <Lines kind={parsed.kind} spec={spec} number={parsed.number} company={documentCompany} lines={lines} />
        </section>
      </>
    );
  }
  return (
    <div className="tb-page">
      <h1 className="tb-page__title">{title}</h1>
      <div aria-live="polite" aria-busy={isLoading}>
        {body}
      </div>
    </div>
  );
}
