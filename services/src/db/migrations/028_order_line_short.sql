-- The open order lines their location cannot fill (Order/LinesNotInStock), counted by company ×
-- branch × rep × location × status: the list's count when it neither searches nor filters on
-- another field, instead of matching every open line with its stock. Rebuilt with the other
-- rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.order_line_short (
  company    text    NOT NULL,
  branch     text    NOT NULL,
  sales_rep  text    NOT NULL,
  location   text    NOT NULL,
  status     text    NOT NULL,
  line_count integer NOT NULL,
  PRIMARY KEY (company, branch, sales_rep, location, status)
);

CREATE FUNCTION erp.refresh_order_line_short() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.order_line_short;
  INSERT INTO erp.order_line_short
  SELECT l.company, l.branch, l.sales_rep, l.location, l.status, count(*)
    FROM erp.order_line l
    LEFT JOIN erp.inventory v ON v.company = l.company AND v.item_number = l.item_number AND v.location = l.location
   WHERE l.qty_open > 0 AND coalesce(v.qty_available, 0) < l.qty_open
   GROUP BY l.company, l.branch, l.sales_rep, l.location, l.status;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_order_line_short();
ANALYZE erp.order_line_short;
