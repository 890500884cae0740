import { describe, expect, it } from 'vitest';
import { chartPoints } from './ChartPart.tsx';
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

describe('KPI label', () => {
  it('names a KPI component without repeating its date choice', () => {
    expect(kpiLabel('This Month', 'Sales This Month')).toBe('Sales This Month');
    expect(kpiLabel('Year to Date', 'Sales')).toBe('Sales · Year to Date');
    expect(kpiLabel('Year to Date', undefined)).toBe('Year to Date');
  });
});
