-- The last day each item sold (an invoice line with a positive quantity), per company, for
-- Inventory/Inactive/Supplier: an item is inactive when its last sale falls in the look-back
-- period but before the inactive window, so only those items' lines need reading. Rebuilt with
-- the other rollups by refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's
-- transaction.
CREATE TABLE erp.item_last_sale (
  company     text NOT NULL,
  item_number text NOT NULL,
  last_date   date NOT NULL,
  PRIMARY KEY (company, item_number)
);
CREATE INDEX item_last_sale_by_date ON erp.item_last_sale (last_date);

CREATE FUNCTION erp.refresh_item_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.item_last_sale;
  INSERT INTO erp.item_last_sale
  SELECT company, item_number, max(invoice_date) FROM erp.invoice_line WHERE qty > 0 GROUP BY company, item_number;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_item_rollups();
ANALYZE erp.item_last_sale;
