-- Usage/Log's page of a recent month for a rep or a team (issue 29, "fast for reps and managers"):
-- erp.usage_month_customer_item (migration 039) keeps each customer's item per month without its
-- rep, so a rep's or a team's page grouped the month's lines of their reps (a manager at scale 40:
-- 573 ms). Each row now carries the pair's rep that month when all its lines have the same one
-- (else null). A scope's page reads it only in months where none of the scope's customer items falls
-- in several slices (erp.usage_month_groups.mixed), where every row of the scope has its one rep.
ALTER TABLE erp.usage_month_customer_item ADD COLUMN sales_rep text;

CREATE OR REPLACE FUNCTION erp.refresh_usage_month_customer_items() RETURNS void
LANGUAGE plpgsql SET work_mem = '256MB' SET jit = off AS $$
DECLARE
  first_month date;
BEGIN
  TRUNCATE erp.usage_month_customer_item;
  SELECT date_trunc('month', coalesce((SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1), (SELECT max(invoice_date) FROM erp.invoice_line)))::date
         - interval '12 months'
    INTO first_month;
  INSERT INTO erp.usage_month_customer_item (month, company, customer, item_number, qty, sales, line_count, invoice_count, last_date, sales_rep)
  SELECT month, company, customer, item_number, sum(qty)::int, sum(sales), sum(line_count)::int, count(*)::int, max(last_date),
         CASE WHEN min(rep_min) = max(rep_max) THEN min(rep_min) END
    FROM (SELECT date_trunc('month', invoice_date)::date AS month, company, customer, item_number, invoice_number,
                 sum(qty) AS qty, sum(sales) AS sales, count(*) AS line_count, max(invoice_date) AS last_date,
                 min(sales_rep) AS rep_min, max(sales_rep) AS rep_max
            FROM erp.invoice_line WHERE invoice_date >= first_month GROUP BY 1, 2, 3, 4, 5) i
   GROUP BY 1, 2, 3, 4;
END;
$$;

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
  DROP TABLE IF EXISTS pg_temp.pair_month;
  CREATE TEMP TABLE pair_month ON COMMIT DROP AS
  SELECT DISTINCT k.company, k.customer, k.item_number, m.month
    FROM unnest(companies, customers, items) AS k (company, customer, item_number) CROSS JOIN unnest(months) AS m (month);
  ANALYZE pair_month;
  DELETE FROM erp.usage_month_customer_item u USING pair_month p
   WHERE u.month = ANY (months) AND u.month = p.month AND u.company = p.company AND u.customer = p.customer AND u.item_number = p.item_number;
  INSERT INTO erp.usage_month_customer_item (month, company, customer, item_number, qty, sales, line_count, invoice_count, last_date, sales_rep)
  SELECT p.month, p.company, p.customer, p.item_number, sum(i.qty)::int, sum(i.sales), sum(i.line_count)::int, count(*)::int, max(i.last_date),
         CASE WHEN min(i.rep_min) = max(i.rep_max) THEN min(i.rep_min) END
    FROM pair_month p
    -- LATERAL: each pair's lines of the month by index (a join would read the month's every line).
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

-- A database loaded before this migration gets the reps now.
SELECT erp.refresh_usage_month_customer_items();
ANALYZE erp.usage_month_customer_item;
