-- The year totals by customer per user scope (issue 29, "fast for reps and managers"), as migration
-- 330 keeps the windows: migration 034 keeps one row per customer per year for the invoices and the
-- converted quotes with no scope, so a rep's or a manager's year to date by customer summed the
-- year × company × customer × branch × rep rollup of his reps (a manager at scale 40: ~300 ms).
-- These keep the same per scope × customer, with a summary per scope, so a scope's page, count and
-- totals come from an index and a summary. Built from the same rollups' rows once per scope that
-- holds them (erp.scope_rows); a delta moves them by the month rollups' change, as the others.
CREATE TABLE erp.invoice_year_customer_scope_total (
  year            date    NOT NULL,
  scope_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,
  PRIMARY KEY (year, scope_rep, customer)
);
CREATE INDEX invoice_year_customer_scope_total_by_sales ON erp.invoice_year_customer_scope_total (year, scope_rep, sales DESC, customer);
CREATE INDEX invoice_year_customer_scope_total_by_freight ON erp.invoice_year_customer_scope_total (year, scope_rep, freight DESC, customer);
CREATE TABLE erp.invoice_year_customer_scope_summary (
  year            date    NOT NULL,
  scope_rep       text    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  invoice_count   bigint  NOT NULL,
  PRIMARY KEY (year, scope_rep)
);

CREATE TABLE erp.quote_booked_year_customer_scope_total (
  year            date    NOT NULL,
  scope_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (year, scope_rep, customer)
);
CREATE INDEX quote_booked_year_customer_scope_total_by_sales ON erp.quote_booked_year_customer_scope_total (year, scope_rep, sales DESC, customer);
CREATE TABLE erp.quote_booked_year_customer_scope_summary (
  year            date    NOT NULL,
  scope_rep       text    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  PRIMARY KEY (year, scope_rep)
);

-- Migration 034's year totals, and the same per scope.
CREATE OR REPLACE FUNCTION erp.refresh_year_customer_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_year_customer_total, erp.quote_booked_year_customer_total,
           erp.invoice_year_customer_summary, erp.quote_booked_year_customer_summary,
           erp.invoice_year_customer_scope_total, erp.quote_booked_year_customer_scope_total,
           erp.invoice_year_customer_scope_summary, erp.quote_booked_year_customer_scope_summary;
  INSERT INTO erp.invoice_year_customer_total
  SELECT year, customer, sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
    FROM erp.invoice_year_customer
   GROUP BY year, customer;
  EXECUTE format(
    'INSERT INTO erp.invoice_year_customer_scope_total
     SELECT year, scope_rep, customer, sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
       FROM %s r GROUP BY year, scope_rep, customer', erp.scope_rows('erp.invoice_year_customer'));
  INSERT INTO erp.quote_booked_year_customer_total
  SELECT date_trunc('year', month)::date, customer, sum(sales), sum(cost), sum(commission_cost), sum(line_count)
    FROM erp.quote_booked_month_customer
   GROUP BY 1, customer;
  EXECUTE format(
    'INSERT INTO erp.quote_booked_year_customer_scope_total
     SELECT date_trunc(''year'', month)::date, scope_rep, customer, sum(sales), sum(cost), sum(commission_cost), sum(line_count)
       FROM %s r GROUP BY 1, scope_rep, customer', erp.scope_rows('erp.quote_booked_month_customer'));
  INSERT INTO erp.invoice_year_customer_summary
  SELECT year, count(*), sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
    FROM erp.invoice_year_customer_total
   GROUP BY year;
  INSERT INTO erp.quote_booked_year_customer_summary
  SELECT year, count(*), sum(sales), sum(cost), sum(commission_cost), sum(line_count)
    FROM erp.quote_booked_year_customer_total
   GROUP BY year;
  INSERT INTO erp.invoice_year_customer_scope_summary
  SELECT year, scope_rep, count(*), sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
    FROM erp.invoice_year_customer_scope_total
   GROUP BY year, scope_rep;
  INSERT INTO erp.quote_booked_year_customer_scope_summary
  SELECT year, scope_rep, count(*), sum(sales), sum(cost), sum(commission_cost), sum(line_count)
    FROM erp.quote_booked_year_customer_scope_total
   GROUP BY year, scope_rep;
END;
$$;

-- Migration 310's move of a year total table by a month rollup's change (a table or a
-- parenthesized query), with `keys` between the year and the customer; answers how many of its
-- rows were added or removed.
DROP FUNCTION erp.move_year_totals(regclass, regclass, regclass, text[]);
CREATE FUNCTION erp.move_year_totals(total regclass, summary regclass, change text, keys text[], measures text[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  PERFORM erp.net_change('year_total_change', change || ' c', ARRAY['date_trunc(''year'', month)::date AS year'] || keys || '{customer}'::text[], measures);
  moved := erp.move_sums(total, 'pg_temp.year_total_change', '{year}'::text[] || keys || '{customer}'::text[], measures);
  PERFORM erp.recount_summary(summary, total, 'pg_temp.year_total_change', '{year}'::text[] || keys, measures);
  RETURN moved;
END;
$$;

-- Migrations 034, 038, 331: the year totals by customer and per scope moved by the month rollups'
-- change; the customers by their next year recounted whole when a customer's year was added or removed.
CREATE OR REPLACE FUNCTION erp.refresh_year_customer_totals_for() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  invoices text[] := '{sales,cost,commission_cost,freight,line_count,invoice_count}';
  quotes text[] := '{sales,cost,commission_cost,line_count}';
BEGIN
  PERFORM erp.move_year_totals('erp.invoice_year_customer_scope_total', 'erp.invoice_year_customer_scope_summary',
                               erp.scope_rows('pg_temp.invoice_month_customer_change'), '{scope_rep}', invoices);
  PERFORM erp.move_year_totals('erp.quote_booked_year_customer_scope_total', 'erp.quote_booked_year_customer_scope_summary',
                               erp.scope_rows('pg_temp.quote_booked_month_customer_change'), '{scope_rep}', quotes);
  IF erp.move_year_totals('erp.invoice_year_customer_total', 'erp.invoice_year_customer_summary', 'pg_temp.invoice_month_customer_change', '{}', invoices)
   + erp.move_year_totals('erp.quote_booked_year_customer_total', 'erp.quote_booked_year_customer_summary', 'pg_temp.quote_booked_month_customer_change', '{}', quotes) > 0 THEN
    PERFORM erp.refresh_year_customer_next();
  END IF;
END;
$$;

-- A database loaded before this migration gets the new tables now.
SELECT erp.refresh_year_customer_totals();
ANALYZE erp.invoice_year_customer_scope_total;
ANALYZE erp.invoice_year_customer_scope_summary;
ANALYZE erp.quote_booked_year_customer_scope_total;
ANALYZE erp.quote_booked_year_customer_scope_summary;
