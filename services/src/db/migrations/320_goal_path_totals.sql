-- Issue 28: goal against actual sums the goal rows of a level per path on every call (the
-- customer level of a 50,000-row setup: 25,000 rows → 2,083 paths, 27–35 ms of each call on a
-- busy machine). app.goal_path_total keeps those sums: one row per config × level × path, with the
-- year's sums and the sums of each month 1–12. Triggers keep it in the same transaction as every
-- write of app.goal_row — the save, the upload, a config's or a setup's removal (the cascade), any
-- SQL — so a committed write and its sums are seen together (docs/decisions.md).
--
-- A goal row's level is its deepest hierarchy value set (0: the goal type value alone) and its path
-- the goal type value and the hierarchy values down to that level: the rows goal-actuals.ts reads at
-- a level (goal_type_value set, hierarchy_value{level} set, every deeper one empty). Rows without a
-- goal type value are at no level.
CREATE TABLE app.goal_path_total (
  goal_config_id integer   NOT NULL,
  level          smallint  NOT NULL,
  path           text[]    NOT NULL,   -- goal_type_value, hierarchy_value1 … hierarchy_value{level}
  goal_rows      integer   NOT NULL,   -- the rows summed (0: the path is gone, and so is its row)
  goal1          numeric   NOT NULL,   -- every row's (goal month 0, empty or 1–12)
  goal2          numeric   NOT NULL,
  month_goal1    numeric[] NOT NULL,   -- the rows of goal month 1 … 12
  month_goal2    numeric[] NOT NULL,
  PRIMARY KEY (goal_config_id, level, path)
);

-- Two month vectors added element by element (a path's kept sums and a statement's change of them).
CREATE FUNCTION app.goal_months_add(a numeric[], b numeric[]) RETURNS numeric[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY n) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, n)
$$;

-- The SQL that adds the rows of `source` (a query of goal rows with a `sign`: +1 counted, −1 taken
-- away) to the kept sums per path, in key order (two writers lock the paths they share in the same
-- order): one grouped pass, each month's sum a filtered sum. Run by EXECUTE in the trigger function
-- itself, where its transition tables are visible.
CREATE FUNCTION app.goal_path_total_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($sql$
    INSERT INTO app.goal_path_total AS t (goal_config_id, level, path, goal_rows, goal1, goal2, month_goal1, month_goal2)
    SELECT r.goal_config_id, l.level,
           (ARRAY[r.goal_type_value, r.hierarchy_value1, r.hierarchy_value2, r.hierarchy_value3, r.hierarchy_value4, r.hierarchy_value5])[1:l.level + 1],
           sum(r.sign), coalesce(sum(r.sign * r.goal1), 0), coalesce(sum(r.sign * r.goal2), 0), ARRAY[%1$s], ARRAY[%2$s]
      FROM (%3$s) r
     CROSS JOIN LATERAL (SELECT CASE WHEN r.hierarchy_value5 IS NOT NULL THEN 5 WHEN r.hierarchy_value4 IS NOT NULL THEN 4
                                     WHEN r.hierarchy_value3 IS NOT NULL THEN 3 WHEN r.hierarchy_value2 IS NOT NULL THEN 2
                                     WHEN r.hierarchy_value1 IS NOT NULL THEN 1 ELSE 0 END AS level) l
     WHERE r.goal_type_value IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (goal_config_id, level, path) DO UPDATE
       SET goal_rows = t.goal_rows + EXCLUDED.goal_rows, goal1 = t.goal1 + EXCLUDED.goal1, goal2 = t.goal2 + EXCLUDED.goal2,
           month_goal1 = app.goal_months_add(t.month_goal1, EXCLUDED.month_goal1), month_goal2 = app.goal_months_add(t.month_goal2, EXCLUDED.month_goal2)
  $sql$,
  (SELECT string_agg(format('coalesce(sum(r.sign * r.goal1) FILTER (WHERE r.goal_month = %s), 0)', m), ', ' ORDER BY m) FROM generate_series(1, 12) m),
  (SELECT string_agg(format('coalesce(sum(r.sign * r.goal2) FILTER (WHERE r.goal_month = %s), 0)', m), ', ' ORDER BY m) FROM generate_series(1, 12) m),
  source)
$fn$;

-- A statement's new rows counted +1 and its old rows −1; the paths it emptied go. The transition
-- tables are named by the trigger that fired (an insert has no old rows, a delete no new ones). A
-- delete that leaves a config no rows (an upload's first statement, a config's or a setup's removal)
-- removes the config's sums at once rather than counting its rows down. Such a config is locked
-- first and looked at again: rows another transaction is inserting hold a key-share lock on their
-- config (the foreign key's check), so they are committed, and seen, before the config is taken as
-- empty; their sums are not removed with it.
CREATE FUNCTION app.goal_path_total_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT coalesce(array_agg(c ORDER BY c), '{}') INTO emptied
      FROM (SELECT DISTINCT o.goal_config_id AS c FROM old_rows o) d
     WHERE NOT EXISTS (SELECT 1 FROM app.goal_row r WHERE r.goal_config_id = d.c);
    IF cardinality(emptied) > 0 THEN
      PERFORM 1 FROM app.goal_config g WHERE g.goal_config_id = ANY(emptied) ORDER BY g.goal_config_id FOR UPDATE;
      SELECT coalesce(array_agg(c ORDER BY c), '{}') INTO emptied
        FROM unnest(emptied) c WHERE NOT EXISTS (SELECT 1 FROM app.goal_row r WHERE r.goal_config_id = c);
      DELETE FROM app.goal_path_total t WHERE t.goal_config_id = ANY(emptied);
    END IF;
  END IF;
  EXECUTE app.goal_path_total_sql(CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN format('SELECT -1 AS sign, * FROM old_rows WHERE goal_config_id <> ALL(%L::integer[])', emptied)
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows' END);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM app.goal_path_total t WHERE t.goal_rows = 0 AND t.goal_config_id IN (SELECT DISTINCT o.goal_config_id FROM old_rows o);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION app.goal_path_total_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM app.goal_path_total;
  RETURN NULL;
END $$;

CREATE TRIGGER goal_path_total_inserted AFTER INSERT ON app.goal_row
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.goal_path_total_written();
CREATE TRIGGER goal_path_total_updated AFTER UPDATE ON app.goal_row
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.goal_path_total_written();
CREATE TRIGGER goal_path_total_deleted AFTER DELETE ON app.goal_row
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.goal_path_total_written();
CREATE TRIGGER goal_path_total_truncated AFTER TRUNCATE ON app.goal_row
  FOR EACH STATEMENT EXECUTE FUNCTION app.goal_path_total_truncated();

-- The rows already stored.
DO $$ BEGIN EXECUTE app.goal_path_total_sql('SELECT 1 AS sign, * FROM app.goal_row'); END $$;
