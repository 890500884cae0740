-- Issue 24, the item and contract pages (seed 000 details/item and details/contract/{jobNumber};
-- seed 001 Inventory/Uoms, Inventory/Master and Contract/Details/{jobPriceHeaderUid}).

-- ---------------------------------------------------------------- item units of measure
-- The units an item is bought and sold in: its base unit (factor 1, erp.item.unit_of_measure)
-- and the packs of it (a box of 10, a case of 50 …), each with its own UPC.
CREATE TABLE erp.item_uom (
  company            text    NOT NULL,
  item_number        text    NOT NULL,
  uom                text    NOT NULL,
  conversion_factor  integer NOT NULL CHECK (conversion_factor > 0),   -- base units in one
  upc                text,
  is_base            boolean NOT NULL,
  sellable           boolean NOT NULL,
  purchasable        boolean NOT NULL,
  PRIMARY KEY (company, item_number, uom)
);

-- ---------------------------------------------------------------- job price lines
-- A job pricing contract's items: the contract price per unit (of uom), the commission cost
-- it pays on (seed 001 ContractCostBasis Commission) and the least quantity it applies to.
-- erp.contract is the job price header: its job number is the header's uid in this mirror.
CREATE TABLE erp.contract_line (
  company          text    NOT NULL,
  job_number       text    NOT NULL,
  line_number      integer NOT NULL,
  item_number      text    NOT NULL,
  uom              text    NOT NULL,
  contract_price   numeric(12,4) NOT NULL,
  commission_cost  numeric(12,4) NOT NULL,
  min_qty          integer NOT NULL,
  PRIMARY KEY (company, job_number, line_number)
);
CREATE INDEX contract_line_by_item ON erp.contract_line (item_number, company);
