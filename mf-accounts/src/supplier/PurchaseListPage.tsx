/**
 * supplier/purchaseList?supplier=&company= (seed 000 §2 "the supplier's purchase list"): what we
 * buy from a supplier — each item bought from him over the rolling 12 months with what was
 * ordered, received and is still open (PurchaseOrder/Grouped/itemNumber), under his header
 * (Supplier/{supplier}) and the prediction of whether an order placed today arrives by its due
 * date (PurchaseOrder/OnTimePrediction). Purchasing is behind PurchaseAccessRight (403: a note).
 */
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, Skeleton } from '@tradeboard/shared/ui';
import { purchaseOrderGrouped, purchaseOrderOnTimePrediction, supplierById } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { DetailFrame, DetailHeader, FactList, LinkButton, LoadError, RowsTable } from '../details/detailParts.tsx';
import { supplierHref, type LineColumn, type Row } from '../details/documentSpecs.ts';

const PERIOD = 'rolling-12-months';
const COLUMNS: LineColumn[] = [
  { key: 'itemNumber', title: 'Item', link: 'item' },
  { key: 'name', title: 'Description' },
  { key: 'lineCount', title: 'PO lines', type: 'number' },
  { key: 'amount', title: 'Bought', type: 'money' },
  { key: 'receivedAmount', title: 'Received', type: 'money' },
  { key: 'openAmount', title: 'Open', type: 'money' },
];

const percent = (value: number | null) => (value === null ? null : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`);

function Prediction({ supplier, company }: { supplier: string; company: string }): ReactNode {
  const { data, error } = useSWR(['po-prediction', supplier, company], () => api.call(purchaseOrderOnTimePrediction, { body: { supplier, company } }));
  if (error) return <Alert type="warning" showIcon title="The on-time prediction could not be made." />;
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (data.basis === 'NoHistory') return <p className="tb-muted">No purchase order from this supplier was received yet: nothing to predict from.</p>;
  return (
    <FactList
      label="On-time prediction"
      facts={[
        { label: 'On time by the due date', value: percent(data.onTimeProbability) },
        { label: 'Due (quoted lead)', value: data.dueDate, type: 'date' },
        { label: 'Expected receipt', value: data.predictedReceiptDate, type: 'date' },
        { label: 'Lead days (10th–90th)', value: `${data.leadDaysP10}–${data.leadDaysP90} (median ${data.leadDaysMedian})` },
        { label: 'On-time rate', value: percent(data.onTimeRate) },
        { label: 'Received lines', value: data.sampleSize, type: 'number' },
      ]}
    />
  );
}

export default function PurchaseListPage({ search }: { search: string }): ReactNode {
  const params = new URLSearchParams(search);
  const supplier = params.get('supplier')?.trim() ?? '';
  const company = params.get('company')?.trim() ?? '';
  const header = useSWR(supplier && company ? ['supplier', supplier, company] : null, () => api.call(supplierById, { params: { supplier }, query: { company } }));
  const lines = useSWR(supplier && company ? ['purchase-list', supplier, company] : null, () =>
    api.call(purchaseOrderGrouped, {
      params: { groupBy: 'itemNumber' },
      body: {
        dateSlug: PERIOD,
        pageSize: 500,
        sortBy: 'amount',
        sortDir: 'desc',
        filters: [
          { field: 'supplier', comparison: 'equals', values: [supplier] },
          { field: 'company', comparison: 'equals', values: [company] },
        ],
      },
    }),
  );
  if (!supplier || !company) return <Alert type="info" showIcon title="Page Not Found" description="This address names no supplier (supplier and company are needed)." />;
  const title = `Purchase list of ${supplier}`;
  let body: ReactNode;
  if (header.error) body = <LoadError error={header.error} title={`Supplier ${supplier}`} retry={() => void header.mutate()} />;
  else if (!header.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    const s = header.data;
    const rows = (lines.data?.rows ?? []).map((row) => ({ ...row, itemNumber: row.key, company })) as Row[];
    body = (
      <>
        <DetailHeader
          title={title}
          kind="Supplier"
          name={s.supplierName}
          line={[s.supplier, s.city, s.state].filter(Boolean).join(' · ')}
          actions={<LinkButton href={supplierHref(s.supplier, s.company)}>Supplier summary</LinkButton>}
          facts={[
            { label: 'Company', value: s.company },
            { label: 'Terms', value: s.terms },
            { label: 'Quoted lead days', value: s.leadDays, type: 'number' },
            { label: 'Items', value: s.itemCount, type: 'number' },
          ]}
        />
        <section aria-label="On-time prediction" className="tb-document__lines">
          <h3>Will an order placed today arrive on time?</h3>
          <Prediction supplier={s.supplier} company={s.company} />
        </section>
        <section aria-label="Items bought" className="tb-document__lines">
          <h3>Items bought in the last 12 months{lines.data ? ` (${lines.data.totalCount})` : ''}</h3>
          {lines.error ? (
            <LoadError error={lines.error} title="The purchase list" retry={() => void lines.mutate()} />
          ) : !lines.data ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : (
            <RowsTable label="Items bought" columns={COLUMNS} rows={rows} rowKey={(row) => String(row.itemNumber)} empty="Nothing was bought from this supplier in the last 12 months." />
          )}
        </section>
      </>
    );
  }
  return (
    <DetailFrame title={title} busy={header.isLoading || lines.isLoading}>
      {body}
    </DetailFrame>
  );
}
