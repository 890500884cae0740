/**
 * A job pricing contract's page (seed 000 details/contract/{jobNumber}, ?company=): its header
 * (the account, dates, status) and its items at contract price beside list, read a page at a time
 * from Contract/Details/{jobPriceHeaderUid} (the job number is the header's uid), sorted on the server.
 */
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, Button, DownloadOutlined, Empty, Skeleton, useFeedback } from '@tradeboard/shared/ui';
import { Table, type TableProps } from '@tradeboard/shared/ui/data';
import { contractDetails } from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { DetailFrame, DetailHeader, LinkButton, LoadError, tableColumns, useDateFormat } from './detailParts.tsx';
import { accountHref, type LineColumn, type Row } from './documentSpecs.ts';
import { exportLines } from './exportLines.ts';

const PAGE_SIZE = 50;
const COLUMNS: LineColumn[] = [
  { key: 'lineNumber', title: 'Line', type: 'number' },
  { key: 'itemNumber', title: 'Item', link: 'item' },
  { key: 'description', title: 'Description' },
  { key: 'uom', title: 'Unit' },
  { key: 'minQty', title: 'Min qty', type: 'number' },
  { key: 'listPrice', title: 'List price', type: 'money' },
  { key: 'contractPrice', title: 'Contract price', type: 'money' },
  { key: 'discountPercent', title: 'Off list %', type: 'number' },
  { key: 'commissionCost', title: 'Commission cost', type: 'money' },
  { key: 'grossProfitPercent', title: 'GP %', type: 'number' },
];

/** `/details/contract/J000123` → the job number; null for any other address. */
export function parseContractPath(pathname: string): string | null {
  const match = /^\/details\/contract\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

type Sort = { sortBy: string; sortDir: 'asc' | 'desc' };

export default function ContractPage({ pathname, search }: { pathname: string; search: string }): ReactNode {
  const { message } = useFeedback();
  const jobNumber = parseContractPath(pathname);
  const company = new URLSearchParams(search).get('company') ?? undefined;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>({ sortBy: 'lineNumber', sortDir: 'asc' });
  const dateFormat = useDateFormat();
  const load = (pageNumber: number, pageSize: number) =>
    api.call(contractDetails, { params: { jobPriceHeaderUid: jobNumber! }, body: { pageNumber, pageSize, ...sort, ...(company ? { company } : {}) } });
  const { data, error, isLoading, isValidating, mutate } = useSWR(jobNumber ? ['contract', jobNumber, company ?? '', page, sort.sortBy, sort.sortDir] : null, () => load(page, PAGE_SIZE), { keepPreviousData: true });

  if (!jobNumber) return <Alert type="info" showIcon title="Page Not Found" description="This address names no contract." />;
  const title = `Contract ${jobNumber}`;
  let body: ReactNode;
  if (error && !data) {
    body = <LoadError error={error} title={title} retry={() => void mutate()} />;
  } else if (isLoading && !data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (data) {
    const h = data.header;
    const account = h.customer ? accountHref(h.customer, h.company) : h.corporate ? accountHref(h.corporate, h.company, 'corporate') : null;
    const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const next: Sort = one?.order && one.columnKey ? { sortBy: String(one.columnKey), sortDir: one.order === 'descend' ? 'desc' : 'asc' } : { sortBy: 'lineNumber', sortDir: 'asc' };
      if (next.sortBy !== sort.sortBy || next.sortDir !== sort.sortDir) {
        setSort(next);
        setPage(1);
      } else setPage(pagination.current ?? 1);
    };
    const columns = (tableColumns(COLUMNS, dateFormat) ?? []).map((column) => ({
      ...column,
      sorter: true,
      sortOrder: column.key === sort.sortBy ? (sort.sortDir === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
    }));
    const exportAll = async () => {
      const all = await load(1, 500);
      await exportLines(title, COLUMNS, all.rows as Row[]);
    };
    body = (
      <>
        <DetailHeader
          title={title}
          kind="Contract"
          name={h.jobNumber}
          status={h.status}
          line={h.description}
          actions={
            <>
              {account && <LinkButton href={account}>Account</LinkButton>}
              <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => void exportAll().catch((failure: unknown) => message.error(`The export failed: ${errorMessage(failure)}`))}>
                Export to Excel
              </Button>
            </>
          }
          facts={[
            { label: 'Customer', value: h.customer ? (h.customerName ? `${h.customerName} (${h.customer})` : h.customer) : null, href: h.customer ? accountHref(h.customer, h.company) : null },
            { label: 'Ship-to', value: h.shipTo ? (h.shipToName ? `${h.shipToName} (${h.shipTo})` : h.shipTo) : 'Every ship-to' },
            { label: 'Corporate account', value: h.corporate ? (h.corporateName ? `${h.corporateName} (${h.corporate})` : h.corporate) : null },
            { label: 'Sales rep', value: h.salesRepName ? `${h.salesRepName} (${h.salesRep})` : h.salesRep },
            { label: 'Company', value: h.company },
            { label: 'Starts', value: h.startDate, type: 'date' },
            { label: 'Ends', value: h.endDate ?? 'Open-ended', type: h.endDate ? 'date' : 'text' },
            { label: 'Items', value: h.lineCount, type: 'number' },
          ]}
        />
        <section aria-label="Contract items" className="tb-document__lines">
          <h3>
            Items <span className="tb-muted">({data.totalCount})</span>
          </h3>
          <Table<Row>
            size="small"
            rowKey={(row) => String(row.lineNumber)}
            columns={columns}
            dataSource={data.rows as Row[]}
            loading={isValidating}
            onChange={onChange}
            pagination={data.totalCount > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: data.totalCount, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description="This contract lists no items." /> }}
          />
        </section>
      </>
    );
  }
  return (
    <DetailFrame title={title} busy={isLoading}>
      {body}
    </DetailFrame>
  );
}
