-- Indexes in the default sort order of the longest account and document lists, so their first
-- page reads 15 index entries instead of sorting every row (the sorted columns are NOT NULL, and
-- the lists leave out the NULLS clause for them: see notNull in services/src/analytics/engine.ts).
CREATE INDEX customer_by_display_order ON erp.customer (customer_name, company, customer);
CREATE INDEX ship_to_by_display_order ON erp.ship_to (ship_to_name, company, ship_to);
-- Newest first: ship_date DESC, shipment_number DESC, company ASC (this index read backwards).
CREATE INDEX shipment_by_display_order ON erp.shipment (ship_date, shipment_number, company DESC);
CREATE INDEX customer_note_by_display_order ON erp.customer_note (note_date DESC, customer, note_number DESC);
-- Inventory/Details by item, and Inventory/Value/Detail and ValueAnalysis/Detail by value, largest
-- first (the expression is the lists' value column: round(qty_on_hand * unit_cost, 2) as float8).
CREATE INDEX inventory_by_item ON erp.inventory (item_number, company, location);
CREATE INDEX inventory_by_value ON erp.inventory ((round(qty_on_hand * unit_cost, 2)::float8) DESC NULLS LAST, company, item_number, location);
