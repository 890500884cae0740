-- The window totals by customer per rep (issue 29, "fast for reps and managers"): migrations 037
-- and 042 keep the rolling 12 months and each recent month by customer with nothing else, so a
-- rep's or a team's question by customer over such a window summed every month of the month ×
-- customer rollups of its reps (a manager at scale 40: his 13 reps' ~70,000 customers × 12 months,
-- ranked by sales in 600–800 ms). These tables keep the same windows per rep × customer: a scope's
-- question reads one window's rows of its reps and groups them by customer (one row per customer
-- when each had one rep). Filled and moved by the same window functions as their all-reps
-- siblings (the rep a key beside the customer); no summary, which only an unscoped question reads.
CREATE TABLE erp.invoice_trailing_year_customer_rep_total (
  month           date    NOT NULL,       -- the first day of the window's last month
  sales_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,
  PRIMARY KEY (month, sales_rep, customer)
);
CREATE TABLE erp.invoice_recent_month_customer_rep_total (LIKE erp.invoice_trailing_year_customer_rep_total INCLUDING ALL);

CREATE TABLE erp.booking_trailing_year_customer_rep_total (
  basis           text    NOT NULL,       -- 'BookingDate' or 'OrderLineDate'
  month           date    NOT NULL,
  sales_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (basis, month, sales_rep, customer)
);
CREATE TABLE erp.booking_recent_month_customer_rep_total (LIKE erp.booking_trailing_year_customer_rep_total INCLUDING ALL);

CREATE TABLE erp.order_ship_trailing_year_customer_rep_total (
  month           date    NOT NULL,
  sales_rep       text    NOT NULL,
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  on_time_count   integer NOT NULL,
  PRIMARY KEY (month, sales_rep, customer)
);

-- Migration 042's fill, its summary optional (null: none).
CREATE OR REPLACE FUNCTION erp.fill_trailing_totals(total regclass, summary regclass, source regclass, keys text[], measures text[], months integer) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  partition_by text := array_to_string(keys || 'customer'::text, ', ');
  summary_keys text := array_to_string(keys || 'month'::text, ', ');
  measure_list text := array_to_string(measures, ', ');
  sums text := (SELECT string_agg(format('sum(%I) AS %I', m, m), ', ') FROM unnest(measures) m);
  windows text := (SELECT string_agg(format('sum(%I) OVER w AS %I', m, m), ', ') FROM unnest(measures) m);
  last_month date;
BEGIN
  EXECUTE format('SELECT date_trunc(''month'', coalesce((SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1), (SELECT max(month) FROM %s)))::date', source)
    INTO last_month;
  EXECUTE format(
    $sql$INSERT INTO %1$s (%2$s, month, %3$s)
         SELECT %2$s, month, %3$s
           FROM (SELECT %2$s, month, %4$s
                   FROM (SELECT %2$s, generate_series(greatest(first_month, $1 - (11 + $2) * interval '1 month'), least(last_month + ($2 - 1) * interval '1 month', $1), interval '1 month')::date AS month
                           FROM (SELECT %2$s, min(month) AS first_month, max(month) AS last_month FROM %5$s GROUP BY %2$s) s) g
                   LEFT JOIN (SELECT %2$s, month, %6$s FROM %5$s WHERE month >= $1 - (11 + $2) * interval '1 month' GROUP BY %2$s, month) m USING (%2$s, month)
                 WINDOW w AS (PARTITION BY %2$s ORDER BY month ROWS %7$s PRECEDING)) t
          WHERE line_count IS NOT NULL AND month >= $1 - 12 * interval '1 month'$sql$,
    total, partition_by, measure_list, windows, source, sums, months - 1)
    USING last_month, months;
  IF summary IS NOT NULL THEN
    EXECUTE format(
      'INSERT INTO %1$s (%2$s, groups, %3$s) SELECT %2$s, count(*), %4$s FROM %5$s GROUP BY %2$s',
      summary, summary_keys, measure_list, sums, total);
  END IF;
END;
$$;

-- Migration 310's move, its summary optional.
CREATE OR REPLACE FUNCTION erp.move_window_totals(total regclass, summary regclass, change regclass, keys text[], measures text[], months int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  last_month date := date_trunc('month', erp.data_through())::date;
  window_keys text[] := ARRAY(SELECT format('c.%I', k) FROM unnest(keys) k) || ARRAY['c.customer', 'w.month::date AS month'];
BEGIN
  PERFORM erp.net_change('window_change',
    format('%s c CROSS JOIN LATERAL generate_series(greatest(c.month, %L::date - interval ''12 months''), least(c.month + %s * interval ''1 month'', %2$L::date), interval ''1 month'') w (month)',
           change, last_month, months - 1),
    window_keys, measures);
  PERFORM erp.move_sums(total, 'pg_temp.window_change', keys || ARRAY['customer', 'month'], measures);
  IF summary IS NOT NULL THEN
    PERFORM erp.recount_summary(summary, total, 'pg_temp.window_change', keys || ARRAY['month'], measures);
  END IF;
END;
$$;

-- Migration 310's window tables, and the same per rep.
CREATE OR REPLACE FUNCTION erp.window_totals() RETURNS TABLE (total regclass, summary regclass, source regclass, change text, keys text[], measures text[], months int)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('erp.invoice_trailing_year_customer_total'::regclass, 'erp.invoice_trailing_year_customer_summary'::regclass, 'erp.invoice_month_customer'::regclass,
     'pg_temp.invoice_month_customer_change', '{}'::text[], '{sales,cost,commission_cost,freight,line_count,invoice_count}'::text[], 12),
    ('erp.booking_trailing_year_customer_total', 'erp.booking_trailing_year_customer_summary', 'erp.booking_month_customer',
     'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 12),
    ('erp.order_ship_trailing_year_customer_total', 'erp.order_ship_trailing_year_customer_summary', 'erp.order_ship_month_customer',
     'pg_temp.order_ship_month_customer_change', '{}', '{sales,cost,commission_cost,line_count,on_time_count}', 12),
    ('erp.invoice_recent_month_customer_total', 'erp.invoice_recent_month_customer_summary', 'erp.invoice_month_customer',
     'pg_temp.invoice_month_customer_change', '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 1),
    ('erp.booking_recent_month_customer_total', 'erp.booking_recent_month_customer_summary', 'erp.booking_month_customer',
     'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 1),
    ('erp.invoice_trailing_year_customer_rep_total', NULL, 'erp.invoice_month_customer',
     'pg_temp.invoice_month_customer_change', '{sales_rep}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 12),
    ('erp.booking_trailing_year_customer_rep_total', NULL, 'erp.booking_month_customer',
     'pg_temp.booking_month_customer_change', '{basis,sales_rep}', '{sales,cost,commission_cost,line_count}', 12),
    ('erp.order_ship_trailing_year_customer_rep_total', NULL, 'erp.order_ship_month_customer',
     'pg_temp.order_ship_month_customer_change', '{sales_rep}', '{sales,cost,commission_cost,line_count,on_time_count}', 12),
    ('erp.invoice_recent_month_customer_rep_total', NULL, 'erp.invoice_month_customer',
     'pg_temp.invoice_month_customer_change', '{sales_rep}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 1),
    ('erp.booking_recent_month_customer_rep_total', NULL, 'erp.booking_month_customer',
     'pg_temp.booking_month_customer_change', '{basis,sales_rep}', '{sales,cost,commission_cost,line_count}', 1)
$$;

CREATE OR REPLACE FUNCTION erp.refresh_trailing_year_customer_totals() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  FOR w IN SELECT * FROM erp.window_totals() LOOP
    EXECUTE format('TRUNCATE %s', concat_ws(', ', w.total, w.summary));
    PERFORM erp.fill_trailing_totals(w.total, w.summary, w.source, w.keys, w.measures, w.months);
  END LOOP;
END;
$$;

-- A database loaded before this migration gets the new tables now.
DO $$
DECLARE
  w record;
BEGIN
  FOR w IN SELECT * FROM erp.window_totals() WHERE summary IS NULL LOOP
    PERFORM erp.fill_trailing_totals(w.total, w.summary, w.source, w.keys, w.measures, w.months);
    EXECUTE format('ANALYZE %s', w.total);
  END LOOP;
END;
$$;
