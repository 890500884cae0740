-- The jump-to matches an account's number as well as its name (`number ILIKE '%text%' OR name
-- ILIKE '%text%'`): with a trigram index on the number too, the OR is a bitmap OR of two index
-- scans instead of a read of every account of the scope (migration 240 indexed the names).
CREATE INDEX customer_number_trgm ON erp.customer USING gin (customer gin_trgm_ops);
CREATE INDEX ship_to_number_trgm ON erp.ship_to USING gin (ship_to gin_trgm_ops);
CREATE INDEX prospect_number_trgm ON erp.prospect USING gin (prospect gin_trgm_ops);
