-- The customers and items by their first day of each touched year (migration 035), in a delta,
-- moved by the keys whose days changed (issue 29: every customer's and item's days of the year
-- were read again, ~1 s at scale 40 for any delta): a key's first day of a year moves only when
-- its days in that year changed, and only in a touched year. migration 313's move_key_days now
-- records the keys it rewrote (their days before and after) for this.

CREATE OR REPLACE FUNCTION erp.begin_rollup_changes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS pg_temp.invoice_month_customer_change, pg_temp.booking_month_customer_change,
                       pg_temp.order_ship_month_customer_change, pg_temp.quote_booked_month_customer_change,
                       pg_temp.invoice_month_customer_product_group_change, pg_temp.key_days_moved;
  CREATE TEMP TABLE invoice_month_customer_change (LIKE erp.invoice_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE booking_month_customer_change (LIKE erp.booking_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE order_ship_month_customer_change (LIKE erp.order_ship_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE quote_booked_month_customer_change (LIKE erp.quote_booked_month_customer) ON COMMIT DROP;
  CREATE TEMP TABLE invoice_month_customer_product_group_change (LIKE erp.invoice_month_customer_product_group) ON COMMIT DROP;
  -- The keys erp.move_key_days rewrote: the rollup, the key's company, its days before and after.
  CREATE TEMP TABLE key_days_moved (rollup regclass, company text, was datemultirange, days datemultirange) ON COMMIT DROP;
END;
$$;

-- Migration 313's, recording the keys it rewrote in pg_temp.key_days_moved (the keys include `company`).
CREATE OR REPLACE FUNCTION erp.move_key_days(rollup regclass, touched_keys regclass, keys text[], invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_list text := (SELECT string_agg(format('%I', k), ', ') FROM unnest(keys) k);
  match text := (SELECT string_agg(format('%2$s.%1$I = k.%1$I', k, '%1$s'), ' AND ') FROM unnest(keys) k);
BEGIN
  PERFORM erp.touched_day_lines(invoice_days);
  DROP TABLE IF EXISTS pg_temp.key_days_change;
  EXECUTE format($f$
    CREATE TEMP TABLE key_days_change ON COMMIT DROP AS
    SELECT k.*, (coalesce(o.days, '{}') - $1) + coalesce(n.days, '{}') AS days, o.days AS was
      FROM (SELECT DISTINCT %1$s FROM %2$s) k
      LEFT JOIN %3$s o ON %4$s
      LEFT JOIN (SELECT %1$s, range_agg(daterange(invoice_date, invoice_date, '[]')) AS days
                   FROM (SELECT DISTINCT %1$s, invoice_date FROM pg_temp.touched_day_lines) d GROUP BY %1$s) n ON %5$s$f$,
    key_list, touched_keys, rollup, format(match, 'o'), format(match, 'n'))
  USING (SELECT coalesce(range_agg(daterange(d, d, '[]')), '{}') FROM unnest(invoice_days) d);
  DELETE FROM key_days_change WHERE was IS NOT DISTINCT FROM days;
  INSERT INTO pg_temp.key_days_moved SELECT rollup, company, was, days FROM key_days_change;
  EXECUTE format('DELETE FROM %s c USING key_days_change k WHERE %s', rollup, format(match, 'c'));
  EXECUTE format('INSERT INTO %s (%s, days) SELECT %2$s, days FROM key_days_change WHERE NOT isempty(days)', rollup, key_list);
  DROP TABLE pg_temp.key_days_change;
END;
$$;

-- Each moved customer or item counts no more on its first day of a touched year before the load,
-- and counts on its first day after it; a row whose counts are both 0 goes.
CREATE OR REPLACE FUNCTION erp.refresh_year_first_days_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  years date[] := erp.years_of(invoice_days);
BEGIN
  IF cardinality(years) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.first_day_moves;
  CREATE TEMP TABLE first_day_moves ON COMMIT DROP AS
  SELECT y AS year, lower(d.days * datemultirange(daterange(y, (y + interval '1 year')::date))) AS first_date, m.company,
         CASE WHEN m.rollup = 'erp.customer_invoice_days'::regclass THEN d.sign ELSE 0 END AS customers,
         CASE WHEN m.rollup = 'erp.item_invoice_days'::regclass THEN d.sign ELSE 0 END AS items
    FROM pg_temp.key_days_moved m
    CROSS JOIN LATERAL (VALUES (m.was, -1), (m.days, 1)) d (days, sign)
    CROSS JOIN unnest(years) y
   WHERE m.rollup IN ('erp.customer_invoice_days'::regclass, 'erp.item_invoice_days'::regclass);
  -- (line_count: the presence move_sums adds a row by.)
  PERFORM erp.net_change('first_day_change', 'pg_temp.first_day_moves WHERE first_date IS NOT NULL', '{year,first_date,company}', '{customers,items}');
  ALTER TABLE pg_temp.first_day_change ADD COLUMN line_count bigint;
  UPDATE pg_temp.first_day_change SET line_count = customers + items;
  PERFORM erp.move_sums('erp.year_first_day', 'pg_temp.first_day_change', '{year,first_date,company}', '{customers,items}', 't.customers = 0 AND t.items = 0');
END;
$$;
