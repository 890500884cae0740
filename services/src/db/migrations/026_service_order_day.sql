-- Service orders by opened date × company × branch × rep, for ServiceOrder/Summary's five periods:
-- orders, completed orders, lines and the amounts, about a tenth of the headers' rows. A filter
-- on a field it does not keep (customer, technician, status …) reads the headers. Rebuilt with
-- the other rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction.
CREATE TABLE erp.service_order_day (
  opened_date     date    NOT NULL,
  company         text    NOT NULL,
  branch          text    NOT NULL,
  sales_rep       text    NOT NULL,
  order_count     integer NOT NULL,
  completed_count integer NOT NULL,
  line_count      integer NOT NULL,
  labour_hours    numeric(14,2) NOT NULL,
  labour_amount   numeric(16,2) NOT NULL,
  parts_amount    numeric(16,2) NOT NULL,
  total_amount    numeric(16,2) NOT NULL,
  cost            numeric(16,2) NOT NULL,
  PRIMARY KEY (opened_date, company, branch, sales_rep)
);

CREATE FUNCTION erp.refresh_service_order_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.service_order_day;
  INSERT INTO erp.service_order_day
  SELECT opened_date, company, branch, sales_rep, count(*), count(completed_date), sum(line_count),
         sum(labour_hours), sum(labour_amount), sum(parts_amount), sum(total_amount), sum(cost)
    FROM erp.service_order_header GROUP BY opened_date, company, branch, sales_rep;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_service_order_rollups();
ANALYZE erp.service_order_day;
