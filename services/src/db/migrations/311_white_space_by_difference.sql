-- A delta moves the white space rollups (migration 070: each customer's sales per product group over
-- the 12 months through the data's last day) by what changed inside that window, instead of
-- reading again each touched customer's 12 months of lines (issue 29: 3.7 s of a daily delta at
-- scale 40, 2.7 s of it those reads).
--
-- With W(x) the 12 months through x, p the data's last day before the load and t after it, a
-- customer × product group's sales move by: the lines of the days in W(t) but not W(p), as they
-- are now; minus the lines of the days in W(p) but not W(t), which must be untouched (they are as
-- they were); plus, for the touched days in both windows, the change the month × customer × product
-- group rollup (migration 280) recorded for their months — usable when every touched day of such
-- a month is in both windows. A daily load of a new day reads two days of lines (the day that
-- entered and the day that left); a reload of a day inside the window reads none. Otherwise
-- (a touched day that left the window, a month with touched days in and out of both windows, the
-- last day moved by more than a month) the touched customers are read again as before (migration
-- 250), or everything is rebuilt.

-- The month × customer × product group change, recorded beside migration 310's.
CREATE OR REPLACE FUNCTION erp.begin_rollup_changes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS pg_temp.invoice_month_customer_change, pg_temp.booking_month_customer_change,
                       pg_temp.order_ship_month_customer_change, pg_temp.quote_booked_month_customer_change,
                       pg_temp.invoice_month_customer_product_group_change;
  CREATE TEMP TABLE invoice_month_customer_change (LIKE erp.invoice_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE booking_month_customer_change (LIKE erp.booking_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE order_ship_month_customer_change (LIKE erp.order_ship_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE quote_booked_month_customer_change (LIKE erp.quote_booked_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE invoice_month_customer_product_group_change (LIKE erp.invoice_month_customer_product_group) ON COMMIT DROP;
END;
$$;

-- Migration 280's refresh of the touched customers' months, its change recorded.
CREATE OR REPLACE FUNCTION erp.refresh_invoice_month_customer_product_group_for(invoice_days date[], companies text[], customers text[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  months date[] := erp.months_of(invoice_days);
BEGIN
  IF cardinality(months) = 0 OR cardinality(customers) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.customer_month;
  CREATE TEMP TABLE customer_month ON COMMIT DROP AS
  SELECT DISTINCT k.company, k.customer, m.month
    FROM unnest(companies, customers) AS k (company, customer) CROSS JOIN unnest(months) AS m (month);
  ANALYZE customer_month;
  WITH gone AS (DELETE FROM erp.invoice_month_customer_product_group g USING customer_month k
                 WHERE g.customer = k.customer AND g.month = k.month AND g.company = k.company
                RETURNING g.*)
  INSERT INTO pg_temp.invoice_month_customer_product_group_change
  SELECT month, company, customer, product_group, branch, sales_rep, -sales, -cost, -commission_cost, -freight, -line_count FROM gone;
  WITH fresh AS (
    INSERT INTO erp.invoice_month_customer_product_group
    SELECT k.month, l.company, l.customer, l.product_group, l.branch, l.sales_rep,
           sum(l.sales), sum(l.cost), sum(l.commission_cost), sum(l.freight), count(*)
      FROM customer_month k
      JOIN erp.invoice_line l ON l.customer = k.customer AND l.company = k.company
                             AND l.invoice_date >= k.month AND l.invoice_date < (k.month + interval '1 month')::date
     GROUP BY 1, 2, 3, 4, 5, 6
    RETURNING *)
  INSERT INTO pg_temp.invoice_month_customer_product_group_change SELECT * FROM fresh;
END;
$$;

-- Migration 310's move_sums, with the condition that removes a row (default: its line count reached 0).
DROP FUNCTION erp.move_sums(regclass, regclass, text[], text[]);
CREATE FUNCTION erp.move_sums(target regclass, change regclass, keys text[], measures text[], gone text DEFAULT 't.line_count <= 0') RETURNS bigint
LANGUAGE plpgsql AS $$
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
  EXECUTE format('DELETE FROM %s t USING %s c WHERE %s AND %s', target, change, match, gone);
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN added + removed;
END;
$$;

-- Migration 070's totals and groups for the customers of pg_temp.white_space_keys, whose product
-- group rows stand: each one's total, size band and class, then every class × band's peer groups
-- and product groups again.
CREATE FUNCTION erp.refresh_white_space_groups_for() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM erp.customer_trailing_year_sales g USING white_space_keys k WHERE g.company = k.company AND g.customer = k.customer;
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

-- Migration 250's refresh by customer (each touched customer's 12 months read again), ending in
-- the groups above.
CREATE OR REPLACE FUNCTION erp.refresh_white_space_rollups_for(previous_through date, companies text[], customers text[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO erp.customer_product_group_trailing_year
  SELECT k.company, k.customer, l.product_group, l.sales
    FROM white_space_keys k
    CROSS JOIN LATERAL (SELECT l.product_group, sum(l.sales) AS sales FROM erp.invoice_line l
                         WHERE l.customer = k.customer AND l.company = k.company
                           AND l.invoice_date > (through - interval '12 months')::date AND l.invoice_date <= through
                         GROUP BY l.product_group) l;
  PERFORM erp.refresh_white_space_groups_for();
END;
$$;

-- A delta's white space: moved by what changed in the window (see the top), or by customer.
CREATE FUNCTION erp.move_white_space_rollups(previous_through date, invoice_days date[], companies text[], customers text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  through date := erp.data_through();
  new_from date := (through - interval '12 months')::date;
  old_from date := (previous_through - interval '12 months')::date;
BEGIN
  IF through IS NULL OR previous_through IS NULL OR abs(through - previous_through) > 31 THEN
    PERFORM erp.refresh_white_space_rollups();
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.white_space_days;
  CREATE TEMP TABLE white_space_days ON COMMIT DROP AS
  SELECT month, bool_and(in_new AND in_old) AS all_both, bool_or(in_new AND in_old) AS any_both, bool_or(in_old AND NOT in_new) AS left_window
    FROM (SELECT date_trunc('month', d)::date AS month, d > new_from AND d <= through AS in_new, d > old_from AND d <= previous_through AS in_old
            FROM unnest(invoice_days) d) d
   GROUP BY month;
  -- A touched day that left the window (its lines before the load are gone), or a month with
  -- touched days in both windows and others not (its change is not the window's).
  IF EXISTS (SELECT FROM white_space_days WHERE left_window OR (any_both AND NOT all_both)) THEN
    PERFORM erp.refresh_white_space_rollups_for(previous_through, companies, customers);
    RETURN;
  END IF;

  DROP TABLE IF EXISTS pg_temp.white_space_lines, pg_temp.white_space_change;
  CREATE TEMP TABLE white_space_lines ON COMMIT DROP AS
  -- The touched months wholly inside both windows: their change.
  SELECT c.company, c.customer, c.product_group, c.sales, c.line_count
    FROM pg_temp.invoice_month_customer_product_group_change c
   WHERE c.month IN (SELECT month FROM white_space_days WHERE all_both)
  UNION ALL
  -- The days that entered the window, as they are now (two ranges: one is empty).
  SELECT company, customer, product_group, sum(sales), count(*) FROM erp.invoice_line
   WHERE invoice_date > greatest(new_from, previous_through) AND invoice_date <= through GROUP BY 1, 2, 3
  UNION ALL
  SELECT company, customer, product_group, sum(sales), count(*) FROM erp.invoice_line
   WHERE invoice_date > new_from AND invoice_date <= least(through, old_from) GROUP BY 1, 2, 3
  UNION ALL
  -- The days that left it, untouched: as they were.
  SELECT company, customer, product_group, -sum(sales), -count(*) FROM erp.invoice_line
   WHERE invoice_date > greatest(old_from, through) AND invoice_date <= previous_through GROUP BY 1, 2, 3
  UNION ALL
  SELECT company, customer, product_group, -sum(sales), -count(*) FROM erp.invoice_line
   WHERE invoice_date > old_from AND invoice_date <= least(previous_through, new_from) GROUP BY 1, 2, 3;
  PERFORM erp.net_change('white_space_change', 'pg_temp.white_space_lines', '{company,customer,product_group}', '{sales,line_count}');
  IF NOT EXISTS (SELECT FROM white_space_change) THEN
    RETURN;
  END IF;
  -- A row whose lines in the window went is removed when none is left.
  PERFORM erp.move_sums('erp.customer_product_group_trailing_year', 'pg_temp.white_space_change', '{company,customer,product_group}', '{sales}',
    format('c.line_count < 0 AND NOT EXISTS (SELECT FROM erp.invoice_line l WHERE l.customer = t.customer AND l.company = t.company
              AND l.invoice_date > %L AND l.invoice_date <= %L AND l.product_group = t.product_group)', new_from, through));
  DROP TABLE IF EXISTS pg_temp.white_space_keys;
  CREATE TEMP TABLE white_space_keys ON COMMIT DROP AS SELECT DISTINCT company, customer FROM white_space_change;
  PERFORM erp.refresh_white_space_groups_for();
END;
$$;
