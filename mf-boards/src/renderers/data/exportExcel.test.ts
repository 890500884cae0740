import { describe, expect, it } from 'vitest';
import { initialViewState, type ColumnConfigValue, type ComponentConfigValue } from '@tradeboard/shared/boards';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { buildWorkbook, EXPORT_PAGE_SIZE, exportFileName, fetchAllRows } from './exportExcel.ts';
import { formatMoney } from '@tradeboard/shared/boards';
import { drillHref, formatCell } from './format.ts';

const config: ComponentConfigValue = {
  outputModel: 'List',
  dataConfig: { queryString: '/Invoice/Details', queryParams: { dateSlug: 'last-year' }, sortBy: 'sales', sortDir: 'desc' },
};

describe('fetchAllRows', () => {
  it('pages through every row of the current query at the largest page size, reporting progress', async () => {
    const total = EXPORT_PAGE_SIZE + 20;
    const fetchMock = mockFetch({
      'POST /api/Invoice/Details': ({ body }) => {
        const { pageNumber, pageSize } = body as { pageNumber: number; pageSize: number };
        const start = (pageNumber - 1) * pageSize;
        const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({ invoiceNumber: `I${start + i}` }));
        return { json: { pageNumber, pageSize, totalCount: total, rows } };
      },
    });
    const progress: number[] = [];
    const view = { ...initialViewState(config), pageNumber: 4, searchString: 'acme' };
    const rows = await fetchAllRows({ config, view, boardFilters: [], autoSortEnabled: true }, (done) => progress.push(done));
    expect(rows).toHaveLength(total);
    expect(rows.at(-1)).toEqual({ invoiceNumber: `I${total - 1}` });
    expect(progress).toEqual([EXPORT_PAGE_SIZE, total]);
    expect(callsTo(fetchMock, 'POST /api/Invoice/Details').map((c) => c.body)).toEqual([
      expect.objectContaining({ pageNumber: 1, pageSize: EXPORT_PAGE_SIZE, searchString: 'acme', sortBy: 'sales', dateSlug: 'last-year' }),
      expect.objectContaining({ pageNumber: 2, pageSize: EXPORT_PAGE_SIZE }),
    ]);
  });
});

describe('buildWorkbook', () => {
  it('writes the visible columns in their order with titles, numbers and the screen formats', async () => {
    const columns: ColumnConfigValue[] = [
      { dataSource: 'name', title: 'Customer', displayOrder: 0, isVisible: true },
      { dataSource: 'sales', title: 'Sales', displayOrder: 1, isVisible: true, format: 'money' },
      { dataSource: 'grossProfitPercent', title: 'GP %', displayOrder: 2, isVisible: true, format: 'percent' },
      { dataSource: 'invoiceDate', title: 'Date', displayOrder: 3, isVisible: true, format: 'date' },
    ];
    const workbook = await buildWorkbook('Top Customers: 2026', columns, [
      { name: 'Acme', sales: 1234.56, grossProfitPercent: 12.345, invoiceDate: '2026-03-04', hidden: 'x' },
      { name: 'Bolt', sales: 99, grossProfitPercent: null, invoiceDate: '2026-03-05' },
    ]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Top Customers  2026');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Customer', 'Sales', 'GP %', 'Date']);
    expect(values(2)).toEqual(['Acme', 1234.56, '12.3%', '03/04/2026']);
    expect(values(3)).toEqual(['Bolt', 99, '', '03/05/2026']);
    expect(sheet.getCell('B2').numFmt).toBe('"$"#,##0;-"$"#,##0');
    // Read back from the file it writes, as a user's Excel would.
    const ExcelJS = (await import('exceljs')).default;
    const reread = new ExcelJS.Workbook();
    await reread.xlsx.load(await workbook.xlsx.writeBuffer());
    expect(reread.worksheets[0]!.rowCount).toBe(3);
    expect(exportFileName('Top Customers: 2026')).toBe('Top Customers 2026.xlsx');
  });
});

describe('formats and drill-through', () => {
  it('shows money as US dollars with no decimals', () => {
    expect(formatMoney(1234567.5)).toBe('$1,234,568');
    expect(formatCell(-42.4, 'money')).toBe('-$42');
    expect(formatCell(12.345, 'percent')).toBe('12.3%');
    expect(formatCell(null, 'money')).toBe('');
  });

  it('links accounts, items and documents', () => {
    expect(drillHref('account', { key: 'C7' })).toBe('/accountSummary?accountType=customer&accountId=C7');
    expect(drillHref('invoice', { invoiceNumber: 'I1', customer: 'C1', company: '02' })).toBe('/details/invoice/I1?company=02');
    expect(drillHref('order', { orderNumber: 'O 1/2' })).toBe('/details/order/O%201%2F2');
    expect(drillHref('quote', { quoteNumber: 'Q9', company: '01' })).toBe('/details/quote/Q9?company=01');
    expect(drillHref('purchaseOrder', { poNumber: 'P5', company: '01' })).toBe('/details/purchaseOrder/P5?company=01');
    // A row without the number still reaches its account.
    expect(drillHref('invoice', { customer: 'C1', company: '02' })).toBe('/accountSummary?accountType=customer&accountId=C1&company=02');
    expect(drillHref('item', { itemNumber: 'A 1' })).toBe('/details/item?itemNumber=A+1');
    expect(drillHref('item', { itemNumber: 'A 1', company: '02' })).toBe('/details/item?itemNumber=A+1&company=02');
    expect(drillHref('account', { name: 'nobody' })).toBeNull();
  });
});
