import { describe, expect, it } from 'vitest';
import { chartPoints, tabUnit, timeGrain } from './ChartPart.tsx';
import { kpiLabel } from './KpiPart.tsx';
import { displayColumns } from './rows.ts';

describe('year over year columns', () => {
  it('shows an array field as one column per year and one chart series per year', () => {
    const result = { years: [{ year: 2026 }, { year: 2025 }], rows: [{ key: 'C1', name: 'Acme', sales: [10, 20] }] };
    const shown = displayColumns([{ dataSource: 'name', title: 'Customer', displayOrder: 0, isVisible: true }, { dataSource: 'sales', title: 'Sales', displayOrder: 1, isVisible: true, format: 'money' }], result);
    expect(shown.map((c) => [c.dataSource, c.title, c.format])).toEqual([
      ['name', 'Customer', undefined],
      ['sales.0', 'Sales 2026', 'money'],
      ['sales.1', 'Sales 2025', 'money'],
    ]);
    const points = chartPoints({ title: 'Sales', chartType: 'column', xField: 'name', yFields: ['sales'] }, result.rows, shown);
    expect(points.map(({ x, series, value }) => [x, series, value])).toEqual([
      ['Acme', 'Sales 2026', 10],
      ['Acme', 'Sales 2025', 20],
    ]);
  });
});

describe('chart points and units', () => {
  const columns = [
    { dataSource: 'key', title: 'Month', displayOrder: 0, isVisible: true, format: 'text' as const },
    { dataSource: 'sales.0', title: 'Sales 2026', displayOrder: 1, isVisible: true, format: 'money' as const },
    { dataSource: 'sales.1', title: 'Sales 2025', displayOrder: 2, isVisible: true, format: 'money' as const },
  ];
  const rows = [
    { key: '10', sales: [100, 90] },
    { key: '11', sales: [50, 95] },
    { key: '12', sales: [0, 120] },
  ];
  const tab = { title: 'Sales', chartType: 'line' as const, xField: 'key', yFields: ['sales'] };

  it('leaves out the current year’s months still to come, not last year’s', () => {
    const years = [{ token: 'current', from: '2026-01-01' }, { token: 'minus1', from: '2025-01-01' }];
    const points = chartPoints(tab, rows, columns, { grain: 'month', years, today: '2026-11-26' });
    expect(points.map((p) => `${p.x} ${p.series}`)).toEqual(['10 Sales 2026', '10 Sales 2025', '11 Sales 2026', '11 Sales 2025', '12 Sales 2025']);
  });

  it('leaves out values that are missing or not numbers instead of drawing them as 0', () => {
    const points = chartPoints({ ...tab, yFields: ['amount'] }, [{ key: 'a', amount: null }, { key: 'b', amount: 'x' }, { key: 'c', amount: 3 }], []);
    expect(points.map((p) => [p.x, p.value])).toEqual([['c', 3]]);
  });

  it('draws counts on a count axis and money on a money axis', () => {
    const counted = [{ dataSource: 'shipmentCount', title: 'Shipments', displayOrder: 0, isVisible: true, format: 'integer' as const }];
    expect(tabUnit({ ...tab, yFields: ['shipmentCount'] }, counted)).toBe('count');
    expect(tabUnit(tab, columns)).toBe('money');
    expect(timeGrain({ dataConfig: { queryParams: { groupBy: 'month' } } })).toBe('month');
    expect(timeGrain({ dataConfig: { pathParams: { groupBy: 'customer' } } })).toBeNull();
  });
});

describe('KPI label', () => {
  it('names a KPI component without repeating its date choice', () => {
    expect(kpiLabel('This Month', 'Sales This Month')).toBe('Sales This Month');
    expect(kpiLabel('Year to Date', 'Sales')).toBe('Sales · Year to Date');
    expect(kpiLabel('Year to Date', undefined)).toBe('Year to Date');
  });
});
