-- Issue 23, the accounts area: what an account buys under (contracts, dealer types, price
-- libraries, restricted product classes), territories, ship-to coordinates, supplier contacts and
-- restricted contacts in the ERP mirror; the map's radius index; a data revision for the
-- prospect writebacks; and the users' saved map routes.

-- ---------------------------------------------------------------- territories
CREATE TABLE erp.territory (
  company        text NOT NULL,
  territory      text NOT NULL,
  territory_name text NOT NULL,
  PRIMARY KEY (company, territory)
);
ALTER TABLE erp.customer ADD COLUMN territory text;
ALTER TABLE erp.ship_to ADD COLUMN territory text;
ALTER TABLE erp.prospect ADD COLUMN territory text;

-- ---------------------------------------------------------------- terms
CREATE TABLE erp.dealer_type (
  company     text NOT NULL,
  dealer_type text NOT NULL,
  description text NOT NULL,
  PRIMARY KEY (company, dealer_type)
);
CREATE TABLE erp.customer_dealer_type (
  company        text NOT NULL,
  customer       text NOT NULL,
  dealer_type    text NOT NULL,
  effective_date date NOT NULL,
  PRIMARY KEY (company, customer, dealer_type)
);

CREATE TABLE erp.price_library (
  company          text NOT NULL,
  price_library    text NOT NULL,
  description      text NOT NULL,
  discount_percent numeric(6,2) NOT NULL,
  PRIMARY KEY (company, price_library)
);
CREATE TABLE erp.customer_price_library (
  company         text    NOT NULL,
  customer        text    NOT NULL,
  price_library   text    NOT NULL,
  priority        integer NOT NULL,
  effective_date  date    NOT NULL,
  expiration_date date,
  PRIMARY KEY (company, customer, price_library)
);

CREATE TABLE erp.restricted_class (
  company          text NOT NULL,
  restricted_class text NOT NULL,
  description      text NOT NULL,
  product_group    text,
  PRIMARY KEY (company, restricted_class)
);
CREATE TABLE erp.customer_restricted_class (
  company          text NOT NULL,
  customer         text NOT NULL,
  restricted_class text NOT NULL,
  reason           text NOT NULL,
  effective_date   date NOT NULL,
  PRIMARY KEY (company, customer, restricted_class)
);

-- Job pricing contracts (seed 000 details/contract/{jobNumber}): a customer's (every ship-to or
-- one), or a corporate account's (customer null). sales_rep is the account's, for the scope.
CREATE TABLE erp.contract (
  company     text    NOT NULL,
  job_number  text    NOT NULL,
  description text    NOT NULL,
  customer    text,
  ship_to     text,
  corporate   text,
  sales_rep   text,
  start_date  date    NOT NULL,
  end_date    date,
  line_count  integer NOT NULL,
  PRIMARY KEY (company, job_number)
);
CREATE INDEX contract_by_customer ON erp.contract (customer, company) WHERE customer IS NOT NULL;
CREATE INDEX contract_by_corporate ON erp.contract (corporate, company) WHERE corporate IS NOT NULL;

-- ---------------------------------------------------------------- contacts
-- A contact belongs to a customer (and maybe one of its ship-tos) or to a supplier; a
-- restricted one (do not contact) is left out of lists unless an override is allowed.
ALTER TABLE erp.contact ADD COLUMN ship_to text;
ALTER TABLE erp.contact ADD COLUMN supplier text;
ALTER TABLE erp.contact ADD COLUMN is_restricted boolean NOT NULL DEFAULT false;
CREATE INDEX contact_by_supplier ON erp.contact (supplier, company) WHERE supplier IS NOT NULL;
CREATE INDEX contact_by_name ON erp.contact (lower(contact_name));

-- ---------------------------------------------------------------- the map
-- The radius search prefilters on a bounding box of the indexed coordinates (per rep for a
-- rep's scope, all of them for an administrator), then measures the few rows left exactly.
ALTER TABLE erp.ship_to ADD COLUMN latitude double precision;
ALTER TABLE erp.ship_to ADD COLUMN longitude double precision;
CREATE INDEX customer_by_position ON erp.customer (latitude, longitude) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX customer_by_rep_position ON erp.customer (sales_rep, latitude, longitude) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX ship_to_by_position ON erp.ship_to (latitude, longitude) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX ship_to_by_rep_position ON erp.ship_to (sales_rep, latitude, longitude) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
-- A ship-to's invoices and bookings (its marker's figures).
CREATE INDEX invoice_header_by_ship_to ON erp.invoice_header (ship_to, company, invoice_date) INCLUDE (sales);

-- ---------------------------------------------------------------- writebacks
-- Prospects added and converted in the app are written to the mirror (the ERP of the demo); each
-- write counts a revision of the latest load, so cached answers of the load are not served again.
ALTER TABLE erp.data_load ADD COLUMN revision integer NOT NULL DEFAULT 0;

-- ---------------------------------------------------------------- map routes
CREATE TABLE app.map_route (
  map_route_id   integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_master_id integer NOT NULL REFERENCES app.user_master ON DELETE CASCADE,
  route_name     text NOT NULL,
  route_date     date,
  notes          text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX map_route_by_user ON app.map_route (user_master_id, route_date DESC);

CREATE TABLE app.map_route_stop (
  map_route_id integer NOT NULL REFERENCES app.map_route ON DELETE CASCADE,
  stop_order   integer NOT NULL,
  account_type text    NOT NULL,
  company      text    NOT NULL,
  account_id   text    NOT NULL,
  note         text,
  PRIMARY KEY (map_route_id, stop_order)
);
