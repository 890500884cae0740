import { describe, expect, it } from 'vitest';
import {
  addMonths,
  customDateSlug,
  customRangeSlug,
  DATE_CHOICES,
  DATE_SLUGS,
  DATE_WINDOW,
  DateSlugError,
  daysIn,
  DUE_DATE_CHOICES,
  fiscalMonthOf,
  fiscalQuarterOf,
  fiscalYearOf,
  fiscalYearRange,
  isDateInWindow,
  isDateSlug,
  parseFiscalYearSetting,
  resolveDateSlug,
  resolveDueDateChoice,
  resolveYearToken,
  toIsoDate,
} from './index.ts';

const r = (slug: string, today: string, fiscalYear?: string) => {
  const x = resolveDateSlug(slug, { today, fiscalYear });
  return { from: x.from, to: x.to, cmp: x.comparison && [x.comparison.from, x.comparison.to] };
};

describe('date arithmetic', () => {
  it('adds months clamping to the month end, across years and leap days', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('takes a Date by its local calendar day', () => {
    expect(toIsoDate(new Date(2026, 10, 20, 23, 59))).toBe('2026-11-20');
    expect(resolveDateSlug('today', { today: new Date(2026, 0, 1, 0, 0) }).from).toBe('2026-01-01');
  });

  it('rejects a malformed today', () => {
    expect(() => resolveDateSlug('today', { today: '2026-02-30' })).toThrow(RangeError);
    expect(() => resolveDateSlug('today', { today: 'yesterday' })).toThrow(RangeError);
  });
});

describe('days and weeks (Sunday weeks, compared 52 weeks earlier)', () => {
  it('today, yesterday, tomorrow across a year boundary', () => {
    expect(r('today', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01', cmp: ['2025-01-02', '2025-01-02'] });
    expect(r('yesterday', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31', cmp: ['2025-01-01', '2025-01-01'] });
    expect(r('tomorrow', '2025-12-31')).toEqual({ from: '2026-01-01', to: '2026-01-01', cmp: ['2025-01-02', '2025-01-02'] });
    expect(r('tomorrow', '2024-02-28').from).toBe('2024-02-29');
  });

  it('compares a day with the same weekday a year earlier', () => {
    const x = resolveDateSlug('today', { today: '2026-11-20' }); // a Friday
    expect(new Date(`${x.comparison!.from}T00:00:00Z`).getUTCDay()).toBe(5);
  });

  it('this week runs from Sunday to today; last and next week are whole', () => {
    // 2026-11-20 is a Friday.
    expect(r('this-week', '2026-11-20')).toEqual({ from: '2026-11-15', to: '2026-11-20', cmp: ['2025-11-16', '2025-11-21'] });
    expect(resolveDateSlug('this-week', { today: '2026-11-20' }).periodEnd).toBe('2026-11-21');
    expect(r('last-week', '2026-11-20')).toEqual({ from: '2026-11-08', to: '2026-11-14', cmp: ['2025-11-09', '2025-11-15'] });
    expect(r('next-week', '2026-11-20')).toEqual({ from: '2026-11-22', to: '2026-11-28', cmp: ['2025-11-23', '2025-11-29'] });
    // On a Sunday the week starts today; across the new year.
    expect(r('this-week', '2026-11-15').from).toBe('2026-11-15');
    expect(r('this-week', '2027-01-01')).toMatchObject({ from: '2026-12-27', to: '2027-01-01' });
    expect(r('last-week', '2027-01-02')).toMatchObject({ from: '2026-12-20', to: '2026-12-26' });
  });

  it('honours another week start', () => {
    const x = resolveDateSlug('this-week', { today: '2026-11-20', weekStartsOn: 1 });
    expect([x.from, x.to, x.periodEnd]).toEqual(['2026-11-16', '2026-11-20', '2026-11-22']);
  });
});

describe('months (like with like: same days of last year’s month)', () => {
  it('this month is month to date, compared with the same days last year', () => {
    expect(r('this-month', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20', cmp: ['2025-11-01', '2025-11-20'] });
    expect(resolveDateSlug('this-month', { today: '2026-11-20' }).periodEnd).toBe('2026-11-30');
    expect(r('this-month', '2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-02-29', cmp: ['2023-02-01', '2023-02-28'] });
    expect(r('this-month', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01', cmp: ['2025-01-01', '2025-01-01'] });
  });

  it('last and next month are whole months, compared with the same months last year', () => {
    expect(r('last-month', '2026-11-20')).toEqual({ from: '2026-10-01', to: '2026-10-31', cmp: ['2025-10-01', '2025-10-31'] });
    expect(r('last-month', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31', cmp: ['2024-12-01', '2024-12-31'] });
    expect(r('last-month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29', cmp: ['2023-02-01', '2023-02-28'] });
    expect(r('last-month', '2025-03-15')).toEqual({ from: '2025-02-01', to: '2025-02-28', cmp: ['2024-02-01', '2024-02-29'] });
    expect(r('next-month', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-31', cmp: ['2026-01-01', '2026-01-31'] });
    expect(r('next-month', '2024-01-31')).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('rolling months include this month so far; last months are whole months before it', () => {
    expect(r('rolling-3-months', '2026-11-20')).toEqual({ from: '2026-09-01', to: '2026-11-20', cmp: ['2025-09-01', '2025-11-20'] });
    expect(r('rolling-6-months', '2026-03-31')).toMatchObject({ from: '2025-10-01', to: '2026-03-31' });
    expect(r('rolling-12-months', '2026-11-20')).toMatchObject({ from: '2025-12-01', to: '2026-11-20' });
    expect(r('last-3-months', '2026-11-20')).toEqual({ from: '2026-08-01', to: '2026-10-31', cmp: ['2025-08-01', '2025-10-31'] });
    expect(r('last-6-months', '2026-02-10')).toMatchObject({ from: '2025-08-01', to: '2026-01-31' });
    expect(r('last-12-months', '2026-01-05')).toEqual({ from: '2025-01-01', to: '2025-12-31', cmp: ['2024-01-01', '2024-12-31'] });
    expect(r('last-3-months', '2024-03-01')).toEqual({ from: '2023-12-01', to: '2024-02-29', cmp: ['2022-12-01', '2023-02-28'] });
  });
});

describe('last N days', () => {
  it.each([30, 60, 90, 365])('last %i days end today and span exactly that many days', (n) => {
    for (const today of ['2026-11-20', '2024-02-29', '2026-01-01', '2025-03-01']) {
      const x = resolveDateSlug(`last-${n}-days`, { today });
      expect(x.to).toBe(today);
      expect(daysIn(x)).toBe(n);
      expect(x.comparison!.to < x.from).toBe(true); // never overlaps the period
    }
  });

  it('compares with the same dates a year earlier', () => {
    expect(r('last-30-days', '2026-11-20')).toEqual({ from: '2026-10-22', to: '2026-11-20', cmp: ['2025-10-22', '2025-11-20'] });
    expect(r('last-30-days', '2024-03-15').cmp).toEqual(['2023-02-15', '2023-03-15']);
  });
});

describe('years (calendar)', () => {
  it('year to date compares with the same days last year', () => {
    expect(r('year-to-date', '2026-11-20')).toEqual({ from: '2026-01-01', to: '2026-11-20', cmp: ['2025-01-01', '2025-11-20'] });
    expect(r('year-to-date', '2024-02-29')).toEqual({ from: '2024-01-01', to: '2024-02-29', cmp: ['2023-01-01', '2023-02-28'] });
    expect(r('year-to-date', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01', cmp: ['2025-01-01', '2025-01-01'] });
  });

  it('last year YTD and last year', () => {
    expect(r('last-year-to-date', '2026-11-20')).toEqual({ from: '2025-01-01', to: '2025-11-20', cmp: ['2024-01-01', '2024-11-20'] });
    expect(r('last-year-to-date', '2025-02-28')).toEqual({ from: '2024-01-01', to: '2024-02-28', cmp: ['2023-01-01', '2023-02-28'] });
    expect(r('last-year', '2026-11-20')).toEqual({ from: '2025-01-01', to: '2025-12-31', cmp: ['2024-01-01', '2024-12-31'] });
    expect(r('last-year', '2026-01-01')).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('quarters (calendar)', () => {
  it('current quarter to date, compared with the same days of that quarter last year', () => {
    expect(r('current-quarter', '2026-11-20')).toEqual({ from: '2026-10-01', to: '2026-11-20', cmp: ['2025-10-01', '2025-11-20'] });
    expect(resolveDateSlug('current-quarter', { today: '2026-11-20' }).periodEnd).toBe('2026-12-31');
    expect(r('current-quarter', '2026-01-01')).toMatchObject({ from: '2026-01-01', to: '2026-01-01' });
    expect(r('current-quarter', '2024-03-31')).toMatchObject({ from: '2024-01-01', to: '2024-03-31' });
  });

  it('last quarter is whole, compared with the same quarter last year', () => {
    expect(r('last-quarter', '2026-11-20')).toEqual({ from: '2026-07-01', to: '2026-09-30', cmp: ['2025-07-01', '2025-09-30'] });
    expect(r('last-quarter', '2026-02-15')).toEqual({ from: '2025-10-01', to: '2025-12-31', cmp: ['2024-10-01', '2024-12-31'] });
    expect(r('last-quarter', '2024-04-01')).toEqual({ from: '2024-01-01', to: '2024-03-31', cmp: ['2023-01-01', '2023-03-31'] });
  });
});

describe('the FiscalYear setting', () => {
  it('reads the seed default 1990 as the calendar year, and other forms as a start month and day', () => {
    expect(parseFiscalYearSetting('1990')).toEqual({ month: 1, day: 1 });
    expect(parseFiscalYearSetting(undefined)).toEqual({ month: 1, day: 1 });
    expect(parseFiscalYearSetting('')).toEqual({ month: 1, day: 1 });
    expect(parseFiscalYearSetting('1990-07-01')).toEqual({ month: 7, day: 1 });
    expect(parseFiscalYearSetting('10/01/1990')).toEqual({ month: 10, day: 1 });
    expect(parseFiscalYearSetting('04-06')).toEqual({ month: 4, day: 6 });
    expect(parseFiscalYearSetting('0401')).toEqual({ month: 4, day: 1 });
    expect(parseFiscalYearSetting('7')).toEqual({ month: 7, day: 1 });
    expect(parseFiscalYearSetting('1990-02-31')).toEqual({ month: 2, day: 29 });
    expect(parseFiscalYearSetting('13')).toEqual({ month: 1, day: 1 });
    expect(parseFiscalYearSetting('nonsense')).toEqual({ month: 1, day: 1 });
  });

  it('names a fiscal year by the calendar year it ends in', () => {
    expect(fiscalYearOf('2026-11-20', '1990')).toEqual({ from: '2026-01-01', to: '2026-12-31', fiscalYear: 2026 });
    expect(fiscalYearOf('2026-11-20', '1990-07-01')).toEqual({ from: '2026-07-01', to: '2027-06-30', fiscalYear: 2027 });
    expect(fiscalYearOf('2026-06-30', '1990-07-01')).toEqual({ from: '2025-07-01', to: '2026-06-30', fiscalYear: 2026 });
    expect(fiscalYearOf('2026-07-01', '1990-07-01').fiscalYear).toBe(2027);
    expect(fiscalYearRange(2027, '1990-07-01')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(fiscalYearRange(2026, '1990')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    // A year that starts on 29 February where there is one, else on the 28th.
    expect(fiscalYearOf('2024-03-01', '1990-02-29')).toEqual({ from: '2024-02-29', to: '2025-02-27', fiscalYear: 2025 });
    expect(fiscalYearOf('2025-02-28', '1990-02-29')).toEqual({ from: '2025-02-28', to: '2026-02-27', fiscalYear: 2026 });
  });

  it('splits the fiscal year into quarters and months from its start', () => {
    expect(fiscalQuarterOf('2026-11-20', '1990-07-01')).toEqual({ from: '2026-10-01', to: '2026-12-31', quarter: 2, fiscalYear: 2027 });
    expect(fiscalQuarterOf('2026-06-30', '1990-07-01')).toEqual({ from: '2026-04-01', to: '2026-06-30', quarter: 4, fiscalYear: 2026 });
    expect(fiscalQuarterOf('2026-02-14', '1990-10-15')).toEqual({ from: '2026-01-15', to: '2026-04-14', quarter: 2, fiscalYear: 2026 });
    expect(fiscalMonthOf('2026-07-01', '1990-07-01')).toBe(1);
    expect(fiscalMonthOf('2026-06-30', '1990-07-01')).toBe(12);
    expect(fiscalMonthOf('2026-11-20', '1990')).toBe(11);
  });

  it('fiscal YTD equals calendar YTD under the default setting', () => {
    for (const today of ['2026-11-20', '2024-02-29', '2026-01-01']) {
      expect(r('fiscal-year-to-date', today)).toEqual(r('year-to-date', today));
      expect(r('current-fiscal-quarter', today)).toEqual(r('current-quarter', today));
      expect(r('last-fiscal-quarter', today)).toEqual(r('last-quarter', today));
      expect(r('last-fiscal-year', today)).toEqual(r('last-year', today));
    }
  });

  it('fiscal periods for a year starting in July', () => {
    const fy = '1990-07-01';
    expect(r('fiscal-year-to-date', '2026-11-20', fy)).toEqual({ from: '2026-07-01', to: '2026-11-20', cmp: ['2025-07-01', '2025-11-20'] });
    expect(r('fiscal-year-to-date', '2026-06-30', fy)).toEqual({ from: '2025-07-01', to: '2026-06-30', cmp: ['2024-07-01', '2025-06-30'] });
    expect(r('fiscal-year-to-date', '2026-07-01', fy)).toEqual({ from: '2026-07-01', to: '2026-07-01', cmp: ['2025-07-01', '2025-07-01'] });
    expect(r('current-fiscal-quarter', '2026-11-20', fy)).toEqual({ from: '2026-10-01', to: '2026-11-20', cmp: ['2025-10-01', '2025-11-20'] });
    expect(r('last-fiscal-quarter', '2026-11-20', fy)).toEqual({ from: '2026-07-01', to: '2026-09-30', cmp: ['2025-07-01', '2025-09-30'] });
    expect(r('last-fiscal-quarter', '2026-08-01', fy)).toEqual({ from: '2026-04-01', to: '2026-06-30', cmp: ['2025-04-01', '2025-06-30'] });
    expect(r('last-fiscal-year', '2026-11-20', fy)).toEqual({ from: '2025-07-01', to: '2026-06-30', cmp: ['2024-07-01', '2025-06-30'] });
  });

  it('fiscal periods for a year starting mid-month across a leap day', () => {
    const fy = '02/15/1990';
    expect(r('fiscal-year-to-date', '2024-03-01', fy)).toEqual({ from: '2024-02-15', to: '2024-03-01', cmp: ['2023-02-15', '2023-03-01'] });
    expect(r('fiscal-year-to-date', '2024-02-14', fy)).toMatchObject({ from: '2023-02-15', to: '2024-02-14' });
    expect(r('last-fiscal-quarter', '2024-05-20', fy)).toEqual({ from: '2024-02-15', to: '2024-05-14', cmp: ['2023-02-15', '2023-05-14'] });
  });
});

describe('custom choices and slugs', () => {
  it('a custom date and a custom range', () => {
    expect(r(customDateSlug('2026-03-05'), '2026-11-20')).toEqual({ from: '2026-03-05', to: '2026-03-05', cmp: ['2025-03-05', '2025-03-05'] });
    expect(r(customRangeSlug('2026-01-10', '2026-02-20'), '2026-11-20')).toEqual({
      from: '2026-01-10',
      to: '2026-02-20',
      cmp: ['2025-01-10', '2025-02-20'],
    });
    expect(() => customRangeSlug('2026-02-20', '2026-01-10')).toThrow(RangeError);
    expect(() => customDateSlug('2026-13-01')).toThrow(RangeError);
  });

  it('lists every seed choice with a unique slug and label', () => {
    expect(DATE_CHOICES).toHaveLength(30);
    expect(new Set(DATE_CHOICES.map((c) => c.slug)).size).toBe(DATE_CHOICES.length);
    for (const slug of DATE_SLUGS) {
      expect(isDateSlug(slug)).toBe(true);
      for (const today of ['2026-11-20', '2024-02-29', '2025-12-31', '2026-01-01']) {
        for (const fy of ['1990', '1990-07-01', '1990-10-15']) {
          const x = resolveDateSlug(slug, { today, fiscalYear: fy });
          expect(x.from <= x.to, `${slug} ${today}`).toBe(true);
          expect(x.to <= x.periodEnd).toBe(true);
          expect(x.comparison!.from <= x.comparison!.to).toBe(true);
          expect(x.comparison!.to < x.from, `${slug} ${today} ${fy} comparison before period`).toBe(true);
        }
      }
    }
  });

  it('refuses unknown slugs', () => {
    for (const bad of ['', 'ytd ', 'last-31-days', '2026-02-30', '2026-02-01_2026-01-01', "x'; DROP TABLE"]) {
      expect(isDateSlug(bad)).toBe(false);
      expect(() => resolveDateSlug(bad, { today: '2026-11-20' })).toThrow(DateSlugError);
    }
  });

  it('takes custom dates only within DATE_WINDOW, so a year earlier is still a date', () => {
    for (const bad of ['0001-01-01_9999-12-31', '9999-12-31', '0000-01-01', '1899-12-31', '2101-01-01', '1899-12-31_2026-01-01', '2026-01-01_2101-01-01']) {
      expect(isDateSlug(bad), bad).toBe(false);
      expect(() => resolveDateSlug(bad, { today: '2026-11-20' })).toThrow(DateSlugError);
    }
    expect(r(`${DATE_WINDOW.from}_${DATE_WINDOW.to}`, '2026-11-20')).toEqual({ from: '1900-01-01', to: '2100-12-31', cmp: ['1899-01-01', '2099-12-31'] });
    expect(isDateInWindow(DATE_WINDOW.from) && isDateInWindow(DATE_WINDOW.to) && !isDateInWindow('2100-13-01')).toBe(true);
  });
});

describe('due dates and year tokens', () => {
  it('due today, tomorrow, and within the next N days', () => {
    expect(DUE_DATE_CHOICES.map((c) => c.slug)).toEqual(['due-today', 'due-tomorrow', 'due-in-7-days', 'due-in-14-days', 'due-in-21-days', 'due-in-30-days']);
    expect(resolveDueDateChoice('due-today', { today: '2026-12-31' })).toMatchObject({ from: '2026-12-31', to: '2026-12-31' });
    expect(resolveDueDateChoice('due-tomorrow', { today: '2026-12-31' })).toMatchObject({ from: '2027-01-01', to: '2027-01-01' });
    expect(resolveDueDateChoice('due-in-7-days', { today: '2024-02-25' })).toMatchObject({ from: '2024-02-25', to: '2024-03-03' });
    expect(resolveDueDateChoice('due-in-30-days', { today: '2026-11-20' })).toMatchObject({ from: '2026-11-20', to: '2026-12-20' });
    expect(() => resolveDueDateChoice('due-in-8-days', { today: '2026-11-20' })).toThrow(DateSlugError);
  });

  it('year tokens, calendar and fiscal', () => {
    expect(resolveYearToken('current', { today: '2026-11-20' })).toEqual({ token: 'current', year: 2026, from: '2026-01-01', to: '2026-12-31' });
    expect(resolveYearToken('minus1', { today: '2026-01-01' })).toMatchObject({ year: 2025, from: '2025-01-01', to: '2025-12-31' });
    expect(resolveYearToken('minus2', { today: '2026-11-20' }).year).toBe(2024);
    expect(resolveYearToken('current', { today: '2026-11-20', fiscal: true, fiscalYear: '1990-07-01' })).toEqual({
      token: 'current',
      year: 2027,
      from: '2026-07-01',
      to: '2027-06-30',
    });
    expect(resolveYearToken('minus2', { today: '2026-06-30', fiscal: true, fiscalYear: '1990-07-01' })).toMatchObject({
      year: 2024,
      from: '2023-07-01',
      to: '2024-06-30',
    });
    expect(() => resolveYearToken('minus3', { today: '2026-11-20' })).toThrow(DateSlugError);
  });
});
