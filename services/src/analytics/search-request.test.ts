import { describe, expect, it } from 'vitest';
import { orderByClause } from './search-request.ts';

const sortable = { invoiceDate: 'l.invoice_date', customer: 'l.customer' };
const fallback = { field: 'invoiceDate', dir: 'desc' as const };
const sort = (sortBy: string | null = null, sortDir: 'asc' | 'desc' | null = null) => ({ sortBy, sortDir });

describe('orderByClause', () => {
  it('sorts nulls last descending and first ascending, with the tie-break', () => {
    expect(orderByClause(sort(), sortable, fallback, 'l.id')).toBe('ORDER BY l.invoice_date DESC NULLS LAST, l.id');
    expect(orderByClause(sort('CUSTOMER'), sortable, fallback, 'l.id')).toBe('ORDER BY l.customer ASC NULLS FIRST, l.id');
  });

  it('gives a never-null field no NULLS clause, in either direction', () => {
    expect(orderByClause(sort(), sortable, fallback, 'l.id', ['invoiceDate'])).toBe('ORDER BY l.invoice_date DESC, l.id');
    expect(orderByClause(sort('invoicedate', 'asc'), sortable, fallback, 'l.id', ['invoiceDate'])).toBe('ORDER BY l.invoice_date ASC, l.id');
    expect(orderByClause(sort('customer'), sortable, fallback, 'l.id', ['invoiceDate'])).toBe('ORDER BY l.customer ASC NULLS FIRST, l.id');
  });

  it('an unknown field is a 400 naming the choices', () => {
    expect(() => orderByClause(sort('nope'), sortable, fallback, 'l.id')).toThrow(/Unknown sortBy field 'nope'; expected one of invoiceDate, customer/);
  });
});
