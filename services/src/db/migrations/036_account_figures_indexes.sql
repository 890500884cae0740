-- An account summary's figures (accounts-routes.ts: open orders, open quotes, open and past-due
-- receivables) for one customer, from indexes that hold what they sum, so a large account's
-- figures read a few index pages instead of its rows (10M, the largest account: 5,400 quotes of
-- which 93 open on 4,200 heap pages; 70,000 order lines of which 202 open; 1,068 open items).
CREATE INDEX order_line_open_by_customer ON erp.order_line (customer, company) INCLUDE (open_sales, sales_rep) WHERE qty_open > 0;
CREATE INDEX quote_header_open_by_customer ON erp.quote_header (customer, company) INCLUDE (quote_total, sales_rep) WHERE status = 'Open';
DROP INDEX erp.ar_open_by_customer;
CREATE INDEX ar_open_by_customer ON erp.ar_open (customer, company, due_date) INCLUDE (balance, sales_rep);
