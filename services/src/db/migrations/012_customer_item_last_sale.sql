-- Each customer's purchases of each item (invoice lines with a positive quantity), per company:
-- the last day bought and an upper bound of the sales of any period (the sum of the lines'
-- positive sales), for Inventory/Inactive/Customer. Its default page (the largest sales first)
-- reads only the lines of the pairs with the largest bounds among those whose last purchase
-- falls in the look-back period but before the inactive window, and falls back to every line of
-- the period when that cannot decide the page. Rebuilt with the other rollups by
-- refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.customer_item_last_sale (
  company       text NOT NULL,
  customer      text NOT NULL,
  item_number   text NOT NULL,
  -- The pair's branch, sales rep and product group when every one of its purchases has the same
  -- one, else null (a filter on them cannot be answered from this row then).
  branch        text,
  sales_rep     text,
  product_group text,
  last_date     date NOT NULL,
  sales_bound   numeric(16,2) NOT NULL,
  PRIMARY KEY (company, customer, item_number)
);
CREATE INDEX customer_item_last_sale_by_bound ON erp.customer_item_last_sale (sales_bound DESC, company, customer, item_number) INCLUDE (last_date);
CREATE INDEX customer_item_last_sale_by_date ON erp.customer_item_last_sale (last_date);
-- A customer's lines of one item: the pairs' own lines, an index probe each.
CREATE INDEX invoice_line_by_customer_item ON erp.invoice_line (customer, company, item_number, invoice_date);

CREATE INDEX customer_item_last_sale_mixed ON erp.customer_item_last_sale (company)
  WHERE branch IS NULL OR sales_rep IS NULL OR product_group IS NULL;

CREATE FUNCTION erp.refresh_customer_item_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.customer_item_last_sale;
  INSERT INTO erp.customer_item_last_sale
  SELECT company, customer, item_number,
         CASE WHEN min(branch) = max(branch) THEN min(branch) END,
         CASE WHEN min(sales_rep) = max(sales_rep) THEN min(sales_rep) END,
         CASE WHEN min(product_group) = max(product_group) THEN min(product_group) END,
         max(invoice_date), sum(greatest(sales, 0))
    FROM erp.invoice_line WHERE qty > 0
   GROUP BY company, customer, item_number;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_customer_item_rollups();
ANALYZE erp.customer_item_last_sale;
