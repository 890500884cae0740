import { describe, expect, it } from 'vitest';
import type { NotificationResultRow } from '@tradeboard/shared/contracts';
import { resultHref } from './notifications.ts';

const row = (fields: Partial<NotificationResultRow>): NotificationResultRow => ({
  rowNumber: 1,
  kind: 'Customer',
  company: '01',
  customer: null,
  shipTo: null,
  documentNumber: null,
  lineNumber: null,
  name: 'A',
  detail: '',
  amount: null,
  date: null,
  ...fields,
});

describe('resultHref', () => {
  it("opens a customer's and a ship-to's account summary", () => {
    expect(resultHref(row({ kind: 'Customer', customer: 'C 1' }))).toBe('/accountSummary?accountType=customer&accountId=C+1&company=01');
    expect(resultHref(row({ kind: 'ShipTo', customer: 'C1', shipTo: 'S9' }))).toBe('/accountSummary?accountType=shipto&accountId=S9&company=01');
  });

  it("opens an order line's and a quote line's document", () => {
    expect(resultHref(row({ kind: 'OrderLine', documentNumber: 'O/7', lineNumber: 2 }))).toBe('/details/order/O%2F7?company=01');
    expect(resultHref(row({ kind: 'QuoteLine', documentNumber: 'Q7', company: null }))).toBe('/details/quote/Q7');
  });

  it('links a comparison group only when it is a customer', () => {
    expect(resultHref(row({ kind: 'Group', customer: 'C1' }))).toBe('/accountSummary?accountType=customer&accountId=C1&company=01');
    expect(resultHref(row({ kind: 'Group' }))).toBeNull();
  });
});
