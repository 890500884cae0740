-- Open lines and items to reorder: small slices of large tables, read without scanning them.
-- Order/LinesNotInStock in its default order (promise date, then newest order), open lines only.
CREATE INDEX order_line_open_by_promise ON erp.order_line (promise_date NULLS FIRST, order_number DESC, order_line_number) WHERE qty_open > 0;
-- PurchaseOrder/Open/Grouped ages the open lines (2% of the lines).
CREATE INDEX purchase_order_line_open ON erp.purchase_order_line (due_date) WHERE qty_open > 0;
-- Inventory/Reorder looks only at stock with a reorder point.
CREATE INDEX inventory_with_reorder_point ON erp.inventory (company, item_number, location) WHERE reorder_point > 0;
