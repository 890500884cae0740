-- A delta's refresh of a month rollup writes only the rows that changed (issue 29): the month ×
-- customer rollups of invoices, bookings and shipped order lines, the month × product group and
-- month × item rollups were deleted and inserted again whole for each touched month (at scale 40
-- ~200,000 rows of invoice_month_customer and its three indexes, 3.6 s of the delta on a busy
-- machine), and migration 280's month × customer × product group for every touched customer.
-- Their rows are now computed into a temporary table, compared with the rollup's rows of the same
-- months (or customers' months), and only those that differ are deleted and inserted; the change
-- migration 310 records for the rollups built from them is the same. A reloaded day that changed
-- nothing writes nothing; a new day writes its customers' rows of the month.

-- Writes `fresh` (the rows a refresh computed for the rows of `target` that the condition `scope`
-- selects, alias t; same columns in the same order) into `target`: a row of the scope without an
-- equal fresh row is deleted, a fresh row whose key is then missing is inserted; both recorded in
-- `change` when given (the deleted with `measures` negated).
CREATE FUNCTION erp.write_changed(target regclass, fresh regclass, scope text, keys text[], measures text[], change regclass DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  match text := (SELECT string_agg(format('t.%1$I = f.%1$I', k), ' AND ') FROM unnest(keys) k);
  same text := (SELECT string_agg(format('t.%1$I = f.%1$I', m), ' AND ') FROM unnest(measures) m);
  gone text;
  added text;
BEGIN
  EXECUTE format('ANALYZE %s', fresh);
  gone := format('DELETE FROM %s t WHERE %s AND NOT EXISTS (SELECT FROM %s f WHERE %s AND %s)', target, scope, fresh, match, same);
  added := format('INSERT INTO %1$s SELECT f.* FROM %2$s f WHERE NOT EXISTS (SELECT FROM %1$s t WHERE %3$s)', target, fresh, match);
  IF change IS NULL THEN
    EXECUTE gone;
    EXECUTE added;
    RETURN;
  END IF;
  EXECUTE format('WITH gone AS (%s RETURNING t.*) INSERT INTO %s SELECT %s FROM gone', gone, change,
    (SELECT string_agg(CASE WHEN a.attname = ANY (measures) THEN format('-%I', a.attname) ELSE format('%I', a.attname) END, ', ' ORDER BY a.attnum)
       FROM pg_attribute a WHERE a.attrelid = target AND a.attnum > 0 AND NOT a.attisdropped));
  EXECUTE format('WITH added AS (%s RETURNING *) INSERT INTO %s SELECT * FROM added', added, change);
END;
$$;

-- Migrations 004 and 310: the touched months of month × customer (its change recorded, year ×
-- customer moved by it) and of month × product group, each written where it changed.
CREATE OR REPLACE FUNCTION erp.refresh_rollups_for(invoice_days date[], booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
  month_days date[] := erp.days_of_months(erp.months_of(invoice_days));
  in_months text := format('t.month = ANY (%L::date[])', erp.months_of(invoice_days));
BEGIN
  IF cardinality(invoice_days) > 0 THEN
    DELETE FROM erp.invoice_day_rep WHERE invoice_date = ANY (invoice_days);
    INSERT INTO erp.invoice_day_rep (invoice_date, company, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count, qty)
    SELECT invoice_date, company, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight),
           count(*), count(DISTINCT invoice_number), sum(qty)
      FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days)
     GROUP BY invoice_date, company, branch, sales_rep;

    DROP TABLE IF EXISTS pg_temp.fresh_rows;
    CREATE TEMP TABLE fresh_rows ON COMMIT DROP AS
    SELECT date_trunc('month', invoice_date)::date AS month, company, customer, branch, sales_rep,
           sum(sales)::numeric(16,2) AS sales, sum(cost)::numeric(16,2) AS cost, sum(commission_cost)::numeric(16,2) AS commission_cost,
           sum(freight)::numeric(16,2) AS freight, count(*)::int AS line_count, count(DISTINCT invoice_number)::int AS invoice_count
      FROM erp.invoice_line WHERE invoice_date = ANY (month_days)
     GROUP BY 1, company, customer, branch, sales_rep;
    PERFORM erp.write_changed('erp.invoice_month_customer', 'pg_temp.fresh_rows', in_months, '{month,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}', 'pg_temp.invoice_month_customer_change');

    PERFORM erp.net_change('year_customer_change', 'pg_temp.invoice_month_customer_change',
      '{"date_trunc(''year'', month)::date AS year",company,customer,branch,sales_rep}', '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    PERFORM erp.move_sums('erp.invoice_year_customer', 'pg_temp.year_customer_change', '{year,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');

    DROP TABLE pg_temp.fresh_rows;
    CREATE TEMP TABLE fresh_rows ON COMMIT DROP AS
    SELECT date_trunc('month', invoice_date)::date AS month, company, product_group, branch, sales_rep,
           sum(sales)::numeric(16,2) AS sales, sum(cost)::numeric(16,2) AS cost, sum(commission_cost)::numeric(16,2) AS commission_cost,
           sum(freight)::numeric(16,2) AS freight, count(*)::int AS line_count
      FROM erp.invoice_line WHERE invoice_date = ANY (month_days)
     GROUP BY 1, company, product_group, branch, sales_rep;
    PERFORM erp.write_changed('erp.invoice_month_product_group', 'pg_temp.fresh_rows', in_months, '{month,company,product_group,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count}');
    DROP TABLE pg_temp.fresh_rows;
  END IF;

  IF cardinality(booking_days) > 0 THEN
    DELETE FROM erp.booking_day_rep WHERE day = ANY (booking_days);
    INSERT INTO erp.booking_day_rep (basis, day, company, branch, sales_rep, sales, cost, line_count, commission_cost)
    SELECT 'BookingDate', booking_date, company, branch, sales_rep, sum(sales), sum(cost), count(*), sum(commission_cost)
      FROM erp.booking WHERE booking_date = ANY (booking_days) GROUP BY booking_date, company, branch, sales_rep;
    INSERT INTO erp.booking_day_rep (basis, day, company, branch, sales_rep, sales, cost, line_count, commission_cost)
    SELECT 'OrderLineDate', order_line_date, company, branch, sales_rep, sum(sales), sum(cost), count(*), sum(commission_cost)
      FROM erp.booking WHERE order_line_date = ANY (booking_days) GROUP BY order_line_date, company, branch, sales_rep;
  END IF;

  INSERT INTO erp.rollup_state (singleton, load_id, refreshed_at)
  SELECT true, (SELECT max(load_id) FROM erp.data_load), now()
  ON CONFLICT (singleton) DO UPDATE SET load_id = excluded.load_id, refreshed_at = excluded.refreshed_at;
END;
$$;

-- Migration 018 (and 310): bookings by month × customer, written where they changed.
CREATE OR REPLACE FUNCTION erp.refresh_booking_rollups_for(booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(booking_days);
  month_days date[] := erp.days_of_months(erp.months_of(booking_days));
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.fresh_rows;
  CREATE TEMP TABLE fresh_rows ON COMMIT DROP AS
  SELECT 'BookingDate'::text AS basis, date_trunc('month', booking_date)::date AS month, company, customer, branch, sales_rep,
         sum(sales)::numeric(16,2) AS sales, sum(cost)::numeric(16,2) AS cost, sum(commission_cost)::numeric(16,2) AS commission_cost, count(*)::int AS line_count
    FROM erp.booking WHERE booking_date = ANY (month_days) GROUP BY 2, company, customer, branch, sales_rep
  UNION ALL
  SELECT 'OrderLineDate', date_trunc('month', order_line_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM erp.booking WHERE order_line_date = ANY (month_days) GROUP BY 2, company, customer, branch, sales_rep;
  PERFORM erp.write_changed('erp.booking_month_customer', 'pg_temp.fresh_rows', format('t.month = ANY (%L::date[])', months),
    '{basis,month,company,customer,branch,sales_rep}', '{sales,cost,commission_cost,line_count}', 'pg_temp.booking_month_customer_change');
  DROP TABLE pg_temp.fresh_rows;
END;
$$;

-- Migration 007 (and 310): order lines shipped by month × customer, written where they changed.
CREATE OR REPLACE FUNCTION erp.refresh_sales_rollups_for(ship_days date[], quote_days date[], booked_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ship_months date[] := erp.months_of(ship_days);
  ship_month_days date[] := erp.days_of_months(erp.months_of(ship_days));
BEGIN
  IF cardinality(ship_days) > 0 THEN
    DROP TABLE IF EXISTS pg_temp.fresh_rows;
    CREATE TEMP TABLE fresh_rows ON COMMIT DROP AS
    SELECT date_trunc('month', ship_date)::date AS month, company, customer, branch, sales_rep,
           sum(sales)::numeric(16,2) AS sales, sum(cost)::numeric(16,2) AS cost, sum(commission_cost)::numeric(16,2) AS commission_cost, count(*)::int AS line_count,
           (count(*) FILTER (WHERE ship_date <= promise_date))::int AS on_time_count
      FROM erp.order_line
     WHERE ship_date = ANY (ship_month_days)
     GROUP BY 1, company, customer, branch, sales_rep;
    PERFORM erp.write_changed('erp.order_ship_month_customer', 'pg_temp.fresh_rows', format('t.month = ANY (%L::date[])', ship_months),
      '{month,company,customer,branch,sales_rep}', '{sales,cost,commission_cost,line_count,on_time_count}', 'pg_temp.order_ship_month_customer_change');
    DROP TABLE pg_temp.fresh_rows;
  END IF;

  IF cardinality(quote_days) > 0 THEN
    DELETE FROM erp.quote_day_rep WHERE quote_date = ANY (quote_days);
    INSERT INTO erp.quote_day_rep
    SELECT quote_date, company, sales_rep, status, sum(sales), sum(cost), sum(commission_cost), count(*), count(DISTINCT quote_number)
      FROM erp.quote_line WHERE quote_date = ANY (quote_days)
     GROUP BY quote_date, company, sales_rep, status;
  END IF;

  IF cardinality(booked_days) > 0 THEN
    DELETE FROM erp.quote_booked_day_rep WHERE booked_date = ANY (booked_days);
    INSERT INTO erp.quote_booked_day_rep
    SELECT o.order_date, q.company, h.branch, q.sales_rep, sum(q.sales), sum(q.cost), sum(q.commission_cost), count(*), count(DISTINCT q.quote_number)
      FROM erp.order_header o
      JOIN erp.quote_header h ON h.company = o.company AND h.order_number = o.order_number
      JOIN erp.quote_line q ON q.company = h.company AND q.quote_number = h.quote_number
     WHERE q.status = 'Converted' AND o.order_date = ANY (booked_days)
     GROUP BY o.order_date, q.company, h.branch, q.sales_rep;
  END IF;
END;
$$;

-- Migrations 280, 311: the touched customers' months, written where they changed.
CREATE OR REPLACE FUNCTION erp.refresh_invoice_month_customer_product_group_for(invoice_days date[], companies text[], customers text[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
BEGIN
  IF cardinality(months) = 0 OR cardinality(customers) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.customer_month, pg_temp.fresh_rows;
  CREATE TEMP TABLE customer_month ON COMMIT DROP AS
  SELECT DISTINCT k.company, k.customer, m.month
    FROM unnest(companies, customers) AS k (company, customer) CROSS JOIN unnest(months) AS m (month);
  ANALYZE customer_month;
  CREATE TEMP TABLE fresh_rows ON COMMIT DROP AS
  SELECT k.month, l.company, l.customer, l.product_group, l.branch, l.sales_rep,
         sum(l.sales)::numeric(16,2) AS sales, sum(l.cost)::numeric(16,2) AS cost, sum(l.commission_cost)::numeric(16,2) AS commission_cost,
         sum(l.freight)::numeric(16,2) AS freight, count(*)::int AS line_count
    FROM customer_month k
    JOIN erp.invoice_line l ON l.customer = k.customer AND l.company = k.company
                           AND l.invoice_date >= k.month AND l.invoice_date < (k.month + interval '1 month')::date
   GROUP BY 1, 2, 3, 4, 5, 6;
  PERFORM erp.write_changed('erp.invoice_month_customer_product_group', 'pg_temp.fresh_rows',
    '(t.customer, t.month, t.company) IN (SELECT customer, month, company FROM pg_temp.customer_month)',
    '{customer,product_group,month,company,branch,sales_rep}', '{sales,cost,commission_cost,freight,line_count}',
    'pg_temp.invoice_month_customer_product_group_change');
  DROP TABLE pg_temp.fresh_rows;
END;
$$;

-- Migration 014: month × item, written where it changed.
CREATE OR REPLACE FUNCTION erp.refresh_item_month_rollups_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.fresh_rows;
  CREATE TEMP TABLE fresh_rows ON COMMIT DROP AS
  SELECT date_trunc('month', invoice_date)::date AS month, company, item_number, sum(qty) AS qty, sum(sales) AS sales, count(*) AS line_count,
         sum(cost) AS cost, sum(commission_cost) AS commission_cost, sum(freight) AS freight
    FROM erp.invoice_line WHERE invoice_date = ANY (erp.days_of_months(months)) GROUP BY 1, company, item_number;
  PERFORM erp.write_changed('erp.invoice_month_item', 'pg_temp.fresh_rows', format('t.month = ANY (%L::date[])', months),
    '{month,company,item_number}', '{qty,sales,line_count,cost,commission_cost,freight}');
  DROP TABLE pg_temp.fresh_rows;
END;
$$;
