-- Issue 24, the distributor's logo on printed documents, through the seed's LogoMaster calls
-- (seed 001 §7.5: GET, POST and PUT multipart; "the logo image of a component is loaded by
-- logoMasterId"). A logo is an image of the one upload path (app.stored_file) kept per
-- organization; the organization's setting DocumentLogoMasterId names the one its invoice, order
-- and quote PDFs carry (empty: none).
CREATE TABLE app.logo_master (
  logo_master_id     serial PRIMARY KEY,
  customer_master_id integer NOT NULL,
  file_name          text NOT NULL,
  file_key           text NOT NULL REFERENCES app.stored_file (file_key),
  content_type       text NOT NULL,
  byte_size          bigint NOT NULL,
  created_by         integer,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX logo_master_organization ON app.logo_master (customer_master_id);

INSERT INTO app.setting_master (setting_name, default_value)
SELECT 'DocumentLogoMasterId', '' WHERE EXISTS (SELECT 1 FROM app.setting_master)
ON CONFLICT (setting_name) DO NOTHING;
