-- Purchase orders by month and by day × company × supplier × branch × buyer × status, for the
-- PurchaseOrder KPI and Summary (and Supplier/Summary): amount, received amount, lines and
-- orders. An order has one date, supplier, branch, buyer and status, so order counts add up over
-- every dimension kept. Whole months come from the month table, partial edge months from the day
-- table; a filter on a line field (location, product group, item) reads the lines. Built from the
-- lines (what the calls sum), with each order's header fields. Rebuilt with the other rollups by
-- refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.purchase_order_day (
  order_date  date    NOT NULL,
  company     text    NOT NULL,
  supplier    text    NOT NULL,
  branch      text    NOT NULL,
  buyer       text,
  status      text    NOT NULL,
  amount      numeric(16,2) NOT NULL,
  received    numeric(16,2) NOT NULL,
  line_count  integer NOT NULL,
  po_count    integer NOT NULL
);
CREATE INDEX purchase_order_day_by_date ON erp.purchase_order_day (order_date);

CREATE TABLE erp.purchase_order_month (LIKE erp.purchase_order_day);
ALTER TABLE erp.purchase_order_month RENAME COLUMN order_date TO month;  -- the first day of the month
CREATE INDEX purchase_order_month_by_month ON erp.purchase_order_month (month);

CREATE FUNCTION erp.refresh_purchase_order_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.purchase_order_day, erp.purchase_order_month;
  INSERT INTO erp.purchase_order_day
  SELECT l.order_date, l.company, l.supplier, h.branch, h.buyer, h.status, sum(l.amount), sum(l.received), sum(l.line_count), count(*)
    FROM (SELECT company, po_number, min(order_date) AS order_date, min(supplier) AS supplier,
                 sum(cost) AS amount, sum(cost - open_cost) AS received, count(*) AS line_count
            FROM erp.purchase_order_line GROUP BY company, po_number) l
    JOIN erp.purchase_order_header h ON h.company = l.company AND h.po_number = l.po_number
   GROUP BY l.order_date, l.company, l.supplier, h.branch, h.buyer, h.status;
  INSERT INTO erp.purchase_order_month
  SELECT date_trunc('month', order_date)::date, company, supplier, branch, buyer, status, sum(amount), sum(received), sum(line_count), sum(po_count)
    FROM erp.purchase_order_day
   GROUP BY 1, company, supplier, branch, buyer, status;
END;
$$;

-- A database loaded before this migration gets the tables now.
SELECT erp.refresh_purchase_order_rollups();
ANALYZE erp.purchase_order_day;
ANALYZE erp.purchase_order_month;
