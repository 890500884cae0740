-- Each customer's first invoice (type IN), per company, for Invoice/FirstTime: the customers
-- whose first invoice falls in a period are a range of this table's date index, instead of one
-- probe per customer into the invoice headers. Rebuilt with the other rollups by
-- refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.customer_first_invoice (
  company        text NOT NULL,
  customer       text NOT NULL,
  invoice_number text NOT NULL,
  invoice_date   date NOT NULL,
  sales_rep      text NOT NULL,
  branch         text NOT NULL,
  sales          numeric(16,2) NOT NULL,
  PRIMARY KEY (company, customer)
);
CREATE INDEX customer_first_invoice_by_date ON erp.customer_first_invoice (invoice_date);

CREATE FUNCTION erp.refresh_customer_first_invoices() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.customer_first_invoice;
  INSERT INTO erp.customer_first_invoice
  SELECT DISTINCT ON (company, customer) company, customer, invoice_number, invoice_date, sales_rep, branch, sales
    FROM erp.invoice_header
   WHERE invoice_type = 'IN'
   ORDER BY company, customer, invoice_date, invoice_number;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_customer_first_invoices();
ANALYZE erp.customer_first_invoice;
