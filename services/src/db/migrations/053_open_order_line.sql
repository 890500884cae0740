-- The open order lines (qty_open > 0), each with its open amounts in int8 cents: the open sales,
-- the open share of the cost (qty_open × unit cost) and of the commission cost (its share of the
-- ordered quantity), to the cent as the lines' own sums round them. The open order questions
-- (Order/Grouped, KPI and Summary without a date slug) sum them from here: from the lines, each
-- question fetched every open line from the table (10M: 32,000 of 10 million) and divided
-- numerics on each (35 ms by branch). Rebuilt with the other rollups by refreshRollups()
-- (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.open_order_line (
  company              text    NOT NULL,
  order_number         text    NOT NULL,
  order_line_number    integer NOT NULL,
  order_date           date    NOT NULL,
  customer             text    NOT NULL,
  ship_to              text    NOT NULL,
  sales_rep            text    NOT NULL,
  branch               text    NOT NULL,
  location             text    NOT NULL,
  status               text    NOT NULL,
  item_number          text    NOT NULL,
  product_group        text    NOT NULL,
  open_sales           int8    NOT NULL,   -- cents
  open_cost            int8    NOT NULL,   -- cents
  open_commission_cost int8,               -- cents; null when the line has no commission cost
  PRIMARY KEY (company, order_number, order_line_number)
);

CREATE FUNCTION erp.refresh_open_order_line() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.open_order_line;
  INSERT INTO erp.open_order_line
  SELECT company, order_number, order_line_number, order_date, customer, ship_to, sales_rep, branch, location, status,
         item_number, product_group, (open_sales * 100)::int8, (round(qty_open * unit_cost, 2) * 100)::int8,
         (round(commission_cost * qty_open / qty_ordered, 2) * 100)::int8
    FROM erp.order_line
   WHERE qty_open > 0
   ORDER BY order_date;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_open_order_line();
ANALYZE erp.open_order_line;
