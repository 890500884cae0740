import { describe, expect, it } from 'vitest';
import { commonUnit, formatCategory, formatCompact, formatDate, formatDateRange, formatValue, truncateLabel, unitOfFormat } from './format.ts';

describe('figures', () => {
  it('formats each unit in full, and nothing for a figure that is not a number', () => {
    expect(formatValue(1234567.5, 'money')).toBe('$1,234,568');
    expect(formatValue(-42.4, 'money')).toBe('-$42');
    expect(formatValue(12.345, 'percent')).toBe('12.3%');
    expect(formatValue(1234, 'count')).toBe('1,234');
    expect(formatValue(1.256, 'number')).toBe('1.26');
    for (const unit of ['money', 'count', 'number', 'percent'] as const) {
      expect(formatValue(Number.NaN, unit)).toBe('');
      expect(formatValue(Number.POSITIVE_INFINITY, unit)).toBe('');
      expect(formatValue(null, unit)).toBe('');
      expect(formatCompact(undefined, unit)).toBe('');
    }
  });

  it('abbreviates large values for axes', () => {
    expect(formatCompact(1_500_000, 'money')).toBe('$1.5M');
    expect(formatCompact(250_000, 'money')).toBe('$250K');
    expect(formatCompact(0, 'money')).toBe('$0');
    expect(formatCompact(12_400, 'count')).toBe('12.4K');
    expect(formatCompact(45, 'percent')).toBe('45%');
  });

  it('never puts a count on a money axis', () => {
    expect(unitOfFormat('integer')).toBe('count');
    expect(unitOfFormat('text')).toBeNull();
    expect(commonUnit(['money', 'money'])).toBe('money');
    expect(commonUnit(['count'])).toBe('count');
    expect(commonUnit(['money', 'count'])).toBe('number');
    expect(commonUnit([null])).toBe('number');
  });
});

describe('dates in the user’s DateFormatSetting', () => {
  it('reads an ISO calendar date in any pattern, without time zones', () => {
    expect(formatDate('2026-11-05')).toBe('11/05/2026');
    expect(formatDate('2026-11-05T23:30:00Z')).toBe('11/05/2026');
    expect(formatDate('2026-11-05', 'dd.MM.yyyy')).toBe('05.11.2026');
    expect(formatDate('2026-11-05', 'yyyy-MM-dd')).toBe('2026-11-05');
    expect(formatDate('2026-11-05', 'M/d/yy')).toBe('11/5/26');
    expect(formatDate('2026-03-05', 'd MMM yyyy')).toBe('5 Mar 2026');
    expect(formatDate('next week')).toBe('next week');
    expect(formatDateRange('2025-11-01', '2025-11-26')).toBe('11/01/2025 – 11/26/2025');
    expect(formatDateRange('2025-11-01', '2025-11-01', 'dd/MM/yyyy')).toBe('01/11/2025');
  });

  it('names periods on a time axis, short after the first tick, and keeps other labels', () => {
    expect(formatCategory('2026-01', 'month')).toBe('Jan 2026');
    expect(formatCategory('2026-02', 'month', undefined, true)).toBe('Feb');
    expect(formatCategory('2026-01', 'month', undefined, true)).toBe('Jan 2026');
    expect(formatCategory('03', 'month')).toBe('Mar');
    expect(formatCategory('2025-Q4', 'quarter')).toBe('Q4 2025');
    expect(formatCategory('2026-Q2', 'quarter', undefined, true)).toBe('Q2');
    expect(formatCategory('2026-11-20', 'day')).toBe('11/20/2026');
    expect(formatCategory('2026-11-20', 'day', 'MM/dd/yyyy', true)).toBe('11/20');
    expect(formatCategory('2026-11-20', 'day', 'yyyy-MM-dd', true)).toBe('11-20');
    expect(formatCategory('2026-11-20', 'day', 'dd.MM.yyyy', true)).toBe('20.11');
    // A name is a name, even one that looks like a number.
    expect(formatCategory('03', null)).toBe('03');
    expect(formatCategory('Northern Packaging Corp', null)).toBe('Northern Packaging Corp');
    expect(truncateLabel('Northern Packaging Corporation', 18)).toBe('Northern Packagin…');
    expect(truncateLabel('Acme', 18)).toBe('Acme');
  });
});
