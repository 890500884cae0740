-- Issue 29, column mapping for uploaded ERP files: a named file source an administrator keeps in
-- his organization ("Acme ERP nightly export"), holding per layout table the mapping of the
-- source's headers to our layout's columns and, for files not named after our tables, the
-- source's file name (services/src/erp-load/file-source.ts). An upload may name one; the run keeps
-- what it read of each file (its table, unmatched headers and missing columns) for the Data
-- screen's mapping editor.
CREATE TABLE erp.file_source (
  file_source_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_master_id integer     NOT NULL,
  source_name        text        NOT NULL,
  -- [{ "table": "customer", "fileName": "CUSTMAST.csv" | null, "columns": [{ "header": "cust_no", "column": "customer" }] }]
  tables             jsonb       NOT NULL DEFAULT '[]',
  updated_by         integer,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_master_id, source_name)
);

ALTER TABLE erp.load_run ADD COLUMN files jsonb NOT NULL DEFAULT '[]';
