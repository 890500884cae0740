-- Issue 27, the CRM's contacts (seed 001 §7.12 Contact). A contact is a row of the ERP mirror's
-- erp.contact, written back there like an added prospect (each write counts a revision of the
-- latest load); it belongs to one customer (its own, which decides whose scope it is in) and may
-- name one of that customer's ship-tos. What the CRM adds lives in the crm schema, which an ERP
-- load never touches: the contact's links to more customers, ship-tos, sales reps and suppliers.
--
-- version counts edits (an edit from an older version is a 409); created_by and updated_by say
-- who wrote it through the CRM (null for rows the ERP sent).

ALTER TABLE erp.contact ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE erp.contact ADD COLUMN created_by integer;
ALTER TABLE erp.contact ADD COLUMN updated_by integer;
ALTER TABLE erp.contact ADD COLUMN updated_at timestamptz;

-- The duplicate warning looks contacts up by e-mail and by the digits of the phone.
CREATE INDEX contact_by_email ON erp.contact (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX contact_by_phone_digits ON erp.contact (regexp_replace(phone, '[^0-9]', '', 'g')) WHERE phone IS NOT NULL;

-- The numbers the CRM gives the contacts it creates (CRM000001 …): the ERP's numbers never look like this.
CREATE SEQUENCE crm.contact_number;

CREATE TABLE crm.contact_link (
  company     text NOT NULL,
  contact     text NOT NULL,
  link_type   text NOT NULL CHECK (link_type IN ('Customer', 'ShipTo', 'SalesRep', 'Supplier')),
  code        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer NOT NULL,
  PRIMARY KEY (company, contact, link_type, code)
);
CREATE INDEX contact_link_by_code ON crm.contact_link (link_type, code, company);
