-- Each stock row's value (on hand × unit cost, to the cent) as int8 cents, stored. The value and
-- dead-stock figures by product group, supplier or location (Inventory/Value and ValueAnalysis
-- Grouped) and Inventory/Summary sum the value of every in-stock row, several times over with
-- FILTERs (dead stock, each age bucket): computed on the fly, each sum multiplied and rounded
-- numerics per row, which took most of the call (10M: 52,000 rows). The in-stock index carries it,
-- so those sums read the index alone.
ALTER TABLE erp.inventory ADD COLUMN value_cents int8 NOT NULL
  GENERATED ALWAYS AS ((round(qty_on_hand * unit_cost, 2) * 100)::int8) STORED;

DROP INDEX erp.inventory_in_stock_by_item;
CREATE INDEX inventory_in_stock_by_item ON erp.inventory (item_number, company)
  INCLUDE (location, qty_on_hand, qty_available, qty_committed, qty_on_order, unit_cost, value_cents, last_sold_date, last_received_date)
  WHERE qty_on_hand > 0;
