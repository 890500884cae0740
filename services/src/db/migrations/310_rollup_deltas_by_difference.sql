-- A delta moves the rollups built from the month rollups by those rollups' change, instead of
-- reading again every touched customer's months (issue 29: at scale 40 a day touches ~10,000
-- customers; the trailing 12 months by customer took 6.4 s of the delta's 24.6 s, the year ×
-- customer rollups 1.6 s more, re-reading a year of months).
--
-- Each month rollup a delta refreshes records its change in a temporary table of the load's
-- transaction: the rows it deleted with their measures negated, and the rows it inserted
-- (erp.begin_rollup_changes makes them empty; runs in the load's transaction only). The rollups
-- built from it by sums — year × customer, the year totals by customer, the rolling 12 months
-- and each recent month by customer — add the net change per key: a row is added when it had no
-- lines, removed when its line count reaches 0, and their summaries are counted again for the
-- periods that moved. A load of unchanged rows moves nothing.

CREATE FUNCTION erp.begin_rollup_changes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS pg_temp.invoice_month_customer_change, pg_temp.booking_month_customer_change,
                       pg_temp.order_ship_month_customer_change, pg_temp.quote_booked_month_customer_change;
  CREATE TEMP TABLE invoice_month_customer_change (LIKE erp.invoice_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE booking_month_customer_change (LIKE erp.booking_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE order_ship_month_customer_change (LIKE erp.order_ship_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE quote_booked_month_customer_change (LIKE erp.quote_booked_month_customer) ON COMMIT DROP;
END;
$$;

-- Deletes the rows of the month rollup `target` of `months`, recorded in `change` with their
-- `measures` negated (the rows inserted after are recorded as they are).
CREATE FUNCTION erp.delete_months_recorded(target regclass, change regclass, months date[], measures text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('WITH gone AS (DELETE FROM %s WHERE month = ANY ($1) RETURNING *) INSERT INTO %s SELECT %s FROM gone', target, change,
    (SELECT string_agg(CASE WHEN a.attname = ANY (measures) THEN format('-%I', a.attname) ELSE format('%I', a.attname) END, ', ' ORDER BY a.attnum)
       FROM pg_attribute a WHERE a.attrelid = target AND a.attnum > 0 AND NOT a.attisdropped))
    USING months;
END;
$$;

-- The net change of `source` (signed rows) by the key expressions `keys` (each `expression AS
-- name`), as a new temporary table `into`: the keys whose sums of `measures` moved.
CREATE FUNCTION erp.net_change(into_table text, source text, keys text[], measures text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS pg_temp.%I', into_table);
  EXECUTE format('CREATE TEMP TABLE %I ON COMMIT DROP AS SELECT %s, %s FROM %s GROUP BY %s HAVING %s',
    into_table,
    array_to_string(keys, ', '),
    (SELECT string_agg(format('sum(%1$I) AS %1$I', m), ', ') FROM unnest(measures) m),
    source,
    (SELECT string_agg(i::text, ', ') FROM generate_series(1, cardinality(keys)) i),
    (SELECT string_agg(format('sum(%I) <> 0', m), ' OR ') FROM unnest(measures) m));
END;
$$;

-- Adds the net change `change` (one row per key of `keys`, with `measures`) to the table of sums
-- `target`: a key it lacked is added, a key whose line_count reaches 0 removed (every rollup row
-- counts at least one line). Answers how many rows were added or removed.
CREATE FUNCTION erp.move_sums(target regclass, change regclass, keys text[], measures text[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  key_list text := (SELECT string_agg(format('%I', k), ', ') FROM unnest(keys) k);
  match text := (SELECT string_agg(format('t.%1$I = c.%1$I', k), ' AND ') FROM unnest(keys) k);
  added bigint;
  removed bigint;
BEGIN
  EXECUTE format('UPDATE %s t SET %s FROM %s c WHERE %s', target,
    (SELECT string_agg(format('%1$I = t.%1$I + c.%1$I', m), ', ') FROM unnest(measures) m), change, match);
  EXECUTE format('INSERT INTO %1$s (%2$s, %3$s) SELECT %2$s, %3$s FROM %4$s c WHERE c.line_count > 0 AND NOT EXISTS (SELECT FROM %1$s t WHERE %5$s)',
    target, key_list, (SELECT string_agg(format('%I', m), ', ') FROM unnest(measures) m), change, match);
  GET DIAGNOSTICS added = ROW_COUNT;
  EXECUTE format('DELETE FROM %s t USING %s c WHERE %s AND t.line_count <= 0', target, change, match);
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN added + removed;
END;
$$;

-- The rows of `summary` (the count and sums of `total` by `keys`) of the keys `change` holds,
-- counted again from `total`.
CREATE FUNCTION erp.recount_summary(summary regclass, total regclass, change regclass, keys text[], measures text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_list text := (SELECT string_agg(format('%I', k), ', ') FROM unnest(keys) k);
BEGIN
  EXECUTE format('DELETE FROM %s WHERE (%s) IN (SELECT %2$s FROM %s)', summary, key_list, change);
  EXECUTE format('INSERT INTO %1$s (%2$s, groups, %3$s) SELECT %2$s, count(*), %4$s FROM %5$s WHERE (%2$s) IN (SELECT %2$s FROM %6$s) GROUP BY %2$s',
    summary, key_list, (SELECT string_agg(format('%I', m), ', ') FROM unnest(measures) m),
    (SELECT string_agg(format('sum(%1$I)', m), ', ') FROM unnest(measures) m), total, change);
END;
$$;

-- Migrations 037, 042: a window total table (rows per customer and month through each of the
-- data's last 13 months, over `months` months) moved by its month source's change: a month's
-- change moves the windows that hold it.
CREATE FUNCTION erp.move_window_totals(total regclass, summary regclass, change regclass, keys text[], measures text[], months int) RETURNS void LANGUAGE plpgsql AS $$
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

-- Migration 004's month × customer and year × customer: the touched months deleted and inserted
-- again, their change recorded; the years moved by it. The rest as migration 250 made it.
CREATE OR REPLACE FUNCTION erp.refresh_rollups_for(invoice_days date[], booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
  month_days date[] := erp.days_of_months(erp.months_of(invoice_days));
BEGIN
  IF cardinality(invoice_days) > 0 THEN
    DELETE FROM erp.invoice_day_rep WHERE invoice_date = ANY (invoice_days);
    INSERT INTO erp.invoice_day_rep (invoice_date, company, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count, qty)
    SELECT invoice_date, company, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight),
           count(*), count(DISTINCT invoice_number), sum(qty)
      FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days)
     GROUP BY invoice_date, company, branch, sales_rep;

    PERFORM erp.delete_months_recorded('erp.invoice_month_customer', 'pg_temp.invoice_month_customer_change', months,
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    WITH fresh AS (
      INSERT INTO erp.invoice_month_customer
      SELECT date_trunc('month', invoice_date)::date, company, customer, branch, sales_rep,
             sum(sales), sum(cost), sum(commission_cost), sum(freight), count(*), count(DISTINCT invoice_number)
        FROM erp.invoice_line WHERE invoice_date = ANY (month_days)
       GROUP BY 1, company, customer, branch, sales_rep
      RETURNING *)
    INSERT INTO pg_temp.invoice_month_customer_change SELECT * FROM fresh;

    PERFORM erp.net_change('year_customer_change', 'pg_temp.invoice_month_customer_change',
      '{"date_trunc(''year'', month)::date AS year",company,customer,branch,sales_rep}', '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    PERFORM erp.move_sums('erp.invoice_year_customer', 'pg_temp.year_customer_change', '{year,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');

    DELETE FROM erp.invoice_month_product_group WHERE month = ANY (months);
    INSERT INTO erp.invoice_month_product_group
    SELECT date_trunc('month', invoice_date)::date, company, product_group, branch, sales_rep,
           sum(sales), sum(cost), sum(commission_cost), sum(freight), count(*)
      FROM erp.invoice_line WHERE invoice_date = ANY (month_days)
     GROUP BY 1, company, product_group, branch, sales_rep;
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

-- Migration 007's order lines shipped by month × customer, their change recorded.
CREATE OR REPLACE FUNCTION erp.refresh_sales_rollups_for(ship_days date[], quote_days date[], booked_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ship_months date[] := erp.months_of(ship_days);
  ship_month_days date[] := erp.days_of_months(erp.months_of(ship_days));
BEGIN
  IF cardinality(ship_days) > 0 THEN
    PERFORM erp.delete_months_recorded('erp.order_ship_month_customer', 'pg_temp.order_ship_month_customer_change', ship_months,
      '{sales,cost,commission_cost,line_count,on_time_count}');
    WITH fresh AS (
      INSERT INTO erp.order_ship_month_customer
      SELECT date_trunc('month', ship_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*),
             count(*) FILTER (WHERE ship_date <= promise_date)
        FROM erp.order_line
       WHERE ship_date = ANY (ship_month_days)
       GROUP BY 1, company, customer, branch, sales_rep
      RETURNING *)
    INSERT INTO pg_temp.order_ship_month_customer_change SELECT * FROM fresh;
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

-- Migration 018's bookings by month × customer, their change recorded.
CREATE OR REPLACE FUNCTION erp.refresh_booking_rollups_for(booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(booking_days);
  month_days date[] := erp.days_of_months(erp.months_of(booking_days));
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  PERFORM erp.delete_months_recorded('erp.booking_month_customer', 'pg_temp.booking_month_customer_change', months, '{sales,cost,commission_cost,line_count}');
  WITH fresh AS (
    INSERT INTO erp.booking_month_customer
    SELECT 'BookingDate', date_trunc('month', booking_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
      FROM erp.booking WHERE booking_date = ANY (month_days) GROUP BY 2, company, customer, branch, sales_rep
    UNION ALL
    SELECT 'OrderLineDate', date_trunc('month', order_line_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
      FROM erp.booking WHERE order_line_date = ANY (month_days) GROUP BY 2, company, customer, branch, sales_rep
    RETURNING *)
  INSERT INTO pg_temp.booking_month_customer_change SELECT * FROM fresh;
END;
$$;

-- Migration 021's converted quotes by month × customer, their change recorded.
CREATE OR REPLACE FUNCTION erp.refresh_quote_booked_rollups_for(booked_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(booked_days);
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  PERFORM erp.delete_months_recorded('erp.quote_booked_month_customer', 'pg_temp.quote_booked_month_customer_change', months, '{sales,cost,commission_cost,line_count}');
  DELETE FROM erp.quote_booked_month_product_group WHERE month = ANY (months);
  WITH converted AS (
    SELECT date_trunc('month', o.order_date)::date AS month, q.company, q.customer, q.product_group, h.branch, q.sales_rep,
           q.sales, q.cost, q.commission_cost
      FROM erp.order_header o
      JOIN erp.quote_header h ON h.company = o.company AND h.order_number = o.order_number
      JOIN erp.quote_line q ON q.company = h.company AND q.quote_number = h.quote_number
     WHERE q.status = 'Converted' AND o.order_date = ANY (erp.days_of_months(months))
  ), by_customer AS (
    INSERT INTO erp.quote_booked_month_customer
    SELECT month, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
      FROM converted GROUP BY month, company, customer, branch, sales_rep
    RETURNING *
  ), recorded AS (
    INSERT INTO pg_temp.quote_booked_month_customer_change SELECT * FROM by_customer
  )
  INSERT INTO erp.quote_booked_month_product_group
  SELECT month, company, product_group, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM converted GROUP BY month, company, product_group, branch, sales_rep;
END;
$$;

-- Migration 034: a year total table by customer (and its summary) moved by a month rollup's
-- change; answers how many of its rows were added or removed.
CREATE FUNCTION erp.move_year_totals(total regclass, summary regclass, change regclass, measures text[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  PERFORM erp.net_change('year_total_change', change::text, '{"date_trunc(''year'', month)::date AS year",customer}', measures);
  moved := erp.move_sums(total, 'pg_temp.year_total_change', '{year,customer}', measures);
  PERFORM erp.recount_summary(summary, total, 'pg_temp.year_total_change', '{year}', measures);
  RETURN moved;
END;
$$;

-- Migrations 034, 038: the year totals by customer of the invoices and of the converted quotes
-- moved by their month rollups' change; the customers by their next year recounted whole when a
-- customer's year was added or removed.
DROP FUNCTION erp.refresh_year_customer_totals_for(date[], date[]);
CREATE FUNCTION erp.refresh_year_customer_totals_for() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF erp.move_year_totals('erp.invoice_year_customer_total', 'erp.invoice_year_customer_summary', 'pg_temp.invoice_month_customer_change',
                          '{sales,cost,commission_cost,freight,line_count,invoice_count}')
   + erp.move_year_totals('erp.quote_booked_year_customer_total', 'erp.quote_booked_year_customer_summary', 'pg_temp.quote_booked_month_customer_change',
                          '{sales,cost,commission_cost,line_count}') > 0 THEN
    PERFORM erp.refresh_year_customer_next();
  END IF;
END;
$$;

-- Migrations 037, 042: the window total tables by customer — rolling 12 months and each recent
-- month, of invoices, bookings and shipped order lines — each with its summary, month source,
-- the source's change in a delta, keys besides the customer, measures and window in months.
CREATE FUNCTION erp.window_totals() RETURNS TABLE (total regclass, summary regclass, source regclass, change text, keys text[], measures text[], months int)
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
     'pg_temp.booking_month_customer_change', '{basis}', '{sales,cost,commission_cost,line_count}', 1)
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
DROP FUNCTION erp.refresh_trailing_year_customer_totals_for(date, text[], text[], text[]);
DROP FUNCTION erp.fill_trailing_totals_for(regclass, regclass, regclass, text[], text[], int, text[]);
CREATE FUNCTION erp.refresh_trailing_year_customer_totals_for(previous_through date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  IF previous_through IS NULL OR date_trunc('month', previous_through) IS DISTINCT FROM date_trunc('month', erp.data_through()) THEN
    PERFORM erp.refresh_trailing_year_customer_totals();
    RETURN;
  END IF;
  FOR w IN SELECT * FROM erp.window_totals() LOOP
    PERFORM erp.move_window_totals(w.total, w.summary, w.change::regclass, w.keys, w.measures, w.months);
  END LOOP;
END;
$$;
