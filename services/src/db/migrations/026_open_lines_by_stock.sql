-- Order/LinesNotInStock counts the open lines whose location cannot fill them. Both indexes keep
-- the columns that question reads, in the same order (item, company, location), so PostgreSQL can
-- merge the open lines with the stock from the two indexes alone, instead of fetching every open
-- line from the table and hashing every stock row. They replace narrower indexes on the same
-- leading columns, which served item look-ups and still do.
DROP INDEX erp.order_line_open_by_item;
CREATE INDEX order_line_open_by_item ON erp.order_line (item_number, company, location) INCLUDE (qty_open) WHERE qty_open > 0;
DROP INDEX erp.inventory_by_item;
CREATE INDEX inventory_by_item ON erp.inventory (item_number, company, location) INCLUDE (qty_available);
