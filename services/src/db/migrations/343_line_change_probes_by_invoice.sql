-- Migrations 340 and 341 measured at scale 40 (issue 29): their probes of a touched invoice's
-- other lines read each customer's (or pair's) lines of the month by the customer's index, and the
-- customer × item months were matched three times to the month's ~240,000 rows (no index holds
-- their key). Now an invoice's lines are read by its key, and only when its touched lines came to
-- a group or left it without the other way round (a line there it did not touch decides then: the
-- invoice stays counted); the customer × item months of the touched pairs are deleted in one pass,
-- the grown ones inserted again from their rows before and their new lines.

-- Migration 340's, with the invoices counted as above.
CREATE OR REPLACE FUNCTION erp.refresh_rollups_for(invoice_days date[], booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) > 0 THEN
    DELETE FROM erp.invoice_day_rep WHERE invoice_date = ANY (invoice_days);
    INSERT INTO erp.invoice_day_rep (invoice_date, company, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count, qty)
    SELECT invoice_date, company, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight),
           count(*), count(DISTINCT invoice_number), sum(qty)
      FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days)
     GROUP BY invoice_date, company, branch, sales_rep;

    PERFORM erp.line_change();
    -- Each touched invoice in each month × customer × branch × rep it had or has a line in: 1 when
    -- it has a touched line there now and had none, -1 the other way round, 0 when it has a line
    -- there the load did not touch (read by the invoice's key: OFFSET 0 keeps the planner from
    -- reading the customer's month by its index instead).
    DROP TABLE IF EXISTS pg_temp.month_customer_moves;
    CREATE TEMP TABLE month_customer_moves ON COMMIT DROP AS
    SELECT month, company, customer, branch, sales_rep, sales, cost, commission_cost, freight, line_count, 0 AS invoice_count
      FROM pg_temp.line_change
    UNION ALL
    SELECT g.month, g.company, g.customer, g.branch, g.sales_rep, 0, 0, 0, 0, 0, g.now::int - g.was::int
      FROM (SELECT month, company, invoice_number, customer, branch, sales_rep, bool_or(line_count > 0) AS now, bool_or(line_count < 0) AS was
              FROM pg_temp.line_change GROUP BY 1, 2, 3, 4, 5, 6) g
     WHERE g.now <> g.was
       AND NOT EXISTS (SELECT FROM (SELECT l.* FROM erp.invoice_line l WHERE l.company = g.company AND l.invoice_number = g.invoice_number OFFSET 0) l
                        WHERE l.customer = g.customer AND l.branch = g.branch AND l.sales_rep = g.sales_rep
                          AND l.invoice_date >= g.month AND l.invoice_date < (g.month + interval '1 month')::date
                          AND NOT EXISTS (SELECT FROM pg_temp.touched_lines a
                                           WHERE a.company = l.company AND a.invoice_number = l.invoice_number
                                             AND a.invoice_line_number = l.invoice_line_number AND a.sign = 1));
    PERFORM erp.net_change('month_customer_change', 'pg_temp.month_customer_moves', '{month,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    ANALYZE pg_temp.month_customer_change;
    PERFORM erp.move_sums('erp.invoice_month_customer', 'pg_temp.month_customer_change', '{month,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    INSERT INTO pg_temp.invoice_month_customer_change (month, company, customer, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count)
    SELECT month, company, customer, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count FROM pg_temp.month_customer_change;
    DROP TABLE pg_temp.month_customer_moves;

    PERFORM erp.net_change('year_customer_change', 'pg_temp.invoice_month_customer_change',
      '{"date_trunc(''year'', month)::date AS year",company,customer,branch,sales_rep}', '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    PERFORM erp.move_sums('erp.invoice_year_customer', 'pg_temp.year_customer_change', '{year,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');

    PERFORM erp.net_change('month_product_group_change', 'pg_temp.line_change', '{month,company,product_group,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count}');
    ANALYZE pg_temp.month_product_group_change;
    PERFORM erp.move_sums('erp.invoice_month_product_group', 'pg_temp.month_product_group_change', '{month,company,product_group,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count}');
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


-- Migration 341's, its touched pairs' months deleted in one pass and the invoices read by their key.
CREATE OR REPLACE FUNCTION erp.refresh_usage_month_customer_items_for(invoice_days date[], previous_through date, companies text[], customers text[], items text[]) RETURNS void
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
  IF cardinality(months) = 0 OR cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  -- The touched pairs' months in the window; `grown`: only new lines.
  DROP TABLE IF EXISTS pg_temp.pair_month, pg_temp.pair_month_added;
  CREATE TEMP TABLE pair_month ON COMMIT DROP AS
  SELECT date_trunc('month', invoice_date)::date AS month, company, customer, item_number, bool_and(sign > 0) AS grown
    FROM pg_temp.touched_lines WHERE invoice_date >= first_month
   GROUP BY 1, 2, 3, 4;
  ANALYZE pair_month;

  -- The grown ones: what their new lines add (an invoice counts when it had no line of the pair that
  -- month before: none the load did not touch, read by the invoice's key).
  CREATE TEMP TABLE pair_month_added ON COMMIT DROP AS
  SELECT month, company, customer, item_number, sum(qty)::int AS qty, sum(sales) AS sales, sum(line_count)::int AS line_count,
         (count(*) FILTER (WHERE new_invoice))::int AS invoice_count, max(last_date) AS last_date,
         CASE WHEN min(rep_min) = max(rep_max) THEN min(rep_min) END AS sales_rep
    FROM (SELECT p.month, t.company, t.customer, t.item_number, t.invoice_number,
                 sum(t.qty) AS qty, sum(t.sales) AS sales, count(*) AS line_count, max(t.invoice_date) AS last_date,
                 min(t.sales_rep) AS rep_min, max(t.sales_rep) AS rep_max,
                 NOT EXISTS (SELECT FROM (SELECT l.* FROM erp.invoice_line l WHERE l.company = t.company AND l.invoice_number = t.invoice_number OFFSET 0) l
                              WHERE l.customer = t.customer AND l.item_number = t.item_number
                                AND l.invoice_date >= p.month AND l.invoice_date < (p.month + interval '1 month')::date
                                AND NOT EXISTS (SELECT FROM pg_temp.touched_lines a
                                                 WHERE a.company = l.company AND a.invoice_number = l.invoice_number
                                                   AND a.invoice_line_number = l.invoice_line_number AND a.sign = 1)) AS new_invoice
            FROM pair_month p
            JOIN pg_temp.touched_lines t ON t.customer = p.customer AND t.item_number = p.item_number AND t.company = p.company
                                        AND t.invoice_date >= p.month AND t.invoice_date < (p.month + interval '1 month')::date
           WHERE p.grown
           GROUP BY 1, 2, 3, 4, 5) i
   GROUP BY 1, 2, 3, 4;

  -- Every touched pair's month deleted in one pass (the table has no index on its key), the grown ones' rows kept.
  DROP TABLE IF EXISTS pg_temp.pair_month_before;
  CREATE TEMP TABLE pair_month_before ON COMMIT DROP AS
  WITH gone AS (
    DELETE FROM erp.usage_month_customer_item u USING pair_month p
     WHERE u.month = ANY (months) AND u.month = p.month AND u.company = p.company AND u.customer = p.customer AND u.item_number = p.item_number
    RETURNING u.*, p.grown)
  SELECT * FROM gone WHERE grown;
  INSERT INTO erp.usage_month_customer_item (month, company, customer, item_number, qty, sales, line_count, invoice_count, last_date, sales_rep)
  SELECT a.month, a.company, a.customer, a.item_number, a.qty + coalesce(b.qty, 0), a.sales + coalesce(b.sales, 0), a.line_count + coalesce(b.line_count, 0),
         a.invoice_count + coalesce(b.invoice_count, 0), greatest(a.last_date, b.last_date),
         CASE WHEN b.month IS NULL THEN a.sales_rep WHEN b.sales_rep = a.sales_rep THEN b.sales_rep END
    FROM pair_month_added a
    LEFT JOIN pair_month_before b ON b.month = a.month AND b.company = a.company AND b.customer = a.customer AND b.item_number = a.item_number;

  -- The others: read again.
  DELETE FROM pair_month WHERE grown;
  IF NOT EXISTS (SELECT FROM pair_month) THEN
    RETURN;
  END IF;
  INSERT INTO erp.usage_month_customer_item (month, company, customer, item_number, qty, sales, line_count, invoice_count, last_date, sales_rep)
  SELECT p.month, p.company, p.customer, p.item_number, sum(i.qty)::int, sum(i.sales), sum(i.line_count)::int, count(*)::int, max(i.last_date),
         CASE WHEN min(i.rep_min) = max(i.rep_max) THEN min(i.rep_min) END
    FROM pair_month p
    CROSS JOIN LATERAL (
      SELECT sum(l.qty) AS qty, sum(l.sales) AS sales, count(*) AS line_count, max(l.invoice_date) AS last_date,
             min(l.sales_rep) AS rep_min, max(l.sales_rep) AS rep_max
        FROM erp.invoice_line l
       WHERE l.customer = p.customer AND l.company = p.company AND l.item_number = p.item_number
         AND l.invoice_date >= p.month AND l.invoice_date < (p.month + interval '1 month')::date
       GROUP BY l.invoice_number) i
   GROUP BY 1, 2, 3, 4;
END;
$$;
