import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { HttpError, installErrorHandler } from '../platform/errors.ts';
import { createTestDatabase } from '../testing/index.ts';
import { analyticsQuery, lookupsAfterPage, withoutUnusedLookups } from './engine.ts';
import { filteredAggregate, moneySum } from './models.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database.close());

describe('analyticsQuery', () => {
  it('a statement cancelled by its timeout (query_canceled) is a 503 that says what to do; other errors pass as they are', async () => {
    const failingWith = (error: object) =>
      ({
        connect: async () => ({
          query: async (text: string) => {
            if (text.startsWith('BEGIN') || text === 'ROLLBACK') return { rows: [] };
            throw error;
          },
          release: () => undefined,
        }),
      }) as unknown as Db;
    const cancelled = analyticsQuery(failingWith({ code: '57014', message: 'canceling statement due to statement timeout' }), 'SELECT 1', []);
    await expect(cancelled).rejects.toBeInstanceOf(HttpError);
    await expect(cancelled).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('took longer than 30 s') });
    await expect(analyticsQuery(failingWith({ code: '42P01', message: 'no such table' }), 'SELECT 1', [])).rejects.toMatchObject({ code: '42P01' });
  });

  // PGlite (single-threaded WebAssembly) never fires statement_timeout: this one runs on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL cancels a statement that runs out of time, and the connection goes on', async () => {
    await expect(analyticsQuery(db, 'SELECT pg_sleep(5)', [], { timeoutMs: 200 })).rejects.toMatchObject({ statusCode: 503 });
    const { rows } = await analyticsQuery(db, 'SELECT 1 AS one', []);
    expect(rows[0].one).toBe(1);
  });
});

describe('the error handler', () => {
  it("shows an HttpError's own message on a 5xx, never another error's", async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/busy', async () => {
      throw new HttpError(503, 'This question took longer than 30 s to answer.');
    });
    app.get('/broken', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const busy = await app.inject({ url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'This question took longer than 30 s to answer.' });
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().message).toBe('Internal Server Error');
    await app.close();
  });
});

describe('moneySum', () => {
  it('sums money exactly on int8 cents, per period when filtered, like a numeric sum', async () => {
    const amounts = "(VALUES (date '2026-01-05', 0.10::numeric(16,2)), (date '2026-01-06', 0.20), (date '2026-02-01', 12345678901.99), (date '2026-02-02', -0.07)) v(day, sales)";
    const january = "day BETWEEN '2026-01-01' AND '2026-01-31'";
    const { rows } = await analyticsQuery(
      db,
      `SELECT ${moneySum('sales')} AS cents, sum(sales) AS numeric,
              ${filteredAggregate(moneySum('sales'), january)} AS january, sum(sales) FILTER (WHERE ${january}) AS numeric_january,
              ${filteredAggregate('count(*)', january)} AS january_count
         FROM ${amounts}`,
      [],
    );
    const row = rows[0]!;
    expect(Number(row.cents)).toBe(Number(row.numeric));
    expect(String(row.numeric)).toBe('12345678902.22');
    expect(Number(row.january)).toBe(0.3);
    expect(Number(row.january)).toBe(Number(row.numeric_january));
    expect(Number(row.january_count)).toBe(2);
  });
});

describe('lookupsAfterPage', () => {
  const from = `erp.ar_open o
    LEFT JOIN erp.customer c ON c.company = o.company AND c.customer = o.customer
    LEFT JOIN erp.item i ON i.company = o.company AND i.item_number = o.item_number`;

  it('splits a table and its LEFT JOIN lookups when the clauses name the table alone', () => {
    expect(lookupsAfterPage(from, ["o.invoice_date BETWEEN $1::date AND $2::date AND o.sales_rep = ANY($3)", 'ORDER BY o.due_date DESC, o.company'])).toEqual({
      table: 'erp.ar_open',
      alias: 'o',
      lookups: 'LEFT JOIN erp.customer c ON c.company = o.company AND c.customer = o.customer LEFT JOIN erp.item i ON i.company = o.company AND i.item_number = o.item_number',
    });
  });

  it('keeps the joins before the page when a clause names a joined table, or the FROM is not a table with lookups', () => {
    expect(lookupsAfterPage(from, ['o.company = $1', 'ORDER BY c.customer_name ASC'])).toBeNull();
    expect(lookupsAfterPage(from, ['i.description::text ILIKE $1', 'ORDER BY o.company'])).toBeNull();
    expect(lookupsAfterPage('erp.corporate k', ['true', 'ORDER BY k.name'])).toBeNull();
    expect(lookupsAfterPage('erp.order_line o JOIN erp.invoice_header h ON h.order_number = o.order_number', ['true', 'ORDER BY o.company'])).toBeNull();
    expect(lookupsAfterPage('erp.customer c CROSS JOIN LATERAL (SELECT 1) f', ['true', 'ORDER BY c.company'])).toBeNull();
    expect(lookupsAfterPage('(SELECT * FROM erp.inventory) r LEFT JOIN erp.item i ON i.item_number = r.item_number', ['true', 'ORDER BY r.company'])).toBeNull();
  });

  it('drops from a count the lookups that neither its clauses nor a kept join name', () => {
    const stocked = `erp.order_line l
      LEFT JOIN erp.inventory v ON v.company = l.company AND v.item_number = l.item_number AND v.location = l.location
      LEFT JOIN erp.location w ON w.company = v.company AND w.location = v.location
      LEFT JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer`;
    expect(withoutUnusedLookups(stocked, ['coalesce(v.qty_available, 0) < l.qty_open', ''])).toBe(
      'erp.order_line l LEFT JOIN erp.inventory v ON v.company = l.company AND v.item_number = l.item_number AND v.location = l.location',
    );
    // w is named, so the join it needs (v) stays too; c is not.
    expect(withoutUnusedLookups(stocked, ["w.branch = '01'", ''])).toBe(
      'erp.order_line l LEFT JOIN erp.inventory v ON v.company = l.company AND v.item_number = l.item_number AND v.location = l.location LEFT JOIN erp.location w ON w.company = v.company AND w.location = v.location',
    );
    expect(withoutUnusedLookups(from, ['o.company = $1', ''])).toBe('erp.ar_open o');
    expect(withoutUnusedLookups('(SELECT * FROM erp.inventory) r LEFT JOIN erp.item i ON i.item_number = r.item_number', ['true'])).toBe(
      '(SELECT * FROM erp.inventory) r LEFT JOIN erp.item i ON i.item_number = r.item_number',
    );
  });
});
