-- A delta's customer × item last sales (migrations 012, 033, 043, 303) moved by the lines it changed
-- (their values before and after the load, as migration 300 moves each item's per rep) instead of
-- reading every touched pair's lines again (scale 40, a new day: ~16,000 pairs, 3.8–4.0 s): a pair
-- that only gained lines takes the latest of its day and theirs, adds their sales to its bound, and
-- keeps its branch, rep or product group when they all have it (else null); a pair that lost or
-- changed a line is read again from its lines, as before. Each item's row moves by its pairs', its
-- last day read again from its lines only when one of its pairs lost a line; the pairs per last
-- day and rep by the pairs that left a day and came to one.
DROP FUNCTION erp.refresh_customer_item_rollups_for(text[], text[], text[]);
CREATE FUNCTION erp.refresh_customer_item_rollups_for(companies text[], customers text[], items text[], branches text[], reps text[], product_groups text[],
                                                      days date[], sales numeric[], signs int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(companies) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.pair_lines;
  CREATE TEMP TABLE pair_lines ON COMMIT DROP AS
  SELECT c.company, c.customer, c.item_number, bool_or(c.sign < 0) AS removed, sum(c.sign * c.amount) AS bound_change,
         max(c.day) FILTER (WHERE c.sign > 0) AS added_last,
         CASE WHEN min(c.branch) FILTER (WHERE c.sign > 0) = max(c.branch) FILTER (WHERE c.sign > 0) THEN min(c.branch) FILTER (WHERE c.sign > 0) END AS branch,
         CASE WHEN min(c.sales_rep) FILTER (WHERE c.sign > 0) = max(c.sales_rep) FILTER (WHERE c.sign > 0) THEN min(c.sales_rep) FILTER (WHERE c.sign > 0) END AS sales_rep,
         CASE WHEN min(c.product_group) FILTER (WHERE c.sign > 0) = max(c.product_group) FILTER (WHERE c.sign > 0) THEN min(c.product_group) FILTER (WHERE c.sign > 0) END AS product_group
    FROM unnest(companies, customers, items, branches, reps, product_groups, days, sales, signs)
         AS c (company, customer, item_number, branch, sales_rep, product_group, day, amount, sign)
   GROUP BY 1, 2, 3;
  -- Its size for the planner: each pair is then found by the primary key, not by a scan of every pair.
  ANALYZE pair_lines;
  DROP TABLE IF EXISTS pg_temp.pair_old;
  CREATE TEMP TABLE pair_old (LIKE erp.customer_item_last_sale) ON COMMIT DROP;
  WITH gone AS (DELETE FROM erp.customer_item_last_sale s USING pair_lines k
                 WHERE s.company = k.company AND s.customer = k.customer AND s.item_number = k.item_number RETURNING s.*)
  INSERT INTO pair_old SELECT * FROM gone;
  DROP TABLE IF EXISTS pg_temp.pair_change;
  CREATE TEMP TABLE pair_change (was boolean, company text, customer text, item_number text, last_date date, sales_bound numeric, sales_rep text) ON COMMIT DROP;
  INSERT INTO pair_change SELECT true, company, customer, item_number, last_date, sales_bound, sales_rep FROM pair_old;
  WITH fresh AS (
    INSERT INTO erp.customer_item_last_sale
    -- Pairs that only gained lines: moved by them.
    SELECT k.company, k.customer, k.item_number,
           CASE WHEN o.company IS NULL THEN k.branch WHEN o.branch = k.branch THEN o.branch END,
           CASE WHEN o.company IS NULL THEN k.sales_rep WHEN o.sales_rep = k.sales_rep THEN o.sales_rep END,
           CASE WHEN o.company IS NULL THEN k.product_group WHEN o.product_group = k.product_group THEN o.product_group END,
           greatest(o.last_date, k.added_last), coalesce(o.sales_bound, 0) + k.bound_change
      FROM pair_lines k
      LEFT JOIN pair_old o ON o.company = k.company AND o.customer = k.customer AND o.item_number = k.item_number
     WHERE NOT k.removed
    UNION ALL
    -- Pairs that lost or changed a line: read again, each by its index.
    SELECT k.company, k.customer, k.item_number, l.*
      FROM pair_lines k
     CROSS JOIN LATERAL (
       SELECT CASE WHEN min(l.branch) = max(l.branch) THEN min(l.branch) END,
              CASE WHEN min(l.sales_rep) = max(l.sales_rep) THEN min(l.sales_rep) END,
              CASE WHEN min(l.product_group) = max(l.product_group) THEN min(l.product_group) END,
              max(l.invoice_date) AS last_date, sum(greatest(l.sales, 0))
         FROM erp.invoice_line l
        WHERE l.customer = k.customer AND l.company = k.company AND l.item_number = k.item_number AND l.qty > 0) l
     WHERE k.removed AND l.last_date IS NOT NULL
    RETURNING company, customer, item_number, last_date, sales_bound, sales_rep)
  INSERT INTO pair_change SELECT false, * FROM fresh;

  -- The pairs per last day and rep move by the pairs that left a day and came to one (not by counting each touched day's pairs again).
  DROP TABLE IF EXISTS pg_temp.day_change;
  CREATE TEMP TABLE day_change ON COMMIT DROP AS
  SELECT last_date, company, sales_rep, sum(CASE WHEN was THEN -1 ELSE 1 END)::int AS n FROM pair_change GROUP BY 1, 2, 3;
  DELETE FROM day_change WHERE n = 0;
  WITH gone AS (DELETE FROM erp.customer_item_last_sale_day d USING day_change c
                 WHERE d.last_date = c.last_date AND d.company = c.company AND d.sales_rep IS NOT DISTINCT FROM c.sales_rep
                RETURNING d.last_date, d.company, d.sales_rep, d.pairs)
  INSERT INTO erp.customer_item_last_sale_day (last_date, company, sales_rep, pairs)
  SELECT c.last_date, c.company, c.sales_rep, coalesce(g.pairs, 0) + c.n
    FROM day_change c
    LEFT JOIN gone g ON g.last_date = c.last_date AND g.company = c.company AND g.sales_rep IS NOT DISTINCT FROM c.sales_rep
   WHERE coalesce(g.pairs, 0) + c.n > 0;

  DROP TABLE IF EXISTS pg_temp.item_change;
  CREATE TEMP TABLE item_change ON COMMIT DROP AS
  SELECT d.company, d.item_number, coalesce(i.sales_bound, 0) + d.delta AS sales_bound,
         CASE WHEN r.removed
              THEN (SELECT max(l.invoice_date) FROM erp.invoice_line l WHERE l.item_number = d.item_number AND l.company = d.company AND l.qty > 0)
              ELSE greatest(i.last_date, r.added_last) END AS last_date
    FROM (SELECT company, item_number, sum(CASE WHEN was THEN -sales_bound ELSE sales_bound END) AS delta FROM pair_change GROUP BY 1, 2) d
    JOIN (SELECT company, item_number, bool_or(removed) AS removed, max(added_last) AS added_last FROM pair_lines GROUP BY 1, 2) r
      ON r.company = d.company AND r.item_number = d.item_number
    LEFT JOIN erp.item_last_sale i ON i.company = d.company AND i.item_number = d.item_number;
  DELETE FROM erp.item_last_sale i USING item_change c WHERE i.company = c.company AND i.item_number = c.item_number;
  INSERT INTO erp.item_last_sale (company, item_number, last_date, sales_bound)
  SELECT company, item_number, last_date, sales_bound FROM item_change WHERE last_date IS NOT NULL;
END;
$$;
