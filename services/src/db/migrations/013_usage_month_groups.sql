-- How many customer × item groups each month has, per company, branch, sales rep and product
-- group, for Usage/Log (one row per customer, item and month): its count and, sorted by month,
-- which months its page falls in, without grouping every line of the period. `mixed` marks a
-- slice of a month in which some customer's item also falls in another slice (another branch,
-- rep or product group that month): the counts of such a month do not add up, and the raw
-- lines answer. Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.usage_month_groups (
  month         date    NOT NULL,       -- the first day of the month
  company       text    NOT NULL,
  branch        text    NOT NULL,
  sales_rep     text    NOT NULL,
  product_group text    NOT NULL,
  groups        integer NOT NULL,
  mixed         boolean NOT NULL,
  PRIMARY KEY (month, company, branch, sales_rep, product_group)
);

CREATE FUNCTION erp.refresh_usage_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.usage_month_groups;
  INSERT INTO erp.usage_month_groups
  SELECT month, company, branch, sales_rep, product_group, count(*), bool_or(slices > 1)
    FROM (SELECT g.*, count(*) OVER (PARTITION BY month, company, customer, item_number) AS slices
            FROM (SELECT date_trunc('month', invoice_date)::date AS month, company, customer, item_number, branch, sales_rep, product_group
                    FROM erp.invoice_line GROUP BY 1, 2, 3, 4, 5, 6, 7) g) x
   GROUP BY month, company, branch, sales_rep, product_group;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_usage_rollups();
ANALYZE erp.usage_month_groups;
