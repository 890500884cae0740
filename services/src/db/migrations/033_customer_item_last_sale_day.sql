-- How many customer × item pairs last bought on each day, per company, for the count of
-- Inventory/Inactive/Customer (the pairs last bought in the look-back period but before the
-- window): a sum over a few hundred days instead of a count of millions of pairs (10M: 4.4
-- million). Rebuilt after erp.customer_item_last_sale by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.customer_item_last_sale_day (
  last_date date    NOT NULL,
  company   text    NOT NULL,
  pairs     integer NOT NULL,
  PRIMARY KEY (last_date, company)
);

CREATE FUNCTION erp.refresh_customer_item_last_sale_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.customer_item_last_sale_day;
  INSERT INTO erp.customer_item_last_sale_day
  SELECT last_date, company, count(*) FROM erp.customer_item_last_sale GROUP BY last_date, company;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_customer_item_last_sale_days();
ANALYZE erp.customer_item_last_sale_day;
