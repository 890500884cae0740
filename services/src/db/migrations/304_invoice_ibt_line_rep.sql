-- IBTSalesHistory/List for a rep or a team (issue 29, "fast for reps and managers"): its page walks
-- the keys of the lines shipped from another branch (erp.invoice_ibt_line, migration 041) newest
-- first and keeps the scope's; a rep with few or none such lines walked the whole period's (scale
-- 40: 100,000 lines joined to their invoice, 0.7–1.4 s for a rep with none). The keys now carry the
-- line's rep, with an index by rep in the list's order: a rep's page is read from his own keys.
ALTER TABLE erp.invoice_ibt_line ADD COLUMN sales_rep text;

CREATE OR REPLACE FUNCTION erp.refresh_ibt_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.invoice_ibt_day, erp.invoice_ibt_line;
  INSERT INTO erp.invoice_ibt_line
  SELECT l.invoice_date, l.company, l.invoice_number, l.invoice_line_number, l.sales_rep
    FROM erp.invoice_line l
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE loc.branch <> c.branch;
  INSERT INTO erp.invoice_ibt_day
  SELECT l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location,
         sum(l.sales), sum(l.cost), sum(l.commission_cost), count(*)
    FROM erp.invoice_ibt_line k
    JOIN erp.invoice_line l USING (company, invoice_number, invoice_line_number)
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   GROUP BY l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location;
END;
$$;

-- Migration 250's delta, the keys with their rep.
CREATE OR REPLACE FUNCTION erp.refresh_ibt_rollups_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM erp.invoice_ibt_line WHERE invoice_date = ANY (invoice_days);
  DELETE FROM erp.invoice_ibt_day WHERE invoice_date = ANY (invoice_days);
  INSERT INTO erp.invoice_ibt_line
  SELECT l.invoice_date, l.company, l.invoice_number, l.invoice_line_number, l.sales_rep
    FROM erp.invoice_line l
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE loc.branch <> c.branch AND l.invoice_date = ANY (invoice_days);
  INSERT INTO erp.invoice_ibt_day
  SELECT l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location,
         sum(l.sales), sum(l.cost), sum(l.commission_cost), count(*)
    FROM erp.invoice_ibt_line k
    JOIN erp.invoice_line l USING (company, invoice_number, invoice_line_number)
    JOIN erp.invoice_header h ON h.company = l.company AND h.invoice_number = l.invoice_number
    JOIN erp.location loc ON loc.company = h.company AND loc.location = h.location
    JOIN erp.customer c ON c.company = l.company AND c.customer = l.customer
   WHERE k.invoice_date = ANY (invoice_days)
   GROUP BY l.invoice_date, l.company, l.branch, l.sales_rep, c.branch, loc.branch, h.location;
END;
$$;

-- A database loaded before this migration gets the reps now.
SELECT erp.refresh_ibt_rollups();
ALTER TABLE erp.invoice_ibt_line ALTER COLUMN sales_rep SET NOT NULL;
CREATE INDEX invoice_ibt_line_by_rep_date ON erp.invoice_ibt_line (sales_rep, invoice_date DESC, invoice_number DESC, invoice_line_number, company);
ANALYZE erp.invoice_ibt_line;
