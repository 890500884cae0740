-- The map's nearest accounts (issue 23: Map/Radius p95 ≤ 100 ms). A point on the map is kept as a
-- unit vector in a cube (the contrib extension: trusted, and loaded into the embedded database),
-- so a GiST index answers "nearest first" by walking the index (`<->`, the chord between two
-- points, grows with the great-circle distance) instead of measuring and sorting every account in
-- the circle; its box (`cube_enlarge`) bounds the walk to the circle's neighbourhood.
CREATE EXTENSION IF NOT EXISTS cube;

-- A standard SQL body: bound when created, so an index on it does not depend on the search_path.
CREATE FUNCTION erp.geo_point(latitude float8, longitude float8) RETURNS cube
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN cube(ARRAY[cos(radians(latitude)) * cos(radians(longitude)), cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))]);

CREATE INDEX customer_by_geo_point ON erp.customer USING gist (erp.geo_point(latitude, longitude)) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX ship_to_by_geo_point ON erp.ship_to USING gist (erp.geo_point(latitude, longitude)) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;

-- The markers' last-twelve-months bookings (and every other read of a customer's bookings by
-- day) read the index alone: a ship-to's are its customer's filtered by ship_to.
CREATE INDEX booking_by_customer_date_sales ON erp.booking (customer, company, booking_date) INCLUDE (ship_to, sales);
DROP INDEX erp.booking_by_customer_date;
