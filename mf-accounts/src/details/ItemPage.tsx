/**
 * The item page (seed 000 details/item?itemNumber=&company=): its header with the stock summed
 * (Inventory/MasterSummary), its master fields (Master), units of measure (Uoms), stock at each
 * location (GET Details), and its newest invoice and purchase order lines (Invoice/ItemHistory,
 * PurchaseOrder/ItemHistory) linked to their pages. Each part loads on its own.
 */
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Alert, Button, Skeleton } from '@tradeboard/shared/ui';
import {
  inventoryAlternateSummary,
  inventoryCustomerPartSummary,
  inventoryItemDetails,
  inventoryMaster,
  inventoryMasterSummary,
  inventorySubstituteSummary,
  inventoryUoms,
  invoiceItemHistory,
  purchaseOrderItemHistory,
} from '@tradeboard/shared/contracts';
import { api, apiStatus, errorMessage } from '@tradeboard/shared/web';
import { DetailFrame, DetailHeader, FactList, LinkButton, LoadError, PageLink, RowsTable } from './detailParts.tsx';
import { itemBoardHref, itemHref, supplierHref, type LineColumn, type Row } from './documentSpecs.ts';

/** How many of the newest history lines the page shows. */
const HISTORY_LINES = 25;

const STOCK_COLUMNS: LineColumn[] = [
  { key: 'location', title: 'Location' },
  { key: 'qtyOnHand', title: 'On hand', type: 'number' },
  { key: 'qtyAvailable', title: 'Available', type: 'number' },
  { key: 'qtyCommitted', title: 'Committed', type: 'number' },
  { key: 'qtyOnOrder', title: 'On order', type: 'number' },
  { key: 'reorderPoint', title: 'Reorder point', type: 'number' },
  { key: 'value', title: 'Value', type: 'money' },
  { key: 'lastSoldDate', title: 'Last sold', type: 'date' },
  { key: 'lastReceivedDate', title: 'Last received', type: 'date' },
];
const UOM_COLUMNS: LineColumn[] = [
  { key: 'uom', title: 'Unit' },
  { key: 'conversionFactor', title: 'Base units', type: 'number' },
  { key: 'upc', title: 'UPC' },
  { key: 'listPrice', title: 'List price', type: 'money' },
  { key: 'sellable', title: 'Sold in' },
  { key: 'purchasable', title: 'Bought in' },
];
const ALTERNATE_COLUMNS: LineColumn[] = [
  { key: 'alternateCode', title: 'Alternate code' },
  { key: 'codeType', title: 'Kind' },
];
const SUBSTITUTE_COLUMNS: LineColumn[] = [
  { key: 'substituteItemNumber', title: 'Substitute', link: 'item' },
  { key: 'substituteDescription', title: 'Description' },
  { key: 'interchangeable', title: 'Either way' },
  { key: 'reason', title: 'Reason' },
  { key: 'substituteQtyAvailable', title: 'Available', type: 'number' },
  { key: 'substituteListPrice', title: 'List price', type: 'money' },
];
const CUSTOMER_PART_COLUMNS: LineColumn[] = [
  { key: 'customerPartNumber', title: 'Customer part number' },
  { key: 'customerName', title: 'Customer' },
  { key: 'customer', title: 'Code' },
  { key: 'customerPartDescription', title: 'Their description' },
];
const INVOICE_COLUMNS: LineColumn[] = [
  { key: 'invoiceNumber', title: 'Invoice', link: 'invoice' },
  { key: 'invoiceDate', title: 'Date', type: 'date' },
  { key: 'customerName', title: 'Customer' },
  { key: 'qty', title: 'Qty', type: 'number' },
  { key: 'unitPrice', title: 'Unit price', type: 'money' },
  { key: 'sales', title: 'Amount', type: 'money' },
];
const PO_COLUMNS: LineColumn[] = [
  { key: 'poNumber', title: 'PO', link: 'purchaseOrder' },
  { key: 'orderDate', title: 'Ordered', type: 'date' },
  { key: 'supplierName', title: 'Supplier' },
  { key: 'location', title: 'Location' },
  { key: 'qtyOrdered', title: 'Ordered', type: 'number' },
  { key: 'qtyReceived', title: 'Received', type: 'number' },
  { key: 'unitCost', title: 'Unit cost', type: 'money' },
  { key: 'dueDate', title: 'Due', type: 'date' },
];

type Load<T> = { data?: T; error?: unknown; mutate: () => unknown };

/** One part of the page: a skeleton while it loads, its error (403 as a note), or its content. */
function Part<T>({ title, load, forbidden, children }: { title: string; load: Load<T>; forbidden?: string; children: (data: T) => ReactNode }): ReactNode {
  let body: ReactNode;
  if (load.error) {
    body =
      forbidden && apiStatus(load.error) === 403 ? (
        <p className="tb-muted">{forbidden}</p>
      ) : (
        <Alert type="error" showIcon title={`${title} could not be loaded.`} description={errorMessage(load.error)} action={<Button onClick={() => void load.mutate()}>Retry</Button>} />
      );
  } else if (!load.data) {
    body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  } else {
    body = children(load.data);
  }
  return (
    <section aria-label={title} className="tb-document__lines">
      <h3>{title}</h3>
      {body}
    </section>
  );
}

const byLine = (...keys: string[]) => (row: Row) => keys.map((k) => String(row[k])).join('/');

function ItemParts({ itemNumber, company }: { itemNumber: string; company: string }): ReactNode {
  const query = { itemNumber, company };
  const master = useSWR(['item-master', itemNumber, company], () => api.call(inventoryMaster, { query }));
  const uoms = useSWR(['item-uoms', itemNumber, company], () => api.call(inventoryUoms, { query }));
  const stock = useSWR(['item-stock', itemNumber, company], () => api.call(inventoryItemDetails, { query }));
  const company1 = [{ field: 'company', comparison: 'equals' as const, values: [company] }];
  const invoices = useSWR(['item-invoices', itemNumber, company], () => api.call(invoiceItemHistory, { body: { itemNumber, pageSize: HISTORY_LINES, filters: company1 } }));
  const pos = useSWR(['item-pos', itemNumber, company], () => api.call(purchaseOrderItemHistory, { body: { itemNumber, company, pageSize: HISTORY_LINES } }));
  // The codes the item is known by: every one of them, in or out of stock (inStockOnly false).
  const codes = { ...query, inStockOnly: false };
  const alternates = useSWR(['item-alternates', itemNumber, company], () => api.call(inventoryAlternateSummary, { query: codes, body: { pageSize: 100 } }));
  const substitutes = useSWR(['item-substitutes', itemNumber, company], () => api.call(inventorySubstituteSummary, { query: codes, body: { pageSize: 100 } }));
  const itemOnly = [...company1, { field: 'itemNumber', comparison: 'equals' as const, values: [itemNumber] }];
  const parts = useSWR(['item-customer-parts', itemNumber, company], () =>
    api.call(inventoryCustomerPartSummary, { query: { inStockOnly: false, company }, body: { pageSize: 100, filters: itemOnly, sortBy: 'customerName' } }),
  );
  const shownOf = (total: number, count: number) => (total > count ? ` (newest ${count} of ${total})` : ` (${total})`);
  return (
    <>
      <Part title="Master data" load={master}>
        {(m) => (
          <>
            <FactList
              label="Master data"
              facts={[
                { label: 'Supplier part number', value: m.supplierPartNumber },
                { label: 'Unit of measure', value: m.unitOfMeasure },
                { label: 'UPC', value: m.upc },
                { label: 'Short code', value: m.shortCode },
                { label: 'Unit cost', value: m.unitCost, type: 'money' },
                { label: 'List price', value: m.listPrice, type: 'money' },
                { label: 'Stockable', value: m.stockable ? 'Yes' : 'No' },
                { label: 'Kit', value: m.isKit ? 'Yes' : 'No' },
                { label: 'Created', value: m.createdDate, type: 'date' },
              ]}
            />
            {m.extendedDescription && (
              <p className="tb-document__text tb-muted" aria-label="Extended description">
                {m.extendedDescription}
              </p>
            )}
            {m.companies.length > 1 && (
              <p className="tb-muted">
                Also kept in company{' '}
                {m.companies
                  .filter((c) => c !== company)
                  .map((c, i) => (
                    <span key={c}>
                      {i > 0 && ', '}
                      <PageLink href={itemHref(itemNumber, c)}>{c}</PageLink>
                    </span>
                  ))}
              </p>
            )}
          </>
        )}
      </Part>
      <Part title="Units of measure" load={uoms}>
        {(u) => <RowsTable label="Units of measure" columns={UOM_COLUMNS} rows={u.rows as Row[]} rowKey={byLine('uom')} empty="This item has no units of measure." />}
      </Part>
      <Part title="Alternate codes" load={alternates}>
        {(a) => <RowsTable label="Alternate codes" columns={ALTERNATE_COLUMNS} rows={a.rows as Row[]} rowKey={byLine('alternateCode')} empty="This item is known by no other number." />}
      </Part>
      <Part title="Substitutes" load={substitutes}>
        {(x) => <RowsTable label="Substitutes" columns={SUBSTITUTE_COLUMNS} rows={x.rows as Row[]} rowKey={byLine('substituteItemNumber')} empty="No other item is sold in this one's place." />}
      </Part>
      <Part title="Customer part numbers" load={parts}>
        {(p) => <RowsTable label="Customer part numbers" columns={CUSTOMER_PART_COLUMNS} rows={p.rows as Row[]} rowKey={byLine('customer')} empty="None of your customers orders this item by a number of their own." />}
      </Part>
      <Part title="Stock by location" load={stock}>
        {(s) => <RowsTable label="Stock by location" columns={STOCK_COLUMNS} rows={s.rows as Row[]} rowKey={byLine('location')} empty="This item is kept at no location." />}
      </Part>
      <Part title={`Invoice history${invoices.data ? shownOf(invoices.data.totalCount, invoices.data.rows.length) : ''}`} load={invoices}>
        {(h) => <RowsTable label="Invoice history" columns={INVOICE_COLUMNS} rows={h.rows as Row[]} rowKey={byLine('company', 'invoiceNumber', 'invoiceLineNumber')} empty="None of your customers was invoiced this item." />}
      </Part>
      <Part title={`Purchase order history${pos.data ? shownOf(pos.data.totalCount, pos.data.rows.length) : ''}`} load={pos} forbidden="Your role does not show purchase orders.">
        {(h) => <RowsTable label="Purchase order history" columns={PO_COLUMNS} rows={h.rows as Row[]} rowKey={byLine('company', 'poNumber', 'poLineNumber')} empty="This item was never bought on a purchase order." />}
      </Part>
    </>
  );
}

/** /details/item?itemNumber=…&company=…: the header first, then the parts once the item (and its company) is known. */
export default function ItemPage({ search }: { search: string }): ReactNode {
  const params = new URLSearchParams(search);
  const itemNumber = params.get('itemNumber')?.trim() ?? '';
  const company = params.get('company') ?? undefined;
  const { data, error, isLoading, mutate } = useSWR(itemNumber ? ['item-summary', itemNumber, company ?? ''] : null, () =>
    api.call(inventoryMasterSummary, { query: { itemNumber, ...(company ? { company } : {}) } }),
  );
  if (!itemNumber) return <Alert type="info" showIcon title="Page Not Found" description="This address names no item (itemNumber is missing)." />;
  const title = `Item ${itemNumber}`;
  let body: ReactNode;
  if (error) {
    body = <LoadError error={error} title={title} retry={() => void mutate()} />;
  } else if (isLoading || !data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <>
        <DetailHeader
          title={title}
          kind="Item"
          name={data.itemNumber}
          status={data.qtyOnHand > 0 ? 'In stock' : 'Out of stock'}
          line={data.description}
          actions={<LinkButton href={itemBoardHref(data.itemNumber)}>Item board</LinkButton>}
          facts={[
            { label: 'Product group', value: data.productGroupName ? `${data.productGroupName} (${data.productGroup})` : data.productGroup },
            { label: 'Supplier', value: data.supplierName ? `${data.supplierName} (${data.supplier})` : data.supplier, href: supplierHref(data.supplier, data.company) },
            { label: 'Company', value: data.company },
            { label: 'On hand', value: data.qtyOnHand, type: 'number' },
            { label: 'Available', value: data.qtyAvailable, type: 'number' },
            { label: 'Committed', value: data.qtyCommitted, type: 'number' },
            { label: 'On order', value: data.qtyOnOrder, type: 'number' },
            { label: 'Stock value', value: data.value, type: 'money' },
            { label: 'List price', value: data.listPrice, type: 'money' },
            { label: 'Last sold', value: data.lastSoldDate, type: 'date' },
            { label: 'Last received', value: data.lastReceivedDate, type: 'date' },
          ]}
        />
        <ItemParts itemNumber={data.itemNumber} company={data.company} />
      </>
    );
  }
  return (
    <DetailFrame title={title} busy={isLoading}>
      {body}
    </DetailFrame>
  );
}
