-- Kits (bills of material), notes on documents and accounts, special-order purchase order links,
-- inventory adjustments and RMAs (seed 001 §7.11–7.13: Invoice/Order/Quote BOM, the Note calls,
-- Order/Line/PO, AR/CollectionNotes, Inventory/Adjustment and Inventory/RMA).

-- ---------------------------------------------------------------- kits
-- A kit item's components (its bill of material); a document line of a kit item ships them,
-- qty_per_kit for each kit on the line.
CREATE TABLE erp.item_bom (
  company           text NOT NULL,
  item_number       text NOT NULL,            -- the kit
  component_number  integer NOT NULL,         -- 1, 2 … in assembly order
  component_item    text NOT NULL,
  qty_per_kit       numeric(10,2) NOT NULL,
  PRIMARY KEY (company, item_number, component_number)
);

-- ---------------------------------------------------------------- special orders
-- The purchase order line bought for an order line (special order or drop ship).
CREATE TABLE erp.order_line_po (
  company            text NOT NULL,
  order_number       text NOT NULL,
  order_line_number  integer NOT NULL,
  po_number          text NOT NULL,
  po_line_number     integer NOT NULL,
  link_type          text NOT NULL,           -- Special Order, Drop Ship
  PRIMARY KEY (company, order_number, order_line_number, po_number, po_line_number)
);
CREATE INDEX order_line_po_by_po ON erp.order_line_po (po_number, company);

-- ---------------------------------------------------------------- notes
-- Notes on an invoice header (printed on the invoice, or internal).
CREATE TABLE erp.invoice_note (
  company         text NOT NULL,
  invoice_number  text NOT NULL,
  note_number     integer NOT NULL,
  note_date       date NOT NULL,
  note_type       text NOT NULL,              -- Customer, Shipping, Internal
  entered_by      text NOT NULL,
  note_text       text NOT NULL,
  PRIMARY KEY (company, invoice_number, note_number)
);

CREATE TABLE erp.order_line_note (
  company            text NOT NULL,
  order_number       text NOT NULL,
  order_line_number  integer NOT NULL,
  note_number        integer NOT NULL,
  note_date          date NOT NULL,
  note_type          text NOT NULL,           -- Customer, Warehouse, Purchasing
  entered_by         text NOT NULL,
  note_text          text NOT NULL,
  PRIMARY KEY (company, order_number, order_line_number, note_number)
);

CREATE TABLE erp.purchase_order_note (
  company      text NOT NULL,
  po_number    text NOT NULL,
  note_number  integer NOT NULL,
  note_date    date NOT NULL,
  note_type    text NOT NULL,                 -- Supplier, Buyer, Receiving
  entered_by   text NOT NULL,
  note_text    text NOT NULL,
  PRIMARY KEY (company, po_number, note_number)
);
CREATE INDEX purchase_order_note_by_date ON erp.purchase_order_note (note_date);
CREATE INDEX purchase_order_note_by_number ON erp.purchase_order_note (po_number);

-- Collection calls and letters on a customer's receivables (one invoice, or the account).
CREATE TABLE erp.ar_collection_note (
  company         text NOT NULL,
  customer        text NOT NULL,
  note_number     integer NOT NULL,
  invoice_number  text,                       -- null: about the account
  note_date       date NOT NULL,
  note_type       text NOT NULL,              -- Call, Email, Letter, Promise to Pay, Dispute
  contact_name    text,
  entered_by      text NOT NULL,
  note_text       text NOT NULL,
  promise_date    date,                       -- Promise to Pay only
  promise_amount  numeric(14,2),
  PRIMARY KEY (company, customer, note_number)
);
CREATE INDEX ar_collection_note_by_invoice ON erp.ar_collection_note (invoice_number, company) WHERE invoice_number IS NOT NULL;

-- Account notes (the ERP's customer and supplier note pads).
CREATE TABLE erp.customer_note (
  company      text NOT NULL,
  customer     text NOT NULL,
  note_number  integer NOT NULL,
  note_date    date NOT NULL,
  note_type    text NOT NULL,                 -- General, Credit, Shipping, Pricing, Sales Call
  entered_by   text NOT NULL,
  note_text    text NOT NULL,
  PRIMARY KEY (company, customer, note_number)
);
CREATE INDEX customer_note_by_date ON erp.customer_note (note_date);

CREATE TABLE erp.supplier_note (
  company      text NOT NULL,
  supplier     text NOT NULL,
  note_number  integer NOT NULL,
  note_date    date NOT NULL,
  note_type    text NOT NULL,                 -- General, Pricing, Quality, Freight
  entered_by   text NOT NULL,
  note_text    text NOT NULL,
  PRIMARY KEY (company, supplier, note_number)
);

-- ---------------------------------------------------------------- inventory adjustments
-- Stock corrections at a location: counts, damage, shrinkage, write-offs. Quantities and values
-- are signed (negative takes stock out); value = qty × unit cost.
CREATE TABLE erp.inventory_adjustment_header (
  company            text NOT NULL,
  adjustment_number  text NOT NULL,
  adjustment_date    date NOT NULL,
  branch             text NOT NULL,
  location           text NOT NULL,
  reason             text NOT NULL,           -- Cycle Count, Damaged, Shrinkage, Found Stock, Obsolete Write-Off, Receiving Correction
  entered_by         text NOT NULL,
  line_count         integer NOT NULL,
  total_qty          integer NOT NULL,
  total_value        numeric(14,2) NOT NULL,
  PRIMARY KEY (company, adjustment_number)
);
CREATE INDEX inventory_adjustment_header_by_date ON erp.inventory_adjustment_header (adjustment_date);
CREATE INDEX inventory_adjustment_header_by_number ON erp.inventory_adjustment_header (adjustment_number);

CREATE TABLE erp.inventory_adjustment_line (
  company            text NOT NULL,
  adjustment_number  text NOT NULL,
  line_number        integer NOT NULL,
  adjustment_date    date NOT NULL,
  branch             text NOT NULL,
  location           text NOT NULL,
  reason             text NOT NULL,
  item_number        text NOT NULL,
  product_group      text NOT NULL,
  qty                integer NOT NULL,
  unit_cost          numeric(12,4) NOT NULL,
  value              numeric(14,2) NOT NULL,
  PRIMARY KEY (company, adjustment_number, line_number)
);
CREATE INDEX inventory_adjustment_line_by_date ON erp.inventory_adjustment_line (adjustment_date);
CREATE INDEX inventory_adjustment_line_by_item ON erp.inventory_adjustment_line (item_number, company);

-- ---------------------------------------------------------------- RMAs
-- Returns authorized for a customer: Open (authorized), Received (back in the warehouse),
-- Credited (credit memo issued: credit_invoice_number), Rejected.
CREATE TABLE erp.rma_header (
  company                text NOT NULL,
  rma_number             text NOT NULL,
  rma_date               date NOT NULL,
  customer               text NOT NULL,
  ship_to                text NOT NULL,
  sales_rep              text NOT NULL,
  branch                 text NOT NULL,
  location               text NOT NULL,
  status                 text NOT NULL,
  reason                 text NOT NULL,       -- Defective, Wrong Item Shipped, Ordered in Error, Damaged in Transit, Excess Stock
  received_date          date,
  credit_invoice_number  text,
  line_count             integer NOT NULL,
  total_amount           numeric(14,2) NOT NULL,  -- what the customer is credited (positive)
  PRIMARY KEY (company, rma_number)
);
CREATE INDEX rma_header_by_rep ON erp.rma_header (sales_rep, rma_date);
CREATE INDEX rma_header_by_customer ON erp.rma_header (customer, company, rma_date);
CREATE INDEX rma_header_by_date ON erp.rma_header (rma_date);
CREATE INDEX rma_header_by_number ON erp.rma_header (rma_number);

CREATE TABLE erp.rma_line (
  company          text NOT NULL,
  rma_number       text NOT NULL,
  line_number      integer NOT NULL,
  rma_date         date NOT NULL,
  customer         text NOT NULL,
  sales_rep        text NOT NULL,
  status           text NOT NULL,             -- the RMA's
  invoice_number   text,                      -- the invoice the goods were bought on, when known
  item_number      text NOT NULL,
  product_group    text NOT NULL,
  qty              integer NOT NULL,          -- returned (positive)
  unit_price       numeric(12,4) NOT NULL,
  amount           numeric(14,2) NOT NULL,
  disposition      text NOT NULL,             -- Return to Stock, Scrap, Return to Supplier
  PRIMARY KEY (company, rma_number, line_number)
);
CREATE INDEX rma_line_by_rep_date ON erp.rma_line (sales_rep, rma_date);
CREATE INDEX rma_line_by_date ON erp.rma_line (rma_date);
CREATE INDEX rma_line_by_number ON erp.rma_line (rma_number);
