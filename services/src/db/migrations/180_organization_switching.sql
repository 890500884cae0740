-- Organization switching (issue 25, OrganizationSwitcher / OrganizationMaster). A user who may
-- enter another organization has a membership row there: an app.user_master row of that
-- organization (its own role, settings, boards, goals, notifications) that points at his
-- sign-in row through home_user_master_id and cannot sign in by itself (login_type MEMBER).
-- A session that switched records the membership it shows, like impersonation does, so every
-- query made afterwards runs as that row and is scoped to its organization.
ALTER TABLE app.user_master ADD COLUMN home_user_master_id integer REFERENCES app.user_master ON DELETE CASCADE;
ALTER TABLE app.user_master DROP CONSTRAINT user_master_login_type_check;
ALTER TABLE app.user_master ADD CONSTRAINT user_master_login_type_check CHECK (login_type IN ('PASSWORD', 'EXTERNAL', 'MEMBER'));
ALTER TABLE app.user_master ADD CONSTRAINT user_master_membership_check CHECK ((home_user_master_id IS NULL) = (login_type <> 'MEMBER'));
-- An e-mail names one sign-in account; its memberships carry the same e-mail (one per organization).
DROP INDEX app.user_master_email;
CREATE UNIQUE INDEX user_master_email ON app.user_master (lower(email)) WHERE home_user_master_id IS NULL;
CREATE UNIQUE INDEX user_master_membership ON app.user_master (home_user_master_id, customer_master_id) WHERE home_user_master_id IS NOT NULL;

ALTER TABLE app.user_session ADD COLUMN organization_user_master_id integer REFERENCES app.user_master ON DELETE SET NULL;

-- Who maintains organizations and who may enter which (docs/decisions.md "Administration: rights model").
INSERT INTO app.admin_right (role_name, permission) VALUES
  ('RTSAdmin', 'organizations.read'), ('RTSAdmin', 'organizations.write'), ('SiteOwner', 'organizations.read');
