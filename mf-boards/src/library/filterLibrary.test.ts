import { describe, expect, it } from 'vitest';
import { master } from '../test/fixtures.ts';
import { filterLibrary } from './filterLibrary.ts';

const masters = [
  master(1, { displayName: 'Invoice List', componentType: 'List', componentCategory: 'Invoices' }),
  master(2, { displayName: 'Sales Comparison', componentType: 'Comparison', componentCategory: 'Sales', hasVisual: true }),
  master(3, { displayName: 'Sales Summary', componentType: 'Summary', componentCategory: 'Sales', hasKpi: true }),
  master(4, { displayName: 'Hidden', showInComponentLibrary: false }),
  master(5, { displayName: 'Open Orders Analysis', componentType: 'Analysis', componentCategory: 'Orders', description: 'aging of open orders' }),
];
const names = (groups: ReturnType<typeof filterLibrary>) => groups.map((g) => [g.category, g.masters.map((m) => m.displayName)]);

describe('component library filtering', () => {
  it('groups by category and hides masters not shown in the library', () => {
    expect(names(filterLibrary(masters, '', []))).toEqual([
      ['Invoices', ['Invoice List']],
      ['Orders', ['Open Orders Analysis']],
      ['Sales', ['Sales Comparison', 'Sales Summary']],
    ]);
  });

  it('searches name, description and category, every word', () => {
    expect(names(filterLibrary(masters, 'sales sum', []))).toEqual([['Sales', ['Sales Summary']]]);
    expect(names(filterLibrary(masters, 'AGING', []))).toEqual([['Orders', ['Open Orders Analysis']]]);
  });

  it('chips: component type, Visual (hasVisual), KPI (hasKpi); several chips widen', () => {
    expect(names(filterLibrary(masters, '', ['Visual']))).toEqual([['Sales', ['Sales Comparison']]]);
    expect(names(filterLibrary(masters, '', ['KPI']))).toEqual([['Sales', ['Sales Summary']]]);
    expect(names(filterLibrary(masters, '', ['List', 'Analysis']))).toEqual([
      ['Invoices', ['Invoice List']],
      ['Orders', ['Open Orders Analysis']],
    ]);
    expect(filterLibrary(masters, 'invoice', ['Summary'])).toEqual([]);
  });
});
