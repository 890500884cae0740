-- White space (Customer/WhiteSpace, beyond the seed: docs/decisions.md): each customer's net
-- invoiced sales over the 12 months through the data's last day (erp.data_load.data_through),
-- per product group, and in total with its account class (account_class1, the customer type).
-- One account's peers are a range of the total's index (company, class, sales between the size
-- band's bounds), their product groups a primary-key probe each: the question reads its peers'
-- few rows, never the invoice lines. Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.customer_product_group_trailing_year (
  company       text    NOT NULL,
  customer      text    NOT NULL,
  product_group text    NOT NULL,
  sales         numeric(16,2) NOT NULL,
  PRIMARY KEY (company, customer, product_group)
);

CREATE TABLE erp.customer_trailing_year_sales (
  company       text    NOT NULL,
  customer      text    NOT NULL,
  account_class text    NOT NULL,       -- account_class1; '' when the customer has none
  sales         numeric(16,2) NOT NULL,
  PRIMARY KEY (company, customer)
);
CREATE INDEX customer_trailing_year_sales_by_class ON erp.customer_trailing_year_sales (company, account_class, sales) INCLUDE (customer);

CREATE FUNCTION erp.refresh_white_space_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  through date := (SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1);
BEGIN
  TRUNCATE erp.customer_product_group_trailing_year, erp.customer_trailing_year_sales;
  IF through IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO erp.customer_product_group_trailing_year
  SELECT company, customer, product_group, sum(sales)
    FROM erp.invoice_line
   WHERE invoice_date > (through - interval '12 months')::date AND invoice_date <= through
   GROUP BY company, customer, product_group;
  INSERT INTO erp.customer_trailing_year_sales
  SELECT g.company, g.customer, coalesce(c.account_class1, ''), sum(g.sales)
    FROM erp.customer_product_group_trailing_year g
    LEFT JOIN erp.customer c ON c.company = g.company AND c.customer = g.customer
   GROUP BY g.company, g.customer, c.account_class1;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_white_space_rollups();
ANALYZE erp.customer_product_group_trailing_year;
ANALYZE erp.customer_trailing_year_sales;
