-- The 12 months through each of the data's last 13 months, by customer with nothing else: one
-- row per customer per month whose 12-month window (that month and the 11 before it) holds any of
-- the customer's invoice lines (or bookings, on each date basis, or shipped order lines), for
-- rolling 12 months (through this month, to date) and last 12 months (through last month), and
-- the same a year earlier, asked by customer with no scope or filter but the customer. Sorted by sales (or
-- freight), their page is the first rows of an index in that order, and without a filter the
-- count and totals are one row of the month's summary, instead of summing twelve months of
-- every customer's rows to sort them (10M: 90,000 customers, 750 ms). Rebuilt from the month ×
-- customer rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction.
CREATE TABLE erp.invoice_trailing_year_customer_total (
  month           date    NOT NULL,       -- the first day of the window's last month
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  invoice_count   integer NOT NULL,
  PRIMARY KEY (month, customer)
);
CREATE INDEX invoice_trailing_year_customer_total_by_sales ON erp.invoice_trailing_year_customer_total (month, sales DESC, customer);
CREATE INDEX invoice_trailing_year_customer_total_by_freight ON erp.invoice_trailing_year_customer_total (month, freight DESC, customer);

-- Each window's customers (groups) and the sums of their rows.
CREATE TABLE erp.invoice_trailing_year_customer_summary (
  month           date    PRIMARY KEY,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  freight         numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  invoice_count   bigint  NOT NULL
);

CREATE TABLE erp.booking_trailing_year_customer_total (
  basis           text    NOT NULL,       -- 'BookingDate' or 'OrderLineDate'
  month           date    NOT NULL,       -- the first day of the window's last month
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (basis, month, customer)
);
CREATE INDEX booking_trailing_year_customer_total_by_sales ON erp.booking_trailing_year_customer_total (basis, month, sales DESC, customer);

CREATE TABLE erp.booking_trailing_year_customer_summary (
  basis           text    NOT NULL,
  month           date    NOT NULL,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  PRIMARY KEY (basis, month)
);

CREATE TABLE erp.order_ship_trailing_year_customer_total (
  month           date    NOT NULL,       -- the first day of the window's last month
  customer        text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  on_time_count   integer NOT NULL,
  PRIMARY KEY (month, customer)
);
CREATE INDEX order_ship_trailing_year_customer_total_by_sales ON erp.order_ship_trailing_year_customer_total (month, sales DESC, customer);

CREATE TABLE erp.order_ship_trailing_year_customer_summary (
  month           date    PRIMARY KEY,
  groups          integer NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      bigint  NOT NULL,
  on_time_count   bigint  NOT NULL
);

-- Fills a trailing total table and its summary from a month × customer rollup (`source`, with
-- `keys` beside the customer, e.g. the booking date basis, and the `measures` to sum, line_count
-- among them): the windows through each of the last 13 months of the data (through this month and
-- last month, and the same a year earlier), each customer's with the sums of that month and the 11
-- before it, a window that holds nothing left out. The data's last month is the latest load's,
-- whose windows hold the months before it even when the rollup has nothing in it yet. A window
-- sum over each customer's months in order reads each month once, where adding each month to its
-- 12 windows would read it 12 times.
-- Its sorts of a million rows stay in memory, and compiling them (JIT) costs more than it saves.
CREATE FUNCTION erp.fill_trailing_year_totals(total regclass, summary regclass, source regclass, keys text[], measures text[]) RETURNS void
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
  -- Each customer's months from 23 before the last (the first kept window's first month) to 11
  -- after its last purchase, every one of them, so that 11 rows before are the 11 months before.
  EXECUTE format(
    $sql$INSERT INTO %1$s (%2$s, month, %3$s)
         SELECT %2$s, month, %3$s
           FROM (SELECT %2$s, month, %4$s
                   FROM (SELECT %2$s, generate_series(greatest(first_month, $1 - 23 * interval '1 month'), least(last_month + 11 * interval '1 month', $1), interval '1 month')::date AS month
                           FROM (SELECT %2$s, min(month) AS first_month, max(month) AS last_month FROM %5$s GROUP BY %2$s) s) g
                   LEFT JOIN (SELECT %2$s, month, %6$s FROM %5$s WHERE month >= $1 - 23 * interval '1 month' GROUP BY %2$s, month) m USING (%2$s, month)
                 WINDOW w AS (PARTITION BY %2$s ORDER BY month ROWS 11 PRECEDING)) t
          WHERE line_count IS NOT NULL AND month >= $1 - 12 * interval '1 month'$sql$,
    total, partition_by, measure_list, windows, source, sums)
    USING last_month;
  EXECUTE format(
    'INSERT INTO %1$s (%2$s, groups, %3$s) SELECT %2$s, count(*), %4$s FROM %5$s GROUP BY %2$s',
    summary, summary_keys, measure_list, sums, total);
END;
$$;

CREATE FUNCTION erp.refresh_trailing_year_customer_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_trailing_year_customer_total, erp.invoice_trailing_year_customer_summary,
           erp.booking_trailing_year_customer_total, erp.booking_trailing_year_customer_summary,
           erp.order_ship_trailing_year_customer_total, erp.order_ship_trailing_year_customer_summary;
  PERFORM erp.fill_trailing_year_totals('erp.invoice_trailing_year_customer_total', 'erp.invoice_trailing_year_customer_summary', 'erp.invoice_month_customer',
    '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}');
  PERFORM erp.fill_trailing_year_totals('erp.booking_trailing_year_customer_total', 'erp.booking_trailing_year_customer_summary', 'erp.booking_month_customer',
    '{basis}', '{sales,cost,commission_cost,line_count}');
  PERFORM erp.fill_trailing_year_totals('erp.order_ship_trailing_year_customer_total', 'erp.order_ship_trailing_year_customer_summary', 'erp.order_ship_month_customer',
    '{}', '{sales,cost,commission_cost,line_count,on_time_count}');
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_trailing_year_customer_totals();
ANALYZE erp.invoice_trailing_year_customer_total;
ANALYZE erp.invoice_trailing_year_customer_summary;
ANALYZE erp.booking_trailing_year_customer_total;
ANALYZE erp.booking_trailing_year_customer_summary;
ANALYZE erp.order_ship_trailing_year_customer_total;
ANALYZE erp.order_ship_trailing_year_customer_summary;
