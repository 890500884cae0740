-- SQL sources of ERP data (issue 29): connections to the distributor's own database (PostgreSQL or
-- MySQL/MariaDB; the password encrypted, services/src/erp-load/sql-source.ts) and per ERP table a
-- model query that selects from it into the published layout.
CREATE TABLE erp.credentials_key (
  id  integer PRIMARY KEY CHECK (id = 1),
  key bytea   NOT NULL
);

CREATE TABLE erp.local_connection (
  local_connection_id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  erp_master_id         integer     NOT NULL DEFAULT 1,
  connection_name       text        NOT NULL,
  local_connect_type_id integer     NOT NULL CHECK (local_connect_type_id IN (1, 2)),
  host                  text        NOT NULL,
  port                  integer     NOT NULL CHECK (port BETWEEN 1 AND 65535),
  database_name         text        NOT NULL,
  user_name             text        NOT NULL,
  password_encrypted    text        NOT NULL,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE erp.model_query (
  model_query_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  local_connection_id integer     NOT NULL REFERENCES erp.local_connection (local_connection_id) ON DELETE CASCADE,
  table_name          text        NOT NULL,
  query_text          text        NOT NULL,
  is_valid            boolean,
  validation_message  text,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (local_connection_id, table_name)
);
