-- Issue 28: goal type exclusions belong to an organization. Roles are shared by organizations
-- (the built-in ones have no owner), so exclusions keyed by role alone made one organization's
-- choice every organization's. Each existing exclusion is kept for every organization that can
-- see its role (all organizations for a built-in role, the owner for an organization's own role).

ALTER TABLE app.goal_type_exclusion ADD COLUMN customer_master_id integer REFERENCES app.customer_master ON DELETE CASCADE;

INSERT INTO app.goal_type_exclusion (customer_master_id, role_master_id, goal_kind, goal_type)
SELECT c.customer_master_id, e.role_master_id, e.goal_kind, e.goal_type
  FROM app.goal_type_exclusion e
  JOIN app.role_master r USING (role_master_id)
  JOIN app.customer_master c ON r.owner_customer_master_id IS NULL OR r.owner_customer_master_id = c.customer_master_id
 WHERE e.customer_master_id IS NULL;

ALTER TABLE app.goal_type_exclusion DROP CONSTRAINT goal_type_exclusion_pkey;
DELETE FROM app.goal_type_exclusion WHERE customer_master_id IS NULL;
ALTER TABLE app.goal_type_exclusion ALTER COLUMN customer_master_id SET NOT NULL;
ALTER TABLE app.goal_type_exclusion ADD PRIMARY KEY (customer_master_id, role_master_id, goal_kind, goal_type);
