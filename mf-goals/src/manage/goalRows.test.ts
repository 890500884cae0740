import { describe, expect, it } from 'vitest';
import { editRow, localTimestamp, newRow, newRowId, rowsToSave, visibleRows, type GoalRow } from './goalRows.ts';

const config = { id: 7, company: '01', goalType: 'SalesRep', goalYear: 2026, hierarchyType1: 'Customer', hierarchyType2: null };

describe('goal rows (seed 000 §3–4)', () => {
  it('Add Row: new and dirty, month 0, goals 0, empty values, config fields copied, an id below 2147483647 not taken', () => {
    const row = newRow(config, ['salesGoal', 'profitGoal'], new Set([1]));
    expect(row).toMatchObject({ isNew: true, isDirty: true, goalMonth: 0, salesGoal: 0, profitGoal: 0, goalTypeValue: null, hierarchyValue1: null, company: '01', goalType: 'SalesRep', goalYear: 2026, hierarchyType1: 'Customer', configId: 7 });
    expect(row.id).toBeLessThan(2147483647);
    expect(String(row.dateLastModified)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    let calls = 0;
    expect(newRowId(new Set([1]), () => (calls++ === 0 ? 0 : 0.5))).not.toBe(1);
  });
  it('an edit sets isDirty; clearing a text cell stores null; numbers as typed', () => {
    const row: GoalRow = { id: 1, goalTypeValue: 'SR01', salesGoal: 5 };
    expect(editRow(row, 'goalTypeValue', '', false)).toMatchObject({ goalTypeValue: null, isDirty: true });
    expect(editRow(row, 'salesGoal', '12.5', true).salesGoal).toBe(12.5);
  });
  it('Save sends only deleted, dirty or new rows; deleted rows are hidden; filters and sorts', () => {
    const rows: GoalRow[] = [
      { id: 1, goalTypeValue: 'SR01', salesGoal: 3 },
      { id: 2, goalTypeValue: 'SR02', salesGoal: 1, isDirty: true },
      { id: 3, goalTypeValue: 'SR03', salesGoal: 2, isDelete: true, isDirty: true },
      { id: 4, goalTypeValue: 'SR10', salesGoal: 10, isNew: true, isDirty: true },
    ];
    expect(rowsToSave(rows).map((r) => r.id)).toEqual([2, 3, 4]);
    expect(visibleRows(rows, {}, null).map((r) => r.id)).toEqual([1, 2, 4]);
    expect(visibleRows(rows, { goalTypeValue: 'sr0' }, null).map((r) => r.id)).toEqual([1, 2]);
    expect(visibleRows(rows, {}, { field: 'salesGoal', dir: 'desc' }).map((r) => r.id)).toEqual([4, 1, 2]);
    expect(localTimestamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05');
  });
});
