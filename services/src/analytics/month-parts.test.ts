import { describe, expect, it } from 'vitest';
import { monthParts } from './month-parts.ts';

describe('monthParts', () => {
  it('splits a range into whole months and partial edge months', () => {
    expect(monthParts({ from: '2026-01-15', to: '2026-04-10' }, '2026-11-20')).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      edges: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(monthParts({ from: '2026-01-01', to: '2026-03-31' }, null)).toEqual({ months: { from: '2026-01-01', to: '2026-03-01' }, edges: [] });
  });

  it('a range within one month is an edge alone', () => {
    expect(monthParts({ from: '2026-03-02', to: '2026-03-30' }, null)).toEqual({ months: null, edges: [{ from: '2026-03-02', to: '2026-03-30' }] });
  });

  it('a range running to the end of the data holds its last month whole', () => {
    expect(monthParts({ from: '2026-01-01', to: '2026-11-20' }, '2026-11-20')).toEqual({ months: { from: '2026-01-01', to: '2026-11-01' }, edges: [] });
    expect(monthParts({ from: '2026-11-01', to: '2026-11-30' }, '2026-11-20')).toEqual({ months: { from: '2026-11-01', to: '2026-11-01' }, edges: [] });
    // Short of the end of the data, the month's days still come from the finer source.
    expect(monthParts({ from: '2025-01-01', to: '2025-11-20' }, '2026-11-20')).toEqual({
      months: { from: '2025-01-01', to: '2025-10-01' },
      edges: [{ from: '2025-11-01', to: '2025-11-20' }],
    });
  });
});
