-- A delta's white space (migration 311) checks that a customer × product group whose lines left
-- the window has none left in it by the month × customer × product group rollup for the window's
-- whole months, and by the lines only for the days of its first month (issue 29: the check read
-- each such customer's 12 months of lines by index and heap, 3.1 s of a new day's 6.1 s at scale
-- 40 when many rows lost lines). The rest as migration 311 made it.

-- A delta's white space: moved by what changed in the window (see the top), or by customer.
CREATE OR REPLACE FUNCTION erp.move_white_space_rollups(previous_through date, invoice_days date[], companies text[], customers text[]) RETURNS void LANGUAGE plpgsql AS $$
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
  -- A row whose lines in the window went is removed when none is left: none in the window's whole
  -- months (the month × customer × product group rollup, already refreshed) nor in the days of its
  -- first month after new_from (the lines, by the customer's index).
  PERFORM erp.move_sums('erp.customer_product_group_trailing_year', 'pg_temp.white_space_change', '{company,customer,product_group}', '{sales}',
    format('c.line_count < 0
            AND NOT EXISTS (SELECT FROM erp.invoice_month_customer_product_group g WHERE g.customer = t.customer AND g.product_group = t.product_group
                              AND g.month > %1$L AND g.month <= %2$L AND g.company = t.company)
            AND NOT EXISTS (SELECT FROM erp.invoice_line l WHERE l.customer = t.customer AND l.company = t.company
                              AND l.invoice_date > %3$L AND l.invoice_date < (%1$L::date + interval ''1 month'')::date AND l.invoice_date <= %4$L
                              AND l.product_group = t.product_group)',
           date_trunc('month', new_from)::date, date_trunc('month', through)::date, new_from, through));
  DROP TABLE IF EXISTS pg_temp.white_space_keys;
  CREATE TEMP TABLE white_space_keys ON COMMIT DROP AS SELECT DISTINCT company, customer FROM white_space_change;
  PERFORM erp.refresh_white_space_groups_for();
END;
$$;
