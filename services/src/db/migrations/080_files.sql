-- Issue 24, the one upload path (DESIGN §9 Files): every uploaded file is kept in the database by
-- default, so every gateway replica sees it and a backup of the database is a backup of the
-- files. A file is a row of app.stored_file and its bytes in 1 MiB chunks (a chunk is one
-- statement's parameter, so no statement carries a whole large file); the files module's
-- storage interface hides this, so an object store can replace it. Then what refers to files:
-- a document's links (DocLink) and the account images (CustomerImage).

CREATE TABLE app.stored_file (
  file_key     text PRIMARY KEY,
  content_type text NOT NULL,
  byte_size    bigint NOT NULL,
  sha256       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE app.stored_file_chunk (
  file_key text NOT NULL REFERENCES app.stored_file (file_key) ON DELETE CASCADE,
  chunk_no integer NOT NULL,
  data     bytea NOT NULL,
  PRIMARY KEY (file_key, chunk_no)
);

-- A file attached to a document or account: source (Customer, Invoice …), its id and second id
-- (the company), the file's name as uploaded. One name per document: a new upload of the same
-- name replaces the file.
CREATE TABLE app.doc_link (
  doc_link_id        bigserial PRIMARY KEY,
  customer_master_id integer NOT NULL,
  source             text NOT NULL,
  ref_id             text NOT NULL,
  ref_id2            text NOT NULL DEFAULT '',
  file_name          text NOT NULL,
  file_key           text NOT NULL REFERENCES app.stored_file (file_key),
  content_type       text NOT NULL,
  byte_size          bigint NOT NULL,
  uploaded_by        integer,
  uploaded_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_master_id, source, ref_id, ref_id2, file_name)
);

-- An image of an account (a customer, ship-to, supplier or contact): its type (Logo, Storefront …),
-- a description and the image file.
CREATE TABLE app.customer_image (
  customer_image_id  serial PRIMARY KEY,
  customer_master_id integer NOT NULL,
  entity_type        text NOT NULL,
  entity_id          text NOT NULL,
  company            text NOT NULL,
  image_type         text NOT NULL,
  description        text NOT NULL DEFAULT '',
  file_name          text NOT NULL,
  file_key           text NOT NULL REFERENCES app.stored_file (file_key),
  content_type       text NOT NULL,
  byte_size          bigint NOT NULL,
  created_by         integer,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_image_entity ON app.customer_image (customer_master_id, entity_type, entity_id, company);
