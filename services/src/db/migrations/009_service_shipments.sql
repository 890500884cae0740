-- Service orders and shipments (seed 001 §7.11 ServiceOrder and Shipment calls).
-- Both belong to an account and its sales rep, so the calls scope them like the order calls.

-- ---------------------------------------------------------------- service
-- The branch's service technicians (labour on service orders).
CREATE TABLE erp.technician (
  company         text NOT NULL,
  technician      text NOT NULL,
  technician_name text NOT NULL,
  branch          text NOT NULL,
  labour_rate     numeric(10,2) NOT NULL,     -- billed per hour
  labour_cost     numeric(10,2) NOT NULL,     -- cost per hour
  PRIMARY KEY (company, technician)
);

CREATE TABLE erp.service_order_header (
  company              text NOT NULL,
  service_order_number text NOT NULL,
  service_type         text NOT NULL,          -- Repair, Rebuild, Preventive Maintenance, Installation, Field Service
  status               text NOT NULL,          -- Open, InProgress, Complete, Invoiced
  description          text NOT NULL,
  equipment            text NOT NULL,
  serial_number        text,
  customer             text NOT NULL,
  ship_to              text NOT NULL,
  sales_rep            text NOT NULL,
  branch               text NOT NULL,
  technician           text NOT NULL,          -- the lead technician
  customer_po          text,
  opened_date          date NOT NULL,
  promised_date        date NOT NULL,
  completed_date       date,                   -- Complete and Invoiced only
  invoiced_date        date,                   -- Invoiced only
  line_count           integer NOT NULL,
  labour_hours         numeric(10,2) NOT NULL,
  labour_amount        numeric(14,2) NOT NULL,
  parts_amount         numeric(14,2) NOT NULL,
  total_amount         numeric(14,2) NOT NULL, -- labour + parts
  cost                 numeric(14,2) NOT NULL,
  PRIMARY KEY (company, service_order_number)
);
CREATE INDEX service_order_header_by_rep ON erp.service_order_header (sales_rep, opened_date);
CREATE INDEX service_order_header_by_customer ON erp.service_order_header (customer, company, opened_date);
CREATE INDEX service_order_header_by_date ON erp.service_order_header (opened_date);
CREATE INDEX service_order_header_by_number ON erp.service_order_header (service_order_number);
CREATE INDEX service_order_header_open ON erp.service_order_header (company, promised_date) WHERE status <> 'Invoiced';

-- Labour lines (qty = hours, by a technician) and parts lines (an item).
CREATE TABLE erp.service_order_line (
  company              text NOT NULL,
  service_order_number text NOT NULL,
  line_number          integer NOT NULL,
  line_type            text NOT NULL,          -- Labour, Parts
  customer             text NOT NULL,
  ship_to              text NOT NULL,
  sales_rep            text NOT NULL,
  branch               text NOT NULL,
  opened_date          date NOT NULL,
  status               text NOT NULL,          -- the order's
  technician           text,                   -- labour lines
  item_number          text,                   -- parts lines
  product_group        text,
  description          text NOT NULL,
  qty                  numeric(10,2) NOT NULL,
  unit_price           numeric(12,4) NOT NULL,
  amount               numeric(14,2) NOT NULL,
  cost                 numeric(14,2) NOT NULL,
  PRIMARY KEY (company, service_order_number, line_number)
);
CREATE INDEX service_order_line_by_rep_date ON erp.service_order_line (sales_rep, opened_date);
CREATE INDEX service_order_line_by_date ON erp.service_order_line (opened_date);
CREATE INDEX service_order_line_by_number ON erp.service_order_line (service_order_number);
CREATE INDEX service_order_line_open ON erp.service_order_line (opened_date) WHERE status <> 'Invoiced';

CREATE TABLE erp.service_order_note (
  company              text NOT NULL,
  service_order_number text NOT NULL,
  note_number          integer NOT NULL,
  note_date            date NOT NULL,
  note_type            text NOT NULL,          -- Customer, Technician, Internal
  entered_by           text NOT NULL,
  note_text            text NOT NULL,
  PRIMARY KEY (company, service_order_number, note_number)
);
CREATE INDEX service_order_note_by_number ON erp.service_order_note (service_order_number);
CREATE INDEX service_order_note_by_date ON erp.service_order_note (note_date);

-- ---------------------------------------------------------------- shipments
-- One shipment per order shipped, with its carrier, tracking and delivery.
CREATE TABLE erp.shipment (
  company                 text NOT NULL,
  shipment_number         text NOT NULL,
  order_number            text NOT NULL,
  customer                text NOT NULL,
  ship_to                 text NOT NULL,
  sales_rep               text NOT NULL,
  branch                  text NOT NULL,
  location                text NOT NULL,
  ship_date               date NOT NULL,
  carrier                 text NOT NULL,     -- UPS, FedEx, R+L Carriers … Our Truck, Will Call
  ship_via                text NOT NULL,     -- Ground, Next Day Air, LTL, Local Delivery, Customer Pickup …
  tracking_number         text,              -- none for our trucks and pickups
  status                  text NOT NULL,     -- Shipped, In Transit, Delivered, Exception
  estimated_delivery_date date NOT NULL,
  delivered_date          date,
  package_count           integer NOT NULL,
  weight                  numeric(10,2) NOT NULL,  -- pounds
  freight                 numeric(12,2) NOT NULL,  -- what the carrier charged
  PRIMARY KEY (company, shipment_number)
);
CREATE INDEX shipment_by_rep_date ON erp.shipment (sales_rep, ship_date);
CREATE INDEX shipment_by_customer_date ON erp.shipment (customer, company, ship_date);
CREATE INDEX shipment_by_date ON erp.shipment (ship_date);
CREATE INDEX shipment_by_order ON erp.shipment (order_number);
CREATE INDEX shipment_by_tracking ON erp.shipment (tracking_number) WHERE tracking_number IS NOT NULL;
