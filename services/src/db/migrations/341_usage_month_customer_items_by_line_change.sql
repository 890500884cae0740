-- A delta's customer × item months (migrations 039, 265, 302: each customer's item per month over
-- the data's last 13 months, with its rep when it has one) moved by the lines it added, instead of
-- reading each touched pair's lines of the month again by index (issue 29: ~16,000 pairs for a
-- day at scale 40, 1.1 s). A pair's month none of whose lines went or changed (every touched line
-- of it in pg_temp.touched_lines, migration 340, is new) adds its new lines: their quantity,
-- sales and lines, their invoices that had no line of the pair that month, the latest day, and
-- keeps its rep when every new line has it. A pair's month that lost or changed a line is read
-- again, as before.
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

  -- The grown ones: what their new lines add (an invoice counts when it had no line of the pair that month before: none not touched).
  CREATE TEMP TABLE pair_month_added ON COMMIT DROP AS
  SELECT month, company, customer, item_number, sum(qty)::int AS qty, sum(sales) AS sales, sum(line_count)::int AS line_count,
         (count(*) FILTER (WHERE new_invoice))::int AS invoice_count, max(last_date) AS last_date,
         CASE WHEN min(rep_min) = max(rep_max) THEN min(rep_min) END AS sales_rep
    FROM (SELECT p.month, t.company, t.customer, t.item_number, t.invoice_number,
                 sum(t.qty) AS qty, sum(t.sales) AS sales, count(*) AS line_count, max(t.invoice_date) AS last_date,
                 min(t.sales_rep) AS rep_min, max(t.sales_rep) AS rep_max,
                 NOT EXISTS (SELECT FROM erp.invoice_line l
                              WHERE l.company = t.company AND l.invoice_number = t.invoice_number AND l.customer = t.customer AND l.item_number = t.item_number
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
  ANALYZE pair_month_added;
  UPDATE erp.usage_month_customer_item u
     SET qty = u.qty + a.qty, sales = u.sales + a.sales, line_count = u.line_count + a.line_count, invoice_count = u.invoice_count + a.invoice_count,
         last_date = greatest(u.last_date, a.last_date), sales_rep = CASE WHEN u.sales_rep = a.sales_rep THEN u.sales_rep END
    FROM pair_month_added a
   WHERE u.month = ANY (months) AND u.month = a.month AND u.company = a.company AND u.customer = a.customer AND u.item_number = a.item_number;
  INSERT INTO erp.usage_month_customer_item (month, company, customer, item_number, qty, sales, line_count, invoice_count, last_date, sales_rep)
  SELECT month, company, customer, item_number, qty, sales, line_count, invoice_count, last_date, sales_rep FROM pair_month_added a
   WHERE NOT EXISTS (SELECT FROM erp.usage_month_customer_item u
                      WHERE u.month = ANY (months) AND u.month = a.month AND u.company = a.company AND u.customer = a.customer AND u.item_number = a.item_number);

  -- The others: read again.
  DELETE FROM pair_month WHERE grown;
  DELETE FROM erp.usage_month_customer_item u USING pair_month p
   WHERE u.month = ANY (months) AND u.month = p.month AND u.company = p.company AND u.customer = p.customer AND u.item_number = p.item_number;
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
