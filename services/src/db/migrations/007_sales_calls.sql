-- Indexes for the sales document calls (services/src/analytics/sales-routes.ts).

-- One document by its number alone (Invoice/Header/{invoiceNumber}, Order/Header, Quote/Header,
-- Booking/Details?orderNumber, Order/Line/Invoice): the keys lead with company, and the calls
-- take the number without it.
CREATE INDEX invoice_header_by_number ON erp.invoice_header (invoice_number);
CREATE INDEX order_header_by_number ON erp.order_header (order_number);
CREATE INDEX order_line_by_number ON erp.order_line (order_number);
CREATE INDEX quote_header_by_number ON erp.quote_header (quote_number);
CREATE INDEX quote_line_by_number ON erp.quote_line (quote_number);
CREATE INDEX booking_by_order ON erp.booking (order_number);

-- On-time delivery: the lines shipped in a period, with what the on-time test and totals read.
CREATE INDEX order_line_shipped ON erp.order_line (ship_date)
  INCLUDE (promise_date, sales, cost, sales_rep, company, branch) WHERE ship_date IS NOT NULL;

-- Invoice/FirstTime: a customer's first invoice (one probe per customer).
CREATE INDEX invoice_header_first ON erp.invoice_header (customer, company, invoice_date, invoice_number)
  INCLUDE (sales_rep, branch, sales) WHERE invoice_type = 'IN';

-- Invoice/CommissionOnPaid: when an invoice was paid in full (null while open, and on credits),
-- and its commission cost (the sum of its lines'), both filled by the ERP load. A database
-- loaded before this migration gets the commission cost now and payment dates at its next load.
ALTER TABLE erp.invoice_header ADD COLUMN commission_cost numeric(14,2);
ALTER TABLE erp.invoice_header ADD COLUMN paid_date date;
UPDATE erp.invoice_header h SET commission_cost = l.commission_cost
  FROM (SELECT company, invoice_number, sum(commission_cost) AS commission_cost FROM erp.invoice_line GROUP BY 1, 2) l
 WHERE l.company = h.company AND l.invoice_number = h.invoice_number;
CREATE INDEX invoice_header_by_paid_date ON erp.invoice_header (paid_date) INCLUDE (sales_rep) WHERE paid_date IS NOT NULL;
