-- Incremental rollup refresh (issue 29): a daily delta refreshes only the periods and keys it
-- touched instead of rebuilding every rollup (services/src/analytics/rollups.ts, refreshRollupsFor).
--
-- Each full refresh function erp.refresh_X() keeps its definition; beside it erp.refresh_X_for(...)
-- takes what a load touched — the days of the rows it wrote or deleted (before and after the write)
-- and, for the rollups keyed by customer or item across all time, those keys — and deletes and
-- inserts again only those days, months or years (same SELECTs as the full refresh, restricted to
-- them) or keys. A rollup tied to the data's last day or month (trailing 12 months, last 13
-- months, white space) refreshes its touched customers while that day or month stands, and is
-- rebuilt whole (its own full function) when it moved. No CLUSTER: a delta's rows are few.

-- The indexes a refresh by day needs and the base tables lacked.
CREATE INDEX IF NOT EXISTS quote_line_by_date ON erp.quote_line (quote_date);
CREATE INDEX IF NOT EXISTS quote_header_by_date ON erp.quote_header (quote_date);
CREATE INDEX IF NOT EXISTS quote_header_by_order ON erp.quote_header (order_number, company) WHERE order_number IS NOT NULL;
CREATE INDEX IF NOT EXISTS order_header_by_date ON erp.order_header (order_date);

-- The distinct months and years of some days, and every day of some months.
CREATE FUNCTION erp.months_of(days date[]) RETURNS date[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT date_trunc('month', d)::date), '{}') FROM unnest(days) d WHERE d IS NOT NULL
$$;
CREATE FUNCTION erp.years_of(days date[]) RETURNS date[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT date_trunc('year', d)::date), '{}') FROM unnest(days) d WHERE d IS NOT NULL
$$;
CREATE FUNCTION erp.days_of_months(months date[]) RETURNS date[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT d::date), '{}')
    FROM unnest(months) m, generate_series(date_trunc('month', m), date_trunc('month', m) + interval '1 month' - interval '1 day', interval '1 day') d
$$;
CREATE FUNCTION erp.months_of_years(years date[]) RETURNS date[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT m::date), '{}')
    FROM unnest(years) y, generate_series(date_trunc('year', y), date_trunc('year', y) + interval '11 months', interval '1 month') m
$$;
-- The data's last day, as the full refresh functions read it.
CREATE FUNCTION erp.data_through() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1
$$;

-- Migration 004 (with 007's booking commission and 023's quantity): invoices by day × rep, month ×
-- customer, year × customer, month × product group; bookings by day × rep.
CREATE FUNCTION erp.refresh_rollups_for(invoice_days date[], booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
  month_days date[] := erp.days_of_months(erp.months_of(invoice_days));
  years date[] := erp.years_of(invoice_days);
  year_months date[] := erp.months_of_years(erp.years_of(invoice_days));
BEGIN
  IF cardinality(invoice_days) > 0 THEN
    DELETE FROM erp.invoice_day_rep WHERE invoice_date = ANY (invoice_days);
    INSERT INTO erp.invoice_day_rep (invoice_date, company, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count, qty)
    SELECT invoice_date, company, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight),
           count(*), count(DISTINCT invoice_number), sum(qty)
      FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days)
     GROUP BY invoice_date, company, branch, sales_rep;

    DELETE FROM erp.invoice_month_customer WHERE month = ANY (months);
    INSERT INTO erp.invoice_month_customer
    SELECT date_trunc('month', invoice_date)::date, company, customer, branch, sales_rep,
           sum(sales), sum(cost), sum(commission_cost), sum(freight), count(*), count(DISTINCT invoice_number)
      FROM erp.invoice_line WHERE invoice_date = ANY (month_days)
     GROUP BY 1, company, customer, branch, sales_rep;

    DELETE FROM erp.invoice_year_customer WHERE year = ANY (years);
    INSERT INTO erp.invoice_year_customer
    SELECT date_trunc('year', month)::date, company, customer, branch, sales_rep,
           sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
      FROM erp.invoice_month_customer WHERE month = ANY (year_months)
     GROUP BY 1, company, customer, branch, sales_rep;

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

-- Migration 007: order lines shipped by month × customer, quotes by day × rep, converted quotes by their order's day.
CREATE FUNCTION erp.refresh_sales_rollups_for(ship_days date[], quote_days date[], booked_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ship_months date[] := erp.months_of(ship_days);
  ship_month_days date[] := erp.days_of_months(erp.months_of(ship_days));
BEGIN
  IF cardinality(ship_days) > 0 THEN
    DELETE FROM erp.order_ship_month_customer WHERE month = ANY (ship_months);
    INSERT INTO erp.order_ship_month_customer
    SELECT date_trunc('month', ship_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*),
           count(*) FILTER (WHERE ship_date <= promise_date)
      FROM erp.order_line
     WHERE ship_date = ANY (ship_month_days)
     GROUP BY 1, company, customer, branch, sales_rep;
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

-- Migrations 011, 012, 033, 043: each customer × item's and each item's last sale and sales bound,
-- and the pairs by their last day, for the customer × item pairs whose lines the load touched. An
-- item's row is the sum of its pairs' (both over the lines with qty > 0): it moves by the
-- difference of its touched pairs, and its last day is read again from its lines.
CREATE FUNCTION erp.refresh_customer_item_rollups_for(companies text[], customers text[], items text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.pair_change;
  CREATE TEMP TABLE pair_change (was boolean, company text, customer text, item_number text, last_date date, sales_bound numeric) ON COMMIT DROP;
  WITH keys AS (SELECT DISTINCT * FROM unnest(companies, customers, items) AS k (company, customer, item_number)),
       gone AS (DELETE FROM erp.customer_item_last_sale s USING keys k
                 WHERE s.company = k.company AND s.customer = k.customer AND s.item_number = k.item_number
                RETURNING s.company, s.customer, s.item_number, s.last_date, s.sales_bound)
  INSERT INTO pair_change SELECT true, * FROM gone;
  WITH keys AS (SELECT DISTINCT * FROM unnest(companies, customers, items) AS k (company, customer, item_number)),
       fresh AS (INSERT INTO erp.customer_item_last_sale
                 SELECT k.company, k.customer, k.item_number, l.*
                   FROM keys k
                   -- LATERAL: each pair's lines by index (a join would read every line).
                   CROSS JOIN LATERAL (
                     SELECT CASE WHEN min(l.branch) = max(l.branch) THEN min(l.branch) END,
                            CASE WHEN min(l.sales_rep) = max(l.sales_rep) THEN min(l.sales_rep) END,
                            CASE WHEN min(l.product_group) = max(l.product_group) THEN min(l.product_group) END,
                            max(l.invoice_date) AS last_date, sum(greatest(l.sales, 0))
                       FROM erp.invoice_line l
                      WHERE l.customer = k.customer AND l.company = k.company AND l.item_number = k.item_number AND l.qty > 0) l
                  WHERE l.last_date IS NOT NULL
                 RETURNING company, customer, item_number, last_date, sales_bound)
  INSERT INTO pair_change SELECT false, * FROM fresh;

  DELETE FROM erp.customer_item_last_sale_day d USING (SELECT DISTINCT last_date, company FROM pair_change) c
   WHERE d.last_date = c.last_date AND d.company = c.company;
  INSERT INTO erp.customer_item_last_sale_day
  SELECT s.last_date, s.company, count(*)
    FROM erp.customer_item_last_sale s
   WHERE (s.last_date, s.company) IN (SELECT DISTINCT last_date, company FROM pair_change)
   GROUP BY s.last_date, s.company;

  DROP TABLE IF EXISTS pg_temp.item_change;
  CREATE TEMP TABLE item_change ON COMMIT DROP AS
  SELECT d.company, d.item_number, coalesce(i.sales_bound, 0) + d.delta AS sales_bound,
         (SELECT max(l.invoice_date) FROM erp.invoice_line l WHERE l.item_number = d.item_number AND l.company = d.company AND l.qty > 0) AS last_date
    FROM (SELECT company, item_number, sum(CASE WHEN was THEN -sales_bound ELSE sales_bound END) AS delta FROM pair_change GROUP BY 1, 2) d
    LEFT JOIN erp.item_last_sale i ON i.company = d.company AND i.item_number = d.item_number;
  DELETE FROM erp.item_last_sale i USING item_change c WHERE i.company = c.company AND i.item_number = c.item_number;
  INSERT INTO erp.item_last_sale (company, item_number, last_date, sales_bound)
  SELECT company, item_number, last_date, sales_bound FROM item_change WHERE last_date IS NOT NULL;
END;
$$;

-- Migration 013: customer × item groups per month.
CREATE FUNCTION erp.refresh_usage_rollups_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
  month_days date[] := erp.days_of_months(erp.months_of(invoice_days));
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.usage_month_groups WHERE month = ANY (months);
  INSERT INTO erp.usage_month_groups
  SELECT month, company, branch, sales_rep, product_group, count(*), bool_or(slices > 1)
    FROM (SELECT g.*, count(*) OVER (PARTITION BY month, company, customer, item_number) AS slices
            FROM (SELECT date_trunc('month', invoice_date)::date AS month, company, customer, item_number, branch, sales_rep, product_group
                    FROM erp.invoice_line WHERE invoice_date = ANY (month_days) GROUP BY 1, 2, 3, 4, 5, 6, 7) g) x
   GROUP BY month, company, branch, sales_rep, product_group;
END;
$$;

-- Migration 039: each customer's item per month over the data's last 13 months; rebuilt whole when that window moved.
CREATE FUNCTION erp.refresh_usage_month_customer_items_for(invoice_days date[], previous_through date) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  first_month date := date_trunc('month', coalesce(erp.data_through(), (SELECT max(invoice_date) FROM erp.invoice_line)))::date - interval '12 months';
  months date[];
BEGIN
  IF previous_through IS NULL OR first_month IS DISTINCT FROM (date_trunc('month', previous_through)::date - interval '12 months')::date THEN
    PERFORM erp.refresh_usage_month_customer_items();
    RETURN;
  END IF;
  months := ARRAY(SELECT m FROM unnest(erp.months_of(invoice_days)) m WHERE m >= first_month);
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.usage_month_customer_item WHERE month = ANY (months);
  INSERT INTO erp.usage_month_customer_item
  SELECT month, company, customer, item_number, sum(qty)::int, sum(sales), sum(line_count)::int, count(*)::int, max(last_date)
    FROM (SELECT date_trunc('month', invoice_date)::date AS month, company, customer, item_number, invoice_number,
                 sum(qty) AS qty, sum(sales) AS sales, count(*) AS line_count, max(invoice_date) AS last_date
            FROM erp.invoice_line WHERE invoice_date = ANY (erp.days_of_months(months)) GROUP BY 1, 2, 3, 4, 5) i
   GROUP BY 1, 2, 3, 4;
END;
$$;

-- Migration 044: day × customer.
CREATE FUNCTION erp.refresh_invoice_day_customer_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.invoice_day_customer WHERE invoice_date = ANY (invoice_days);
  INSERT INTO erp.invoice_day_customer
  SELECT invoice_date, company, customer, branch, sales_rep,
         sum(sales), sum(cost), sum(commission_cost), sum(freight), count(*), count(DISTINCT invoice_number)
    FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days)
   GROUP BY invoice_date, company, customer, branch, sales_rep;
END;
$$;

-- Migration 048: the customers of each month by their first day in it or in the same month a year
-- before: a touched month counts in itself and in the month a year on.
CREATE FUNCTION erp.refresh_invoice_month_to_date_customers_for(invoice_days date[]) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  targets date[] := ARRAY(SELECT DISTINCT (m + s * interval '1 month')::date FROM unnest(erp.months_of(invoice_days)) m, (VALUES (0), (12)) v (s));
  sources date[];
BEGIN
  IF cardinality(targets) = 0 THEN
    RETURN;
  END IF;
  sources := ARRAY(SELECT DISTINCT (m - s * interval '1 month')::date FROM unnest(targets) m, (VALUES (0), (12)) v (s));
  DELETE FROM erp.invoice_month_to_date_customers WHERE month = ANY (targets);
  INSERT INTO erp.invoice_month_to_date_customers
  SELECT month, first_day, count(*)
    FROM (SELECT (date_trunc('month', d.invoice_date) + shift.months * interval '1 month')::date AS month, d.customer,
                 min(extract(day FROM d.invoice_date))::smallint AS first_day
            FROM erp.invoice_day_customer d
           CROSS JOIN (VALUES (0), (12)) shift (months)
           WHERE d.invoice_date = ANY (erp.days_of_months(sources))
           GROUP BY 1, 2) c
   WHERE month = ANY (targets)
   GROUP BY 1, 2;
END;
$$;

-- Migrations 014, 022: month × item.
CREATE FUNCTION erp.refresh_item_month_rollups_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.invoice_month_item WHERE month = ANY (months);
  INSERT INTO erp.invoice_month_item (month, company, item_number, qty, sales, line_count, cost, commission_cost, freight)
  SELECT date_trunc('month', invoice_date)::date, company, item_number, sum(qty), sum(sales), count(*), sum(cost), sum(commission_cost), sum(freight)
    FROM erp.invoice_line WHERE invoice_date = ANY (erp.days_of_months(months)) GROUP BY 1, company, item_number;
END;
$$;

-- Migration 054: month × item alone and per month, from month × item.
CREATE FUNCTION erp.refresh_invoice_month_item_totals_for(invoice_days date[]) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.invoice_month_item_total WHERE month = ANY (months);
  DELETE FROM erp.invoice_month_item_summary WHERE month = ANY (months);
  INSERT INTO erp.invoice_month_item_total
  SELECT month, item_number, sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count)
    FROM erp.invoice_month_item WHERE month = ANY (months) GROUP BY month, item_number ORDER BY month, item_number;
  INSERT INTO erp.invoice_month_item_summary
  SELECT month, count(*), sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count)
    FROM erp.invoice_month_item_total WHERE month = ANY (months) GROUP BY month;
END;
$$;

-- Migration 015: purchase orders by the day of their first line, and by month. `po_days` holds
-- every line day of each touched purchase order (before and after), so its first day is in it.
CREATE FUNCTION erp.refresh_purchase_order_rollups_for(po_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(po_days);
BEGIN
  IF cardinality(po_days) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.purchase_order_day WHERE order_date = ANY (po_days);
  INSERT INTO erp.purchase_order_day
  SELECT l.order_date, l.company, l.supplier, h.branch, h.buyer, h.status, sum(l.amount), sum(l.received), sum(l.line_count), count(*)
    FROM (SELECT company, po_number, min(order_date) AS order_date, min(supplier) AS supplier,
                 sum(cost) AS amount, sum(cost - open_cost) AS received, count(*) AS line_count
            FROM erp.purchase_order_line
           WHERE (company, po_number) IN (SELECT company, po_number FROM erp.purchase_order_line WHERE order_date = ANY (po_days))
           GROUP BY company, po_number) l
    JOIN erp.purchase_order_header h ON h.company = l.company AND h.po_number = l.po_number
   WHERE l.order_date = ANY (po_days)
   GROUP BY l.order_date, l.company, l.supplier, h.branch, h.buyer, h.status;
  DELETE FROM erp.purchase_order_month WHERE month = ANY (months);
  INSERT INTO erp.purchase_order_month
  SELECT date_trunc('month', order_date)::date, company, supplier, branch, buyer, status, sum(amount), sum(received), sum(line_count), sum(po_count)
    FROM erp.purchase_order_day WHERE order_date = ANY (erp.days_of_months(months))
   GROUP BY 1, company, supplier, branch, buyer, status;
END;
$$;

-- Migration 018: bookings by month × customer, on both bases, for the months of the touched days (either basis).
CREATE FUNCTION erp.refresh_booking_rollups_for(booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(booking_days);
  month_days date[] := erp.days_of_months(erp.months_of(booking_days));
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.booking_month_customer WHERE month = ANY (months);
  INSERT INTO erp.booking_month_customer
  SELECT 'BookingDate', date_trunc('month', booking_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM erp.booking WHERE booking_date = ANY (month_days) GROUP BY 2, company, customer, branch, sales_rep;
  INSERT INTO erp.booking_month_customer
  SELECT 'OrderLineDate', date_trunc('month', order_line_date)::date, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM erp.booking WHERE order_line_date = ANY (month_days) GROUP BY 2, company, customer, branch, sales_rep;
END;
$$;

-- Migrations 019, 041: lines shipped from another branch, by day.
CREATE FUNCTION erp.refresh_ibt_rollups_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.invoice_ibt_line WHERE invoice_date = ANY (invoice_days);
  DELETE FROM erp.invoice_ibt_day WHERE invoice_date = ANY (invoice_days);
  INSERT INTO erp.invoice_ibt_line
  SELECT l.invoice_date, l.company, l.invoice_number, l.invoice_line_number
    FROM erp.invoice_line l
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE loc.branch <> c.branch AND l.invoice_date = ANY (invoice_days);
  INSERT INTO erp.invoice_ibt_day
  SELECT l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location,
         sum(l.sales), sum(l.cost), sum(l.commission_cost), count(*)
    FROM erp.invoice_ibt_line k
    JOIN erp.invoice_line l USING (company, invoice_number, invoice_line_number)
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE k.invoice_date = ANY (invoice_days)
   GROUP BY l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location;
END;
$$;

-- Migration 020: each touched customer's first invoice.
CREATE FUNCTION erp.refresh_customer_first_invoices_for(companies text[], customers text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.customer_first_invoice f USING (SELECT DISTINCT * FROM unnest(companies, customers) AS k (company, customer)) k
   WHERE f.company = k.company AND f.customer = k.customer;
  INSERT INTO erp.customer_first_invoice
  SELECT k.company, k.customer, h.*
    FROM (SELECT DISTINCT * FROM unnest(companies, customers) AS k (company, customer)) k
    CROSS JOIN LATERAL (SELECT h.invoice_number, h.invoice_date, h.sales_rep, h.branch, h.sales FROM erp.invoice_header h
                         WHERE h.customer = k.customer AND h.company = k.company AND h.invoice_type = 'IN'
                         ORDER BY h.invoice_date, h.invoice_number LIMIT 1) h;
END;
$$;

-- Migration 021: converted quotes by their order's month × customer and × product group.
CREATE FUNCTION erp.refresh_quote_booked_rollups_for(booked_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := erp.months_of(booked_days);
BEGIN
  IF cardinality(months) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.quote_booked_month_customer WHERE month = ANY (months);
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
  )
  INSERT INTO erp.quote_booked_month_product_group
  SELECT month, company, product_group, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM converted GROUP BY month, company, product_group, branch, sales_rep;
END;
$$;

-- Migration 023: the days each touched customer bought and each touched item sold: their days
-- outside the touched ones stay, the touched ones are read again from the lines.
CREATE FUNCTION erp.refresh_usage_kpi_rollups_for(invoice_days date[], companies text[], customers text[], item_companies text[], items text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched datemultirange := (SELECT coalesce(range_agg(daterange(d, d, '[]')), '{}') FROM unnest(invoice_days) d);
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.days_change;
  CREATE TEMP TABLE days_change ON COMMIT DROP AS
  SELECT k.company, k.customer, (coalesce(o.days, '{}') - touched) + coalesce(n.days, '{}') AS days
    FROM (SELECT DISTINCT * FROM unnest(companies, customers) AS k (company, customer)) k
    LEFT JOIN erp.customer_invoice_days o ON o.company = k.company AND o.customer = k.customer
    LEFT JOIN LATERAL (SELECT range_agg(daterange(l.invoice_date, l.invoice_date, '[]')) AS days
                         FROM (SELECT DISTINCT invoice_date FROM erp.invoice_line l
                                WHERE l.customer = k.customer AND l.company = k.company AND l.invoice_date = ANY (invoice_days)) l) n ON true;
  DELETE FROM erp.customer_invoice_days c USING days_change k WHERE c.company = k.company AND c.customer = k.customer;
  INSERT INTO erp.customer_invoice_days SELECT company, customer, days FROM days_change WHERE NOT isempty(days);

  DROP TABLE IF EXISTS pg_temp.days_change;
  CREATE TEMP TABLE days_change ON COMMIT DROP AS
  SELECT k.company, k.item_number, (coalesce(o.days, '{}') - touched) + coalesce(n.days, '{}') AS days
    FROM (SELECT DISTINCT * FROM unnest(item_companies, items) AS k (company, item_number)) k
    LEFT JOIN erp.item_invoice_days o ON o.company = k.company AND o.item_number = k.item_number
    LEFT JOIN LATERAL (SELECT range_agg(daterange(l.invoice_date, l.invoice_date, '[]')) AS days
                         FROM (SELECT DISTINCT invoice_date FROM erp.invoice_line l
                                WHERE l.item_number = k.item_number AND l.company = k.company AND l.invoice_date = ANY (invoice_days)) l) n ON true;
  DELETE FROM erp.item_invoice_days c USING days_change k WHERE c.company = k.company AND c.item_number = k.item_number;
  INSERT INTO erp.item_invoice_days SELECT company, item_number, days FROM days_change WHERE NOT isempty(days);
  DROP TABLE pg_temp.days_change;
END;
$$;

-- Migration 035: the customers and items by their first day of each touched year (a year's first
-- day of a key depends on its days in that year alone).
CREATE FUNCTION erp.refresh_year_first_days_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  years date[] := erp.years_of(invoice_days);
BEGIN
  IF cardinality(years) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.year_first_day WHERE year = ANY (years);
  INSERT INTO erp.year_first_day
  SELECT year, first_date, company, sum(customers), sum(items)
    FROM (SELECT y AS year, lower(c.days * datemultirange(daterange(y, (y + interval '1 year')::date))) AS first_date, c.company, 1 AS customers, 0 AS items
            FROM erp.customer_invoice_days c, unnest(years) y
           WHERE c.days && daterange(y, (y + interval '1 year')::date)
           UNION ALL
          SELECT y, lower(i.days * datemultirange(daterange(y, (y + interval '1 year')::date))), i.company, 0, 1
            FROM erp.item_invoice_days i, unnest(years) y
           WHERE i.days && daterange(y, (y + interval '1 year')::date)) f
   GROUP BY year, first_date, company;
END;
$$;

-- Migration 024: quote headers by day.
CREATE FUNCTION erp.refresh_quote_header_rollups_for(quote_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(quote_days) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.quote_header_day WHERE quote_date = ANY (quote_days);
  INSERT INTO erp.quote_header_day
  SELECT quote_date, company, branch, sales_rep, status, count(*), sum(quote_total)
    FROM erp.quote_header WHERE quote_date = ANY (quote_days) GROUP BY quote_date, company, branch, sales_rep, status;
END;
$$;

-- Migration 053: the touched order lines that are open.
CREATE FUNCTION erp.refresh_open_order_line_for(companies text[], orders text[], lines int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.open_order_line o USING (SELECT DISTINCT * FROM unnest(companies, orders, lines) AS k (company, order_number, order_line_number)) k
   WHERE o.company = k.company AND o.order_number = k.order_number AND o.order_line_number = k.order_line_number;
  INSERT INTO erp.open_order_line
  SELECT l.company, l.order_number, l.order_line_number, l.order_date, l.customer, l.ship_to, l.sales_rep, l.branch, l.location, l.status,
         l.item_number, l.product_group, (l.open_sales * 100)::int8, (round(l.qty_open * l.unit_cost, 2) * 100)::int8,
         (round(l.commission_cost * l.qty_open / l.qty_ordered, 2) * 100)::int8
    FROM (SELECT DISTINCT * FROM unnest(companies, orders, lines) AS k (company, order_number, order_line_number)) k
    JOIN erp.order_line l ON l.company = k.company AND l.order_number = k.order_number AND l.order_line_number = k.order_line_number
   WHERE l.qty_open > 0;
END;
$$;

-- Migrations 034, 038: per customer per touched year, the invoices (from year × customer) and the
-- converted quotes (from their months), and the years' summaries; the customers by their next
-- year are recounted whole (one row per customer and year: a lead() over them).
CREATE FUNCTION erp.refresh_year_customer_totals_for(invoice_days date[], booked_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  invoice_years date[] := erp.years_of(invoice_days);
  booked_years date[] := erp.years_of(booked_days);
BEGIN
  IF cardinality(invoice_years) > 0 THEN
    DELETE FROM erp.invoice_year_customer_total WHERE year = ANY (invoice_years);
    DELETE FROM erp.invoice_year_customer_summary WHERE year = ANY (invoice_years);
    INSERT INTO erp.invoice_year_customer_total
    SELECT year, customer, sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
      FROM erp.invoice_year_customer WHERE year = ANY (invoice_years)
     GROUP BY year, customer;
    INSERT INTO erp.invoice_year_customer_summary
    SELECT year, count(*), sum(sales), sum(cost), sum(commission_cost), sum(freight), sum(line_count), sum(invoice_count)
      FROM erp.invoice_year_customer_total WHERE year = ANY (invoice_years)
     GROUP BY year;
  END IF;
  IF cardinality(booked_years) > 0 THEN
    DELETE FROM erp.quote_booked_year_customer_total WHERE year = ANY (booked_years);
    DELETE FROM erp.quote_booked_year_customer_summary WHERE year = ANY (booked_years);
    INSERT INTO erp.quote_booked_year_customer_total
    SELECT date_trunc('year', month)::date, customer, sum(sales), sum(cost), sum(commission_cost), sum(line_count)
      FROM erp.quote_booked_month_customer WHERE month = ANY (erp.months_of_years(booked_years))
     GROUP BY 1, customer;
    INSERT INTO erp.quote_booked_year_customer_summary
    SELECT year, count(*), sum(sales), sum(cost), sum(commission_cost), sum(line_count)
      FROM erp.quote_booked_year_customer_total WHERE year = ANY (booked_years)
     GROUP BY year;
  END IF;
  IF cardinality(invoice_years) + cardinality(booked_years) > 0 THEN
    PERFORM erp.refresh_year_customer_next();
  END IF;
END;
$$;

-- Migration 037's fill_trailing_totals for some customers: their rows of `total` are taken out of
-- `summary`, deleted, filled again by the same statement restricted to them and added to `summary`.
CREATE FUNCTION erp.fill_trailing_totals_for(total regclass, summary regclass, source regclass, keys text[], measures text[], months int, customers text[]) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  partition_by text := array_to_string(keys || 'customer'::text, ', ');
  summary_keys text := array_to_string(keys || 'month'::text, ', ');
  summary_match text := (SELECT string_agg(format('s.%1$I = c.%1$I', k), ' AND ') FROM unnest(keys || 'month'::text) k);
  measure_list text := array_to_string(measures, ', ');
  sums text := (SELECT string_agg(format('sum(%I) AS %I', m, m), ', ') FROM unnest(measures) m);
  windows text := (SELECT string_agg(format('sum(%I) OVER w AS %I', m, m), ', ') FROM unnest(measures) m);
  minus text := (SELECT string_agg(format('%1$I = s.%1$I - c.%1$I', m), ', ') FROM unnest(measures) m);
  plus text := (SELECT string_agg(format('%1$I = %2$s.%1$I + excluded.%1$I', m, summary), ', ') FROM unnest(measures) m);
  last_month date;
BEGIN
  IF cardinality(customers) = 0 THEN
    RETURN;
  END IF;
  EXECUTE format('SELECT date_trunc(''month'', coalesce((SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1), (SELECT max(month) FROM %s)))::date', source)
    INTO last_month;
  EXECUTE format('UPDATE %1$s s SET groups = s.groups - c.groups, %2$s
                    FROM (SELECT %3$s, count(*) AS groups, %4$s FROM %5$s WHERE customer IN (SELECT unnest($1::text[])) GROUP BY %3$s) c
                   WHERE %6$s', summary, minus, summary_keys, sums, total, summary_match)
    USING customers;
  EXECUTE format('DELETE FROM %s WHERE customer IN (SELECT unnest($1::text[]))', total) USING customers;
  EXECUTE format(
    $sql$INSERT INTO %1$s (%2$s, month, %3$s)
         SELECT %2$s, month, %3$s
           FROM (SELECT %2$s, month, %4$s
                   FROM (SELECT %2$s, generate_series(greatest(first_month, $1 - (11 + $2) * interval '1 month'), least(last_month + ($2 - 1) * interval '1 month', $1), interval '1 month')::date AS month
                           FROM (SELECT %2$s, min(month) AS first_month, max(month) AS last_month FROM %5$s WHERE customer IN (SELECT unnest($3::text[])) GROUP BY %2$s) s) g
                   LEFT JOIN (SELECT %2$s, month, %6$s FROM %5$s WHERE month >= $1 - (11 + $2) * interval '1 month' AND customer IN (SELECT unnest($3::text[])) GROUP BY %2$s, month) m USING (%2$s, month)
                 WINDOW w AS (PARTITION BY %2$s ORDER BY month ROWS %7$s PRECEDING)) t
          WHERE line_count IS NOT NULL AND month >= $1 - 12 * interval '1 month'$sql$,
    total, partition_by, measure_list, windows, source, sums, months - 1)
    USING last_month, months, customers;
  EXECUTE format(
    'INSERT INTO %1$s (%2$s, groups, %3$s) SELECT %2$s, count(*), %4$s FROM %5$s WHERE customer IN (SELECT unnest($1::text[])) GROUP BY %2$s
     ON CONFLICT (%2$s) DO UPDATE SET groups = %1$s.groups + excluded.groups, %6$s',
    summary, summary_keys, measure_list, sums, total, plus)
    USING customers;
  EXECUTE format('DELETE FROM %s WHERE groups = 0', summary);
END;
$$;

-- Migrations 037, 042: rolling 12 months and each month by customer through the data's last 13
-- months, for the touched customers of each source; rebuilt whole when the data's last month moved.
CREATE FUNCTION erp.refresh_trailing_year_customer_totals_for(previous_through date, invoice_customers text[], booking_customers text[], ship_customers text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF previous_through IS NULL OR date_trunc('month', previous_through) IS DISTINCT FROM date_trunc('month', erp.data_through()) THEN
    PERFORM erp.refresh_trailing_year_customer_totals();
    RETURN;
  END IF;
  PERFORM erp.fill_trailing_totals_for('erp.invoice_trailing_year_customer_total', 'erp.invoice_trailing_year_customer_summary', 'erp.invoice_month_customer',
    '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 12, invoice_customers);
  PERFORM erp.fill_trailing_totals_for('erp.booking_trailing_year_customer_total', 'erp.booking_trailing_year_customer_summary', 'erp.booking_month_customer',
    '{basis}', '{sales,cost,commission_cost,line_count}', 12, booking_customers);
  PERFORM erp.fill_trailing_totals_for('erp.order_ship_trailing_year_customer_total', 'erp.order_ship_trailing_year_customer_summary', 'erp.order_ship_month_customer',
    '{}', '{sales,cost,commission_cost,line_count,on_time_count}', 12, ship_customers);
  PERFORM erp.fill_trailing_totals_for('erp.invoice_recent_month_customer_total', 'erp.invoice_recent_month_customer_summary', 'erp.invoice_month_customer',
    '{}', '{sales,cost,commission_cost,freight,line_count,invoice_count}', 1, invoice_customers);
  PERFORM erp.fill_trailing_totals_for('erp.booking_recent_month_customer_total', 'erp.booking_recent_month_customer_summary', 'erp.booking_month_customer',
    '{basis}', '{sales,cost,commission_cost,line_count}', 1, booking_customers);
END;
$$;

-- Migrations 045, 047: the last 12 whole months and the 12 before, by customer, with ranks and
-- running sums over every customer of a group: nothing to do when the data's month stands and no
-- touched month is among those 24; rebuilt whole otherwise.
CREATE FUNCTION erp.refresh_invoice_customer_years_for(invoice_days date[], previous_through date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', coalesce(erp.data_through(), (SELECT max(month) FROM erp.invoice_month_customer)))::date;
BEGIN
  IF previous_through IS NULL OR date_trunc('month', previous_through)::date IS DISTINCT FROM this_month
     OR EXISTS (SELECT FROM unnest(erp.months_of(invoice_days)) m WHERE m >= this_month - interval '24 months' AND m < this_month) THEN
    PERFORM erp.refresh_invoice_customer_years();
  END IF;
END;
$$;

-- Migration 046: the customers who bought or booked in each month or the same month a year
-- before: a touched month counts in itself and in the month a year on.
CREATE FUNCTION erp.refresh_business_health_months_for(invoice_days date[], booking_days date[]) RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  targets date[] := ARRAY(SELECT DISTINCT (m + s * interval '1 month')::date
                            FROM unnest(erp.months_of(invoice_days) || erp.months_of(booking_days)) m, (VALUES (0), (12)) v (s));
  sources date[];
BEGIN
  IF cardinality(targets) = 0 THEN
    RETURN;
  END IF;
  sources := ARRAY(SELECT DISTINCT (m - s * interval '1 month')::date FROM unnest(targets) m, (VALUES (0), (12)) v (s));
  DELETE FROM erp.business_health_month WHERE month = ANY (targets);
  INSERT INTO erp.business_health_month
  SELECT month, count(*)
    FROM (SELECT DISTINCT (a.month + shift.months * interval '1 month')::date AS month, a.customer
            FROM (SELECT month, customer FROM erp.invoice_month_customer WHERE month = ANY (sources)
                  UNION
                  SELECT month, customer FROM erp.booking_month_customer WHERE basis = 'OrderLineDate' AND month = ANY (sources)) a
           CROSS JOIN (VALUES (0), (12)) shift (months)) c
   WHERE month = ANY (targets)
   GROUP BY 1;
END;
$$;

-- Migration 070: each touched customer's sales over the 12 months through the data's last day
-- (per product group and in all), then the peer groups and product groups of every class × band
-- again from those. When the data's last day moved (by a month at most), the customers with lines
-- on the days that entered or left the window are touched too; else it is rebuilt whole.
CREATE FUNCTION erp.refresh_white_space_rollups_for(previous_through date, companies text[], customers text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  through date := erp.data_through();
  low date := least(previous_through, through);
  high date := greatest(previous_through, through);
BEGIN
  IF through IS NULL OR previous_through IS NULL OR high - low > 31 THEN
    PERFORM erp.refresh_white_space_rollups();
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.white_space_keys;
  CREATE TEMP TABLE white_space_keys ON COMMIT DROP AS
  SELECT company, customer FROM unnest(companies, customers) AS k (company, customer)
   UNION
  SELECT company, customer FROM erp.invoice_line
   WHERE (invoice_date > (low - interval '12 months')::date AND invoice_date <= (high - interval '12 months')::date)
      OR (invoice_date > low AND invoice_date <= high);
  IF NOT EXISTS (SELECT FROM white_space_keys) THEN
    RETURN;
  END IF;
  DELETE FROM erp.customer_product_group_trailing_year g USING white_space_keys k WHERE g.company = k.company AND g.customer = k.customer;
  DELETE FROM erp.customer_trailing_year_sales g USING white_space_keys k WHERE g.company = k.company AND g.customer = k.customer;
  INSERT INTO erp.customer_product_group_trailing_year
  SELECT k.company, k.customer, l.product_group, l.sales
    FROM white_space_keys k
    CROSS JOIN LATERAL (SELECT l.product_group, sum(l.sales) AS sales FROM erp.invoice_line l
                         WHERE l.customer = k.customer AND l.company = k.company
                           AND l.invoice_date > (through - interval '12 months')::date AND l.invoice_date <= through
                         GROUP BY l.product_group) l;
  INSERT INTO erp.customer_trailing_year_sales
  SELECT s.company, s.customer, s.account_class, s.sales,
         (SELECT b.band FROM erp.sales_size_band b
           WHERE s.sales > 0 AND s.sales >= b.from_sales AND (b.to_sales IS NULL OR s.sales < b.to_sales))
    FROM (SELECT g.company, g.customer, coalesce(c.account_class1, '') AS account_class, sum(g.sales) AS sales
            FROM erp.customer_product_group_trailing_year g
            JOIN white_space_keys k ON k.company = g.company AND k.customer = g.customer
            LEFT JOIN erp.customer c ON c.company = g.company AND c.customer = g.customer
           GROUP BY g.company, g.customer, c.account_class1) s;
  DELETE FROM erp.white_space_peer_group;
  DELETE FROM erp.white_space_product_group;
  INSERT INTO erp.white_space_peer_group
  SELECT company, account_class, band, count(*) FROM erp.customer_trailing_year_sales WHERE band IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO erp.white_space_product_group
  SELECT t.company, t.account_class, t.band, g.product_group, count(*), percentile_cont(0.5) WITHIN GROUP (ORDER BY (g.sales / t.sales)::float8)
    FROM erp.customer_trailing_year_sales t
    JOIN erp.customer_product_group_trailing_year g ON g.company = t.company AND g.customer = t.customer
   WHERE t.band IS NOT NULL AND g.sales > 0
   GROUP BY 1, 2, 3, 4;
END;
$$;
