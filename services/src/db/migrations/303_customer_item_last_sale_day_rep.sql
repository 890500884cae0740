-- The count of Inventory/Inactive/Customer for a rep or a team (issue 29, "fast for reps and
-- managers"): the pairs last bought on each day (migration 033) are now counted per rep too (the
-- pair's one rep, null when its lines have several), so a scope's count is a sum over the period's
-- days of its reps' rows, not a count of its pairs (a manager at scale 40: ~700 ms). A pair with
-- several reps sends a scope's page to the lines already (usage-routes.ts, largestInactivePairsPage).
ALTER TABLE erp.customer_item_last_sale_day DROP CONSTRAINT customer_item_last_sale_day_pkey;
ALTER TABLE erp.customer_item_last_sale_day ADD COLUMN sales_rep text;
CREATE INDEX customer_item_last_sale_day_by_date ON erp.customer_item_last_sale_day (last_date, company, sales_rep);

CREATE OR REPLACE FUNCTION erp.refresh_customer_item_last_sale_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.customer_item_last_sale_day;
  INSERT INTO erp.customer_item_last_sale_day (last_date, company, sales_rep, pairs)
  SELECT last_date, company, sales_rep, count(*) FROM erp.customer_item_last_sale GROUP BY last_date, company, sales_rep;
END;
$$;

-- Migration 250's delta, its pairs by their last day counted per rep.
CREATE OR REPLACE FUNCTION erp.refresh_customer_item_rollups_for(companies text[], customers text[], items text[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO erp.customer_item_last_sale_day (last_date, company, sales_rep, pairs)
  SELECT s.last_date, s.company, s.sales_rep, count(*)
    FROM erp.customer_item_last_sale s
   WHERE (s.last_date, s.company) IN (SELECT DISTINCT last_date, company FROM pair_change)
   GROUP BY s.last_date, s.company, s.sales_rep;

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

-- A database loaded before this migration gets the reps now.
SELECT erp.refresh_customer_item_last_sale_days();
ANALYZE erp.customer_item_last_sale_day;
