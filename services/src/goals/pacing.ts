/**
 * Pacing (issue 28): working days are weekdays (there is no Holiday list yet; when the CRM's
 * Holiday list exists, pass its days as `holidays`). "At today's pace" projects the actual over
 * the working days elapsed onto all the period's working days.
 */
import { addDays, dayNumber, type IsoDate } from '@tradeboard/shared/dates';

/** Working days from `from` to `to` inclusive (0 when to < from). */
export function workingDays(from: IsoDate, to: IsoDate, holidays: ReadonlySet<IsoDate> = new Set()): number {
  let count = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = (dayNumber(day) + 4) % 7; // day 0 = 1970-01-01, a Thursday; 0 = Sunday
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day)) count++;
  }
  return count;
}

export type Pace = { total: number; elapsed: number; pacePercent: number | null; neededPerWorkingDay: number | null };

/** The pace of `actual` against `goal` over a period with `total` working days, `elapsed` of them gone. */
export function pace(goal: number, actual: number | null, total: number, elapsed: number): Pace {
  if (actual === null) return { total, elapsed, pacePercent: null, neededPerWorkingDay: null };
  const projected = elapsed > 0 ? (actual / elapsed) * total : null;
  const pacePercent = goal > 0 && projected !== null ? Math.round((projected / goal) * 1000) / 10 : null;
  const left = total - elapsed;
  const neededPerWorkingDay = goal > 0 && left > 0 ? Math.round((Math.max(0, goal - actual) / left) * 100) / 100 : null;
  return { total, elapsed, pacePercent, neededPerWorkingDay };
}

/** The working days of [from, to] up to and including today (all when today is past it). */
export function elapsedWorkingDays(from: IsoDate, to: IsoDate, today: IsoDate, holidays?: ReadonlySet<IsoDate>): number {
  if (today < from) return 0;
  return workingDays(from, today < to ? today : to, holidays);
}
