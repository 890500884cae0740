-- Each item's last sale and sales bound per sales rep (issue 29, "fast for reps and managers"):
-- Inventory/Inactive/Supplier for a rep or a team asks which items the caller's reps sold in the
-- look-back period but not since the window. erp.item_last_sale (migrations 011, 043) answers that
-- for every rep together only; for a team the lines of the whole look-back period were grouped
-- (a manager at scale 40: over 30 s, the call timed out). Per rep, a team's items are its reps'
-- rows summed: the last day is their latest, the bound their sum.
--
-- erp.item_last_sale is now summed from this table (each item's reps' rows) instead of a second
-- pass over the lines. A delta moves a rep's row by the lines it changed (their values before and
-- after the load, erp.refresh_item_rep_last_sale_for), reading the lines again only for a row
-- whose last sold line went.
CREATE TABLE erp.item_rep_last_sale (
  sales_rep   text NOT NULL,
  company     text NOT NULL,
  item_number text NOT NULL,
  last_date   date NOT NULL,
  sales_bound numeric(16,2) NOT NULL,
  PRIMARY KEY (sales_rep, company, item_number)
);

CREATE OR REPLACE FUNCTION erp.refresh_item_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.item_rep_last_sale, erp.item_last_sale;
  -- In key order: a rep's rows are adjacent pages.
  INSERT INTO erp.item_rep_last_sale (sales_rep, company, item_number, last_date, sales_bound)
  SELECT sales_rep, company, item_number, max(invoice_date), sum(greatest(sales, 0))
    FROM erp.invoice_line WHERE qty > 0
   GROUP BY sales_rep, company, item_number
   ORDER BY sales_rep, company, item_number;
  INSERT INTO erp.item_last_sale (company, item_number, last_date, sales_bound)
  SELECT company, item_number, max(last_date), sum(sales_bound) FROM erp.item_rep_last_sale GROUP BY company, item_number;
END;
$$;

-- The lines a load changed (each line's rep, company, item, day and positive sales, with sign -1
-- for its value before the load and +1 after; only lines with a positive quantity, and not the
-- lines that came back unchanged): each touched rep × item row moves by their difference. Its last
-- day is the latest of the row's and of the added lines', unless a removed line was on the row's
-- last day and no added line is as late: then it is read again from the lines.
CREATE FUNCTION erp.refresh_item_rep_last_sale_for(reps text[], companies text[], items text[], days date[], sales numeric[], signs int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(reps) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.item_rep_change;
  CREATE TEMP TABLE item_rep_change ON COMMIT DROP AS
  WITH changed AS (
    SELECT c.sales_rep, c.company, c.item_number,
           sum(c.sign * c.sales) AS bound_change,
           max(c.day) FILTER (WHERE c.sign < 0) AS removed_last,
           max(c.day) FILTER (WHERE c.sign > 0) AS added_last
      FROM unnest(reps, companies, items, days, sales, signs) AS c (sales_rep, company, item_number, day, sales, sign)
     GROUP BY 1, 2, 3)
  SELECT c.sales_rep, c.company, c.item_number,
         coalesce(s.sales_bound, 0) + c.bound_change AS sales_bound,
         CASE WHEN c.removed_last >= s.last_date AND (c.added_last IS NULL OR c.added_last < s.last_date)
              THEN (SELECT max(l.invoice_date) FROM erp.invoice_line l
                     WHERE l.item_number = c.item_number AND l.company = c.company AND l.sales_rep = c.sales_rep AND l.qty > 0)
              ELSE greatest(s.last_date, c.added_last) END AS last_date
    FROM changed c
    LEFT JOIN erp.item_rep_last_sale s ON s.sales_rep = c.sales_rep AND s.company = c.company AND s.item_number = c.item_number;
  DELETE FROM erp.item_rep_last_sale s USING item_rep_change c
   WHERE s.sales_rep = c.sales_rep AND s.company = c.company AND s.item_number = c.item_number;
  INSERT INTO erp.item_rep_last_sale (sales_rep, company, item_number, last_date, sales_bound)
  SELECT sales_rep, company, item_number, last_date, sales_bound FROM item_rep_change WHERE last_date IS NOT NULL;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_item_rollups();
ANALYZE erp.item_rep_last_sale;
