-- Each of the data's last 13 months by customer with nothing else, for invoices and bookings (on
-- each date basis): a 1-month window of migration 037's kind, for one month's questions by
-- customer with no scope (this month, last month). Sorted by sales, their page is the first rows
-- of an index in that order and the count and totals are one row of the month's summary, instead
-- of summing every customer's rows of the month to sort them (10M: bookings of last month, 30,000
-- customers, 100 ms). The window fill takes the window's length, and rebuilds both kinds.
-- The tables of migration 037 with their keys and indexes by month and sales (and freight).
CREATE TABLE erp.invoice_recent_month_customer_total (LIKE erp.invoice_trailing_year_customer_total INCLUDING ALL);
CREATE TABLE erp.invoice_recent_month_customer_summary (LIKE erp.invoice_trailing_year_customer_summary INCLUDING ALL);

CREATE TABLE erp.booking_recent_month_customer_total (LIKE erp.booking_trailing_year_customer_total INCLUDING ALL);
CREATE TABLE erp.booking_recent_month_customer_summary (LIKE erp.booking_trailing_year_customer_summary INCLUDING ALL);

-- Fills a window total table and its summary from a month × customer rollup, as migration 037's
-- fill did for 12 months, for windows of `months` months.
CREATE FUNCTION erp.fill_trailing_totals(total regclass, summary regclass, source regclass, keys text[], measures text[], months integer) RETURNS void
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
  -- Each customer's months from the first kept window's first month (12 + months - 1 before the
  -- last) to months - 1 after its last purchase, every one of them, so that the months - 1 rows
  -- before are the months before.
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
  EXECUTE format(
    'INSERT INTO %1$s (%2$s, groups, %3$s) SELECT %2$s, count(*), %4$s FROM %5$s GROUP BY %2$s',
    summary, summary_keys, measure_list, sums, total);
END;
$$;

CREATE OR REPLACE FUNCTION erp.refresh_trailing_year_customer_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_trailing_year_customer_total, erp.invoice_trailing_year_customer_summary,
           erp.booking_trailing_year_customer_total, erp.booking_trailing_year_customer_summary,
           erp.order_ship_trailing_year_customer_total, erp.order_ship_trailing_year_customer_summary,
           erp.invoice_recent_month_customer_total, erp.invoice_recent_month_customer_summary,
           erp.booking_recent_month_customer_total, erp.booking_recent_month_customer_summary;
  PERFORM erp.fill_trailing_totals('erp.invoice_trailing_year_customer_total', 'erp.invoice_trailing_year_customer_summary', 'erp.invoice_month_customer',
    '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 12);
  PERFORM erp.fill_trailing_totals('erp.booking_trailing_year_customer_total', 'erp.booking_trailing_year_customer_summary', 'erp.booking_month_customer',
    '{basis}', '{sales,cost,commission_cost,line_count}', 12);
  PERFORM erp.fill_trailing_totals('erp.order_ship_trailing_year_customer_total', 'erp.order_ship_trailing_year_customer_summary', 'erp.order_ship_month_customer',
    '{}', '{sales,cost,commission_cost,line_count,on_time_count}', 12);
  PERFORM erp.fill_trailing_totals('erp.invoice_recent_month_customer_total', 'erp.invoice_recent_month_customer_summary', 'erp.invoice_month_customer',
    '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 1);
  PERFORM erp.fill_trailing_totals('erp.booking_recent_month_customer_total', 'erp.booking_recent_month_customer_summary', 'erp.booking_month_customer',
    '{basis}', '{sales,cost,commission_cost,line_count}', 1);
END;
$$;

DROP FUNCTION erp.fill_trailing_year_totals(regclass, regclass, regclass, text[], text[]);

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_trailing_year_customer_totals();
ANALYZE erp.invoice_recent_month_customer_total;
ANALYZE erp.invoice_recent_month_customer_summary;
ANALYZE erp.booking_recent_month_customer_total;
ANALYZE erp.booking_recent_month_customer_summary;
