-- The days each customer bought and each item sold, per sales rep (issue 29, "fast for reps and
-- managers"): Usage/KPI counts the customers and items with a line in a range. For every rep
-- together erp.customer_invoice_days and erp.item_invoice_days (migration 023) answer it; for a rep
-- or a team the year's lines were read twice (this year and last: 11.5 s for a manager at scale 40).
-- Per rep, a team's customers (items) with a line in the range are the distinct keys of its reps'
-- rows whose days overlap it.
--
-- The full rebuild reads the lines once, per rep; the all-reps tables are the union of each key's
-- reps' days. A delta refreshes the touched days of the touched rep × customer and rep × item keys,
-- as migration 250 does for the all-reps tables.
CREATE TABLE erp.customer_rep_invoice_days (
  sales_rep text NOT NULL,
  company   text NOT NULL,
  customer  text NOT NULL,
  days      datemultirange NOT NULL,
  PRIMARY KEY (sales_rep, company, customer)
);

CREATE TABLE erp.item_rep_invoice_days (
  sales_rep   text NOT NULL,
  company     text NOT NULL,
  item_number text NOT NULL,
  days        datemultirange NOT NULL,
  PRIMARY KEY (sales_rep, company, item_number)
);

CREATE OR REPLACE FUNCTION erp.refresh_usage_kpi_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE erp.invoice_day_rep r SET qty = d.qty
    FROM (SELECT invoice_date, company, branch, sales_rep, sum(qty) AS qty FROM erp.invoice_line GROUP BY 1, 2, 3, 4) d
   WHERE (r.invoice_date, r.company, r.branch, r.sales_rep) = (d.invoice_date, d.company, d.branch, d.sales_rep);
  TRUNCATE erp.customer_rep_invoice_days, erp.item_rep_invoice_days, erp.customer_invoice_days, erp.item_invoice_days;
  -- In key order: a rep's rows are adjacent pages.
  INSERT INTO erp.customer_rep_invoice_days
  SELECT sales_rep, company, customer, range_agg(daterange(day, day, '[]'))
    FROM (SELECT DISTINCT sales_rep, company, customer, invoice_date AS day FROM erp.invoice_line) d
   GROUP BY sales_rep, company, customer ORDER BY sales_rep, company, customer;
  INSERT INTO erp.item_rep_invoice_days
  SELECT sales_rep, company, item_number, range_agg(daterange(day, day, '[]'))
    FROM (SELECT DISTINCT sales_rep, company, item_number, invoice_date AS day FROM erp.invoice_line) d
   GROUP BY sales_rep, company, item_number ORDER BY sales_rep, company, item_number;
  INSERT INTO erp.customer_invoice_days
  SELECT company, customer, range_agg(days) FROM erp.customer_rep_invoice_days GROUP BY company, customer;
  INSERT INTO erp.item_invoice_days
  SELECT company, item_number, range_agg(days) FROM erp.item_rep_invoice_days GROUP BY company, item_number;
END;
$$;

-- The touched rep × key rows of one of the tables (`key_column` customer or item_number): their
-- days outside the touched ones stay, the touched ones are read again from the lines (by the
-- key's index; an item's carries the rep), as migration 250 does for the all-reps tables.
CREATE FUNCTION erp.refresh_rep_key_days_for(rollup text, key_column text, invoice_days date[], reps text[], companies text[], keys text[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched datemultirange := (SELECT coalesce(range_agg(daterange(d, d, '[]')), '{}') FROM unnest(invoice_days) d);
BEGIN
  IF cardinality(invoice_days) = 0 OR cardinality(reps) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.rep_days_change;
  CREATE TEMP TABLE rep_days_change (sales_rep text, company text, key text, days datemultirange) ON COMMIT DROP;
  EXECUTE format($f$
    INSERT INTO rep_days_change
    SELECT k.sales_rep, k.company, k.key, (coalesce(o.days, '{}') - $1) + coalesce(n.days, '{}') AS days
      FROM (SELECT DISTINCT * FROM unnest($2, $3, $4) AS k (sales_rep, company, key)) k
      LEFT JOIN erp.%1$I o ON o.sales_rep = k.sales_rep AND o.company = k.company AND o.%2$I = k.key
      LEFT JOIN LATERAL (SELECT range_agg(daterange(l.invoice_date, l.invoice_date, '[]')) AS days
                           FROM (SELECT DISTINCT invoice_date FROM erp.invoice_line l
                                  WHERE l.%2$I = k.key AND l.company = k.company AND l.invoice_date = ANY ($5)
                                    AND l.sales_rep = k.sales_rep) l) n ON true$f$, rollup, key_column)
  USING touched, reps, companies, keys, invoice_days;
  EXECUTE format('DELETE FROM erp.%1$I c USING rep_days_change k WHERE c.sales_rep = k.sales_rep AND c.company = k.company AND c.%2$I = k.key', rollup, key_column);
  EXECUTE format('INSERT INTO erp.%1$I (sales_rep, company, %2$I, days) SELECT sales_rep, company, key, days FROM rep_days_change WHERE NOT isempty(days)', rollup, key_column);
  DROP TABLE pg_temp.rep_days_change;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_usage_kpi_rollups();
ANALYZE erp.customer_rep_invoice_days;
ANALYZE erp.item_rep_invoice_days;
