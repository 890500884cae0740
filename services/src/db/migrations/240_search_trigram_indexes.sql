-- Trigram indexes for the searches' `%text%` matches (issues 23 and 27: the jump-to, the contact
-- jump and the CRM lists' search): a `column ILIKE '%son%'` reads the rows whose column holds the
-- text's trigrams instead of every row of the user's scope. pg_trgm is a trusted extension of
-- PostgreSQL (a database owner may create it) and is loaded into the embedded database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX customer_name_trgm ON erp.customer USING gin (customer_name gin_trgm_ops);
CREATE INDEX ship_to_name_trgm ON erp.ship_to USING gin (ship_to_name gin_trgm_ops);
CREATE INDEX prospect_name_trgm ON erp.prospect USING gin (prospect_name gin_trgm_ops);
-- The contact jump matches the contact's number, name, e-mail and title, and its customer's name.
CREATE INDEX contact_search_trgm ON erp.contact USING gin (contact gin_trgm_ops, contact_name gin_trgm_ops, email gin_trgm_ops, title gin_trgm_ops);
-- The activity list's search: subject, notes and account number (account names through their tables).
CREATE INDEX activity_search_trgm ON crm.activity USING gin (subject gin_trgm_ops, notes gin_trgm_ops, account_id gin_trgm_ops);
-- Its activity types found by name enter as their ids.
CREATE INDEX activity_by_type ON crm.activity (activity_type_id);
-- The opportunity list's search: name and account number.
CREATE INDEX opportunity_search_trgm ON crm.opportunity USING gin (name gin_trgm_ops, account_id gin_trgm_ops);
