-- The window totals by customer per user scope (issue 29, "fast for reps and managers"): migrations
-- 037 and 042 keep the rolling 12 months and each recent month by customer with nothing else, so a
-- rep's or a manager's question by customer over such a window summed every month of the month ×
-- customer rollups of his reps (a manager at scale 40: his 13 reps' ~70,000 customers × 12 months,
-- ranked by sales in 600–800 ms). These tables keep the same windows per scope × customer, a scope
-- being what a non-administrator reads (services/src/analytics/scope.ts): the lines of his rep code
-- and of the reps it manages (erp.sales_rep.manager_sales_rep). `scope_rep` is that code: a rep's
-- rows hold his lines, a manager's his and his team's. One row per customer in a scope, so its
-- page, rank, count and totals come from an index and a summary as the administrator's do.
-- Filled and moved by the same window functions as their all-scope siblings (the scope a key beside
-- the customer), from the month rollups' rows once per scope that holds them.

-- Each rep's manager (not himself), once per pair: the other scope that holds the rep's lines.
CREATE VIEW erp.sales_rep_manager AS
  SELECT DISTINCT sales_rep, manager_sales_rep FROM erp.sales_rep
   WHERE manager_sales_rep IS NOT NULL AND manager_sales_rep <> sales_rep;

-- A month rollup's rows (`source`, a table with a sales_rep column) once per scope that holds
-- them, with its code as scope_rep: a parenthesized query.
CREATE FUNCTION erp.scope_rows(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('(SELECT r.*, r.sales_rep AS scope_rep FROM %1$s r UNION ALL SELECT r.*, m.manager_sales_rep FROM %1$s r JOIN erp.sales_rep_manager m USING (sales_rep))', source)
$$;

CREATE TABLE erp.invoice_trailing_year_customer_scope_total (
  month           date    NOT NULL,       -- the first day of the window's last month
  scope_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,
  PRIMARY KEY (month, scope_rep, customer)
);
CREATE INDEX invoice_trailing_year_customer_scope_total_by_sales ON erp.invoice_trailing_year_customer_scope_total (month, scope_rep, sales DESC, customer);
CREATE INDEX invoice_trailing_year_customer_scope_total_by_freight ON erp.invoice_trailing_year_customer_scope_total (month, scope_rep, freight DESC, customer);
CREATE TABLE erp.invoice_trailing_year_customer_scope_summary (
  month           date    NOT NULL,
  scope_rep       text    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  invoice_count   bigint  NOT NULL,
  PRIMARY KEY (month, scope_rep)
);
CREATE TABLE erp.invoice_recent_month_customer_scope_total (LIKE erp.invoice_trailing_year_customer_scope_total INCLUDING ALL);
CREATE TABLE erp.invoice_recent_month_customer_scope_summary (LIKE erp.invoice_trailing_year_customer_scope_summary INCLUDING ALL);

CREATE TABLE erp.booking_trailing_year_customer_scope_total (
  basis           text    NOT NULL,       -- 'BookingDate' or 'OrderLineDate'
  month           date    NOT NULL,
  scope_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (basis, month, scope_rep, customer)
);
CREATE INDEX booking_trailing_year_customer_scope_total_by_sales ON erp.booking_trailing_year_customer_scope_total (basis, month, scope_rep, sales DESC, customer);
CREATE TABLE erp.booking_trailing_year_customer_scope_summary (
  basis           text    NOT NULL,
  month           date    NOT NULL,
  scope_rep       text    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  PRIMARY KEY (basis, month, scope_rep)
);
CREATE TABLE erp.booking_recent_month_customer_scope_total (LIKE erp.booking_trailing_year_customer_scope_total INCLUDING ALL);
CREATE TABLE erp.booking_recent_month_customer_scope_summary (LIKE erp.booking_trailing_year_customer_scope_summary INCLUDING ALL);

CREATE TABLE erp.order_ship_trailing_year_customer_scope_total (
  month           date    NOT NULL,
  scope_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  on_time_count   integer NOT NULL,
  PRIMARY KEY (month, scope_rep, customer)
);
CREATE INDEX order_ship_trailing_year_customer_scope_total_by_sales ON erp.order_ship_trailing_year_customer_scope_total (month, scope_rep, sales DESC, customer);
CREATE TABLE erp.order_ship_trailing_year_customer_scope_summary (
  month           date    NOT NULL,
  scope_rep       text    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  on_time_count   bigint  NOT NULL,
  PRIMARY KEY (month, scope_rep)
);

-- Migration 042's fill from `source`, a table or a parenthesized query.
DROP FUNCTION erp.fill_trailing_totals(regclass, regclass, regclass, text[], text[], integer);
CREATE FUNCTION erp.fill_trailing_totals(total regclass, summary regclass, source text, keys text[], measures text[], months integer) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  partition_by text := array_to_string(keys || 'customer'::text, ', ');
  summary_keys text := array_to_string(keys || 'month'::text, ', ');
  measure_list text := array_to_string(measures, ', ');
  sums text := (SELECT string_agg(format('sum(%I) AS %I', m, m), ', ') FROM unnest(measures) m);
  windows text := (SELECT string_agg(format('sum(%I) OVER w AS %I', m, m), ', ') FROM unnest(measures) m);
  last_month date;
BEGIN
  EXECUTE format('SELECT date_trunc(''month'', coalesce((SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1), (SELECT max(month) FROM %s src)))::date', source)
    INTO last_month;
  EXECUTE format(
    $sql$INSERT INTO %1$s (%2$s, month, %3$s)
         SELECT %2$s, month, %3$s
           FROM (SELECT %2$s, month, %4$s
                   FROM (SELECT %2$s, generate_series(greatest(first_month, $1 - (11 + $2) * interval '1 month'), least(last_month + ($2 - 1) * interval '1 month', $1), interval '1 month')::date AS month
                           FROM (SELECT %2$s, min(month) AS first_month, max(month) AS last_month FROM %5$s src GROUP BY %2$s) s) g
                   LEFT JOIN (SELECT %2$s, month, %6$s FROM %5$s src WHERE month >= $1 - (11 + $2) * interval '1 month' GROUP BY %2$s, month) m USING (%2$s, month)
                 WINDOW w AS (PARTITION BY %2$s ORDER BY month ROWS %7$s PRECEDING)) t
          WHERE line_count IS NOT NULL AND month >= $1 - 12 * interval '1 month'$sql$,
    total, partition_by, measure_list, windows, source, sums, months - 1)
    USING last_month, months;
  EXECUTE format(
    'INSERT INTO %1$s (%2$s, groups, %3$s) SELECT %2$s, count(*), %4$s FROM %5$s GROUP BY %2$s',
    summary, summary_keys, measure_list, sums, total);
END;
$$;

-- Migration 310's move by `change`, a table or a parenthesized query.
DROP FUNCTION erp.move_window_totals(regclass, regclass, regclass, text[], text[], int);
CREATE FUNCTION erp.move_window_totals(total regclass, summary regclass, change text, keys text[], measures text[], months int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  last_month date := date_trunc('month', erp.data_through())::date;
  window_keys text[] := ARRAY(SELECT format('c.%I', k) FROM unnest(keys) k) || ARRAY['c.customer', 'w.month::date AS month'];
BEGIN
  PERFORM erp.net_change('window_change',
    format('%s c CROSS JOIN LATERAL generate_series(greatest(c.month, %L::date - interval ''12 months''), least(c.month + %s * interval ''1 month'', %2$L::date), interval ''1 month'') w (month)',
           change, last_month, months - 1),
    window_keys, measures);
  PERFORM erp.move_sums(total, 'pg_temp.window_change', keys || ARRAY['customer', 'month'], measures);
  PERFORM erp.recount_summary(summary, total, 'pg_temp.window_change', keys || ARRAY['month'], measures);
END;
$$;

-- Migration 310's window tables, and the same per scope: each with its summary, month source,
-- the source's change in a delta (tables or parenthesized queries), keys besides the customer,
-- measures and window in months.
DROP FUNCTION erp.window_totals();
CREATE FUNCTION erp.window_totals() RETURNS TABLE (total regclass, summary regclass, source text, change text, keys text[], measures text[], months int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT w.total, w.summary, CASE WHEN w.scoped THEN erp.scope_rows(w.source) ELSE w.source END, CASE WHEN w.scoped THEN erp.scope_rows(w.change) ELSE w.change END,
         CASE WHEN w.scoped THEN w.keys || '{scope_rep}'::text[] ELSE w.keys END, w.measures, w.months
    FROM (VALUES
      ('erp.invoice_trailing_year_customer_total'::regclass, 'erp.invoice_trailing_year_customer_summary'::regclass, false, 'erp.invoice_month_customer',
       'pg_temp.invoice_month_customer_change', '{}'::text[], '{sales,cost,commission_cost,freight,line_count,invoice_count}'::text[], 12),
      ('erp.booking_trailing_year_customer_total', 'erp.booking_trailing_year_customer_summary', false, 'erp.booking_month_customer',
       'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 12),
      ('erp.order_ship_trailing_year_customer_total', 'erp.order_ship_trailing_year_customer_summary', false, 'erp.order_ship_month_customer',
       'pg_temp.order_ship_month_customer_change', '{}', '{sales,cost,commission_cost,line_count,on_time_count}', 12),
      ('erp.invoice_recent_month_customer_total', 'erp.invoice_recent_month_customer_summary', false, 'erp.invoice_month_customer',
       'pg_temp.invoice_month_customer_change', '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 1),
      ('erp.booking_recent_month_customer_total', 'erp.booking_recent_month_customer_summary', false, 'erp.booking_month_customer',
       'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 1),
      ('erp.invoice_trailing_year_customer_scope_total', 'erp.invoice_trailing_year_customer_scope_summary', true, 'erp.invoice_month_customer',
       'pg_temp.invoice_month_customer_change', '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 12),
      ('erp.booking_trailing_year_customer_scope_total', 'erp.booking_trailing_year_customer_scope_summary', true, 'erp.booking_month_customer',
       'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 12),
      ('erp.order_ship_trailing_year_customer_scope_total', 'erp.order_ship_trailing_year_customer_scope_summary', true, 'erp.order_ship_month_customer',
       'pg_temp.order_ship_month_customer_change', '{}', '{sales,cost,commission_cost,line_count,on_time_count}', 12),
      ('erp.invoice_recent_month_customer_scope_total', 'erp.invoice_recent_month_customer_scope_summary', true, 'erp.invoice_month_customer',
       'pg_temp.invoice_month_customer_change', '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 1),
      ('erp.booking_recent_month_customer_scope_total', 'erp.booking_recent_month_customer_scope_summary', true, 'erp.booking_month_customer',
       'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 1)
    ) w (total, summary, scoped, source, change, keys, measures, months)
$$;

CREATE OR REPLACE FUNCTION erp.refresh_trailing_year_customer_totals() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  FOR w IN SELECT * FROM erp.window_totals() LOOP
    EXECUTE format('TRUNCATE %s, %s', w.total, w.summary);
    PERFORM erp.fill_trailing_totals(w.total, w.summary, w.source, w.keys, w.measures, w.months);
  END LOOP;
END;
$$;

-- In a delta: moved by the month rollups' change; rebuilt whole when the data's last month moved.
CREATE OR REPLACE FUNCTION erp.refresh_trailing_year_customer_totals_for(previous_through date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  IF previous_through IS NULL OR date_trunc('month', previous_through) IS DISTINCT FROM date_trunc('month', erp.data_through()) THEN
    PERFORM erp.refresh_trailing_year_customer_totals();
    RETURN;
  END IF;
  FOR w IN SELECT * FROM erp.window_totals() LOOP
    PERFORM erp.move_window_totals(w.total, w.summary, w.change, w.keys, w.measures, w.months);
  END LOOP;
END;
$$;

-- A database loaded before this migration gets the new tables now.
DO $$
DECLARE
  w record;
BEGIN
  FOR w IN SELECT * FROM erp.window_totals() WHERE total::text LIKE '%scope_total' LOOP
    PERFORM erp.fill_trailing_totals(w.total, w.summary, w.source, w.keys, w.measures, w.months);
    EXECUTE format('ANALYZE %s', w.total);
    EXECUTE format('ANALYZE %s', w.summary);
  END LOOP;
END;
$$;
