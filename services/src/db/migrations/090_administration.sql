-- Administration I (issue 25): the admin roles' rights as data, organization-owned roles,
-- user-level settings, modules switched per organization, impersonation, a password that must
-- be chosen at first sign-in, and the report filter columns.

-- What each admin role may do (docs/decisions.md "Administration: rights model"). A role not
-- listed may do none of it. The server checks every admin call against this table.
CREATE TABLE app.admin_right (
  role_name  text NOT NULL,
  permission text NOT NULL,
  PRIMARY KEY (role_name, permission)
);
INSERT INTO app.admin_right (role_name, permission)
SELECT r.role_name, p.permission
  FROM (VALUES
    ('RTSAdmin', 'users.read'), ('RTSAdmin', 'users.write'), ('RTSAdmin', 'roles.read'), ('RTSAdmin', 'roles.write'),
    ('RTSAdmin', 'settings.read'), ('RTSAdmin', 'settings.global'), ('RTSAdmin', 'settings.role'), ('RTSAdmin', 'settings.user'),
    ('RTSAdmin', 'toggles.write'), ('RTSAdmin', 'modules.write'), ('RTSAdmin', 'impersonate'), ('RTSAdmin', 'authorization.write'),
    ('RTSAdmin', 'identity.write'), ('RTSAdmin', 'audit.read'),
    ('SiteOwner', 'users.read'), ('SiteOwner', 'users.write'), ('SiteOwner', 'roles.read'), ('SiteOwner', 'roles.write'),
    ('SiteOwner', 'settings.read'), ('SiteOwner', 'settings.global'), ('SiteOwner', 'settings.role'), ('SiteOwner', 'settings.user'),
    ('SiteOwner', 'toggles.write'), ('SiteOwner', 'modules.write'), ('SiteOwner', 'impersonate'), ('SiteOwner', 'authorization.write'),
    ('SiteOwner', 'audit.read'),
    ('SiteAdmin', 'users.read'), ('SiteAdmin', 'users.write'), ('SiteAdmin', 'roles.read'), ('SiteAdmin', 'roles.write'),
    ('SiteAdmin', 'settings.read'), ('SiteAdmin', 'settings.global'), ('SiteAdmin', 'settings.role'), ('SiteAdmin', 'settings.user'),
    ('SiteAdmin', 'toggles.write'), ('SiteAdmin', 'modules.write'), ('SiteAdmin', 'impersonate'), ('SiteAdmin', 'audit.read'),
    ('RoleAdmin', 'users.read'), ('RoleAdmin', 'roles.read'), ('RoleAdmin', 'roles.write'),
    ('RoleAdmin', 'settings.read'), ('RoleAdmin', 'settings.role'),
    ('UserAdmin', 'users.read'), ('UserAdmin', 'users.write'), ('UserAdmin', 'roles.read'),
    ('UserAdmin', 'settings.read'), ('UserAdmin', 'settings.user'), ('UserAdmin', 'impersonate')
  ) AS p(role_name, permission)
  JOIN (VALUES ('RTSAdmin'), ('SiteOwner'), ('SiteAdmin'), ('RoleAdmin'), ('UserAdmin')) AS r(role_name) USING (role_name);

-- How far up a role reaches: an admin assigns, edits and impersonates only users whose role is
-- of his rank or below (a lower number is more rights; roles outside the admin ranks are 9).
CREATE TABLE app.admin_rank (
  role_name text PRIMARY KEY,
  rank      integer NOT NULL
);
INSERT INTO app.admin_rank (role_name, rank) VALUES
  ('RTSAdmin', 1), ('SiteOwner', 2), ('SiteAdmin', 3), ('RoleAdmin', 4), ('UserAdmin', 4);

-- Roles an organization made (Role/Add, Role/Copy) belong to it; the built-in ones (null) to all.
-- (owner_… so that joins USING (customer_master_id) through a user's role stay unambiguous)
ALTER TABLE app.role_master ADD COLUMN owner_customer_master_id integer REFERENCES app.customer_master;
ALTER TABLE app.role_master ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE app.role_master DROP CONSTRAINT role_master_role_name_key;
CREATE UNIQUE INDEX role_master_name ON app.role_master (coalesce(owner_customer_master_id, 0), lower(role_name));
CREATE SEQUENCE app.role_master_id_seq START WITH 1000;

-- A user's own value of a setting, over his role's, his organization's and the default.
CREATE TABLE app.setting_user (
  user_master_id    integer NOT NULL REFERENCES app.user_master ON DELETE CASCADE,
  setting_master_id integer NOT NULL REFERENCES app.setting_master,
  setting_value     text    NOT NULL,
  PRIMARY KEY (user_master_id, setting_master_id)
);

-- Every setting of every user as it applies: user < role < organization < default.
CREATE VIEW app.effective_setting AS
SELECT u.user_master_id, m.setting_master_id, m.setting_name,
       coalesce(su.setting_value, sr.setting_value, sg.setting_value, m.default_value) AS setting_value
  FROM app.user_master u
 CROSS JOIN app.setting_master m
  LEFT JOIN app.setting_user su ON su.user_master_id = u.user_master_id AND su.setting_master_id = m.setting_master_id
  LEFT JOIN app.setting_role sr ON sr.role_master_id = u.role_master_id AND sr.setting_master_id = m.setting_master_id
  LEFT JOIN app.setting_global sg ON sg.customer_master_id = u.customer_master_id AND sg.setting_master_id = m.setting_master_id;

-- Toggle masters carry a description for the admin screen.
ALTER TABLE app.toggle_master ADD COLUMN description text NOT NULL DEFAULT '';

-- A module (remote) or one of its features switched off for an organization, and why.
CREATE TABLE app.module_switch (
  customer_master_id integer NOT NULL REFERENCES app.customer_master,
  module_id          text    NOT NULL,
  feature_id         text    NOT NULL DEFAULT '',
  reason             text    NOT NULL,
  changed_by         integer,
  changed_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_master_id, module_id, feature_id)
);

-- Impersonation: the session keeps its real user; this is whom it shows.
ALTER TABLE app.user_session ADD COLUMN impersonated_user_master_id integer REFERENCES app.user_master ON DELETE CASCADE;

-- A user an administrator created signs in with the access e-mail's link and must choose a password.
ALTER TABLE app.user_master ADD COLUMN must_set_password boolean NOT NULL DEFAULT false;
ALTER TABLE app.user_master ADD COLUMN authorization_level integer NOT NULL DEFAULT 0;

-- Which report filter columns a user may filter by (UserReportFilterColumnMaster).
CREATE TABLE app.user_report_filter_column (
  id          integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  filter_type text    NOT NULL,
  column_name text    NOT NULL,
  display_name text   NOT NULL,
  is_active   boolean NOT NULL DEFAULT true,
  UNIQUE (filter_type, column_name)
);
INSERT INTO app.user_report_filter_column (filter_type, column_name, display_name) VALUES
  ('Customer', 'salesRep', 'Sales Rep'), ('Customer', 'branch', 'Branch'), ('Customer', 'company', 'Company'),
  ('Item', 'productGroup', 'Product Group'), ('Item', 'supplier', 'Supplier');

-- A user's saved report filters (User/Filters/*): values of a filter column he is limited to.
CREATE TABLE app.user_filter (
  filter_id      integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_master_id integer NOT NULL REFERENCES app.user_master ON DELETE CASCADE,
  filter_type    text    NOT NULL,
  column_name    text    NOT NULL,
  filter_values  text[]  NOT NULL DEFAULT '{}'
);
CREATE INDEX user_filter_by_user ON app.user_filter (user_master_id, filter_type);

CREATE INDEX audit_log_user ON app.audit_log (user_master_id, at);
