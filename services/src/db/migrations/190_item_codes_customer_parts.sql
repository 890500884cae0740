-- Issue 24, the item search of seed 000 §9 (13 fields) and Inventory/CustomerPartSummary,
-- AlternateSummary, SubstituteSummary: what the item master keeps beside an item's number.

-- An item's long description (the item page; "Extended Description") and its short code, a few
-- characters counter staff type instead of the item number ("Short Code").
ALTER TABLE erp.item ADD COLUMN extended_description text, ADD COLUMN short_code text;
CREATE INDEX item_by_short_code ON erp.item (short_code, company);

-- ---------------------------------------------------------------- alternate codes
-- Other numbers the same item is known by: the manufacturer's, a superseded (legacy) number of
-- our own, a competitor's cross-reference ("Alternate Code").
CREATE TABLE erp.item_alternate (
  company         text NOT NULL,
  item_number     text NOT NULL,
  alternate_code  text NOT NULL,
  code_type       text NOT NULL,          -- Manufacturer, Legacy, Competitor
  PRIMARY KEY (company, item_number, alternate_code)
);
CREATE INDEX item_alternate_by_code ON erp.item_alternate (alternate_code, company);

-- ---------------------------------------------------------------- substitutes
-- Another item that may be sold in the item's place ("Substitute Code" is its item number,
-- "Substitute Description" its description); interchangeable: either way round.
CREATE TABLE erp.item_substitute (
  company                 text    NOT NULL,
  item_number             text    NOT NULL,
  substitute_item_number  text    NOT NULL,
  interchangeable         boolean NOT NULL,
  reason                  text,
  PRIMARY KEY (company, item_number, substitute_item_number)
);
CREATE INDEX item_substitute_by_substitute ON erp.item_substitute (substitute_item_number, company);

-- ---------------------------------------------------------------- customer part numbers
-- The number (and name) a customer orders an item by ("Customer Part Number"). Customer data:
-- the calls read a customer's part numbers in its sales rep's scope.
CREATE TABLE erp.customer_part (
  company               text NOT NULL,
  customer              text NOT NULL,
  item_number           text NOT NULL,
  customer_part_number  text NOT NULL,
  description           text,
  PRIMARY KEY (company, customer, item_number)
);
CREATE INDEX customer_part_by_item ON erp.customer_part (item_number, company);
CREATE INDEX customer_part_by_number ON erp.customer_part (customer_part_number, company);
