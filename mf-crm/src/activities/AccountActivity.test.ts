import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../api/activities.ts';
import { accountOf, timeline } from './AccountActivity.tsx';

const activity = (n: number, dueDate: string, completedDate: string | null, status: ActivityItem['status']) =>
  ({ activityTransactionNumber: n, dueDate, completedDate, status, activityType: 'Visit', subject: `A${n}`, ownerName: 'Rick Rep', gpsVerified: n === 1, notes: null }) as ActivityItem;

describe('the account summary CRM strip', () => {
  it('reads the account of an account summary address; corporate accounts have no activities', () => {
    expect(accountOf('?accountType=customer&accountId=C1&company=01')).toEqual({ accountType: 'Customer', accountId: 'C1', company: '01' });
    expect(accountOf('?accountType=ShipTo&accountId=S1&company=01')?.accountType).toBe('ShipTo');
    expect(accountOf('?accountType=corporate&accountId=K1&company=01')).toBeNull();
    expect(accountOf('?accountType=customer&accountId=C1')).toBeNull();
  });

  it('adds notes and invoices to the stream', () => {
    const entries = timeline([], [], [{ noteNumber: 7, noteDate: '2026-11-05', noteType: 'Sales', enteredBy: 'RR', noteText: 'Wants net 45' }], [
      { invoiceNumber: 'I9', invoiceDate: '2026-11-06', sales: 500, lineCount: 2 },
    ]);
    expect(entries.map((e) => [e.kind, e.title, e.detail])).toEqual([
      ['Invoice', 'Invoice I9', '$500 · 2 lines'],
      ['Note', 'Wants net 45', 'Sales · RR'],
    ]);
  });

  it('puts activities, orders and quotes in one stream, latest first, an activity dated by its completion', () => {
    const entries = timeline(
      [activity(1, '2026-11-01', '2026-11-03', 'Completed'), activity(2, '2026-11-27', null, 'Open')],
      [
        { documentType: 'Order', documentNumber: 'SO1', documentDate: '2026-11-02', status: 'Open', total: 1234.5 },
        { documentType: 'Quote', documentNumber: 'Q1', documentDate: '2026-10-30', status: null, total: 99 },
      ],
    );
    expect(entries.map((e) => e.title)).toEqual(['A2', 'A1', 'Order SO1', 'Quote Q1']);
    expect(entries[1]!.detail).toBe('Completed · Rick Rep · GPS verified');
    expect(entries[2]!.detail).toBe('$1,235 · Open');
  });
});
