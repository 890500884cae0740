-- White space (Customer/WhiteSpace, beyond the seed: docs/decisions.md): over the 12 months
-- through the data's last day (erp.data_load.data_through), each customer's net invoiced sales
-- per product group and in total, with its account class (account_class1, the customer type) and
-- size band; and per company × class × band, how many customers it holds and, per product group,
-- how many of them bought it and the median share of a buyer's sales that went to it. An
-- account's peers are its band's other customers: since the account did not buy a group that is
-- white space, the group's buyers are all peers, and the question reads one row per product group
-- whatever the size of the peer group, never the invoice lines. Rebuilt with the other rollups by
-- refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.

-- The size bands on trailing-12-month net sales: from (inclusive) to (exclusive; null: no bound).
CREATE TABLE erp.sales_size_band (
  band       integer PRIMARY KEY,
  label      text    NOT NULL,
  from_sales numeric(16,2) NOT NULL,
  to_sales   numeric(16,2)
);
INSERT INTO erp.sales_size_band VALUES
  (1, 'Under $10K', 0, 10000),
  (2, '$10K to $50K', 10000, 50000),
  (3, '$50K to $250K', 50000, 250000),
  (4, '$250K to $1M', 250000, 1000000),
  (5, '$1M and over', 1000000, NULL);

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
  band          integer,                -- erp.sales_size_band; null without positive sales
  PRIMARY KEY (company, customer)
);

CREATE TABLE erp.white_space_peer_group (
  company       text    NOT NULL,
  account_class text    NOT NULL,
  band          integer NOT NULL,
  customers     integer NOT NULL,
  PRIMARY KEY (company, account_class, band)
);

CREATE TABLE erp.white_space_product_group (
  company       text    NOT NULL,
  account_class text    NOT NULL,
  band          integer NOT NULL,
  product_group text    NOT NULL,
  buyers        integer NOT NULL,       -- the group's customers with positive net sales in it
  median_wallet float8  NOT NULL,       -- the median of those buyers' sales in it / their sales
  PRIMARY KEY (company, account_class, band, product_group)
);

CREATE FUNCTION erp.refresh_white_space_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  through date := (SELECT data_through FROM erp.data_load ORDER BY load_id DESC LIMIT 1);
BEGIN
  TRUNCATE erp.customer_product_group_trailing_year, erp.customer_trailing_year_sales, erp.white_space_peer_group, erp.white_space_product_group;
  IF through IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO erp.customer_product_group_trailing_year
  SELECT company, customer, product_group, sum(sales)
    FROM erp.invoice_line
   WHERE invoice_date > (through - interval '12 months')::date AND invoice_date <= through
   GROUP BY company, customer, product_group;
  INSERT INTO erp.customer_trailing_year_sales
  SELECT s.company, s.customer, s.account_class, s.sales,
         (SELECT b.band FROM erp.sales_size_band b
           WHERE s.sales > 0 AND s.sales >= b.from_sales AND (b.to_sales IS NULL OR s.sales < b.to_sales))
    FROM (SELECT g.company, g.customer, coalesce(c.account_class1, '') AS account_class, sum(g.sales) AS sales
            FROM erp.customer_product_group_trailing_year g
            LEFT JOIN erp.customer c ON c.company = g.company AND c.customer = g.customer
           GROUP BY g.company, g.customer, c.account_class1) s;
  INSERT INTO erp.white_space_peer_group
  SELECT company, account_class, band, count(*) FROM erp.customer_trailing_year_sales WHERE band IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO erp.white_space_product_group
  SELECT t.company, t.account_class, t.band, g.product_group, count(*), percentile_cont(0.5) WITHIN GROUP (ORDER BY (g.sales / t.sales)::float8)
    FROM erp.customer_trailing_year_sales t
    JOIN erp.customer_product_group_trailing_year g ON g.company = t.company AND g.customer = t.customer
   WHERE t.band IS NOT NULL AND g.sales > 0
   GROUP BY 1, 2, 3, 4;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_white_space_rollups();
ANALYZE erp.customer_product_group_trailing_year;
ANALYZE erp.customer_trailing_year_sales;
ANALYZE erp.white_space_peer_group;
ANALYZE erp.white_space_product_group;
