-- Converted quote lines by order month × customer and by order month × product group (each with
-- company, branch and rep): QuoteBooked grouped, ranked or compared by customer or product group
-- over whole months reads a month's groups instead of joining every converted line to its quote
-- and order. Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.quote_booked_month_customer (
  month           date    NOT NULL,       -- the first day of the order month
  company         text    NOT NULL,
  customer        text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (month, company, customer, branch, sales_rep)
);
CREATE INDEX quote_booked_month_customer_by_rep ON erp.quote_booked_month_customer (sales_rep, month);

CREATE TABLE erp.quote_booked_month_product_group (
  month           date    NOT NULL,       -- the first day of the order month
  company         text    NOT NULL,
  product_group   text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  sales           numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  commission_cost numeric(16,2) NOT NULL,
  line_count      integer NOT NULL,
  PRIMARY KEY (month, company, product_group, branch, sales_rep)
);

CREATE FUNCTION erp.refresh_quote_booked_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.quote_booked_month_customer, erp.quote_booked_month_product_group;
  -- One statement, so the converted lines are joined once and feed both tables.
  WITH converted AS (
    SELECT date_trunc('month', o.order_date)::date AS month, q.company, q.customer, q.product_group, h.branch, q.sales_rep,
           q.sales, q.cost, q.commission_cost
      FROM erp.quote_line q
      JOIN erp.quote_header h ON h.company = q.company AND h.quote_number = q.quote_number
      JOIN erp.order_header o ON o.company = h.company AND o.order_number = h.order_number
     WHERE q.status = 'Converted'
  ), by_customer AS (
    INSERT INTO erp.quote_booked_month_customer
    SELECT month, company, customer, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
      FROM converted GROUP BY month, company, customer, branch, sales_rep
  )
  INSERT INTO erp.quote_booked_month_product_group
  SELECT month, company, product_group, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), count(*)
    FROM converted GROUP BY month, company, product_group, branch, sales_rep;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_quote_booked_rollups();
ANALYZE erp.quote_booked_month_customer;
ANALYZE erp.quote_booked_month_product_group;
