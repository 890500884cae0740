import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, Button, DownloadOutlined, Empty, Skeleton, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { orderLinePo, type Contract } from '@tradeboard/shared/contracts';
import { api, apiStatus, downloadFile, errorMessage } from '@tradeboard/shared/web';
import { AttachedFiles } from '@tradeboard/shared/files';
import { DetailFrame, DetailHeader, LinkButton, LoadError, PageLink, shown, tableColumns, useDateFormat } from './detailParts.tsx';
import { detailsHref, DOCUMENT_SPECS, itemHref, parseDetailsPath, type DocumentKind, type DocumentSpec, type Row } from './documentSpecs.ts';
import { exportLines } from './exportLines.ts';

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
                <PageLink href={itemHref(c.itemNumber, company)}>{String(c.itemNumber)}</PageLink> {String(c.itemDescription ?? '')} — {shown(c.qty, 'number')} ({shown(c.qtyPerKit, 'number')} per kit)
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

function Lines({ kind, spec, number, company, lines }: { kind: DocumentKind; spec: DocumentSpec; number: string; company: string; lines: Row[] }): ReactNode {
  const dateFormat = useDateFormat();
  const columns = tableColumns(spec.columns, dateFormat);
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

/** The page of one document: /details/invoice/{invoiceNumber}, order, quote, purchaseOrder (?company=); its lines and attached files. */
export default function DetailsPage({ pathname, search }: { pathname: string; search: string }): ReactNode {
  const { message } = useFeedback();
  const parsed = parseDetailsPath(pathname);
  const company = new URLSearchParams(search).get('company') ?? undefined;
  const spec = parsed ? DOCUMENT_SPECS[parsed.kind] : null;
  const { data, error, isLoading, mutate } = useSWR(parsed ? ['details', parsed.kind, parsed.number, company ?? ''] : null, () => spec!.load(parsed!.number, company));
  const [printing, setPrinting] = useState(false);

  if (!parsed || !spec) return <Alert type="info" showIcon title="Page Not Found" description="This address names no document." />;
  const title = `${spec.label} ${parsed.number}`;

  let body: ReactNode;
  if (error) {
    body = <LoadError error={error} title={title} retry={() => void mutate()} />;
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
        <DetailHeader
          title={title}
          kind={spec.label}
          name={parsed.number}
          status={status}
          facts={spec.facts(header)}
          actions={
            <>
              {spec.related(header).map((link) => (
                <LinkButton key={link.href} href={link.href}>
                  {link.label}
                </LinkButton>
              ))}
              {spec.pdf && (
                <Button size="small" type="primary" icon={<DownloadOutlined aria-hidden />} loading={printing} onClick={() => void print()}>
                  Print
                </Button>
              )}
              <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => void exportLines(title, spec.columns, lines).catch((failure: unknown) => message.error(`The export failed: ${errorMessage(failure)}`))}>
                Export to Excel
              </Button>
            </>
          }
        />
        <section aria-label="Lines" className="tb-document__lines">
          <h3>
            Lines <span className="tb-muted">({lines.length})</span>
          </h3>
          <Lines kind={parsed.kind} spec={spec} number={parsed.number} company={documentCompany} lines={lines} />
        </section>
        <AttachedFiles owner={{ source: spec.source, id: parsed.number, id2: documentCompany }} editMode what={`this ${spec.label.toLowerCase()}`} />
      </>
    );
  }
  return (
    <DetailFrame title={title} busy={isLoading}>
      {body}
    </DetailFrame>
  );
}
