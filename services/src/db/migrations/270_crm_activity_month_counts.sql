-- Issue 27: the activity KPI and groupings answer from counts, not from every activity of the
-- scope (an administrator's are a million at scale 40). crm.activity_month_count holds the
-- activities per rep × month of due date × company × activity type × completed, and how many of
-- them are GPS verified. Triggers keep it in the same transaction as every write of crm.activity
-- and crm.gps_verification — the routes, the demo generator, any SQL (docs/decisions.md) — so a
-- committed write and its counts are seen together. Open and overdue are not stored: they move
-- with today. A past month's open activities are overdue, a coming month's open; only today's
-- month is split, by the open activities due before today (activity_open_by_due: a few thousand).
CREATE TABLE crm.activity_month_count (
  sales_rep        text    NOT NULL,
  month            date    NOT NULL,   -- the first day of the due date's month
  company          text    NOT NULL,
  activity_type_id integer NOT NULL,
  completed        boolean NOT NULL,   -- completed_date IS NOT NULL
  activities       integer NOT NULL,
  verified         integer NOT NULL,   -- of them, with a crm.gps_verification row is_verified
  PRIMARY KEY (sales_rep, month, company, activity_type_id, completed)
);

-- Today's month's open activities due before today (the overdue of the month).
CREATE INDEX activity_open_by_due ON crm.activity (due_date, sales_rep) INCLUDE (company, activity_type_id) WHERE completed_date IS NULL;

-- The rows of a transition table as signed counts by key, added to the rollup in key order (two
-- writers lock the keys they share in the same order); the keys an update or delete emptied go.
-- Their verification is read as it stands: a statement on crm.activity does not change it, and a
-- new activity has none (the verification's foreign key).
CREATE FUNCTION crm.activity_month_count_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm.activity_month_count AS c (sales_rep, month, company, activity_type_id, completed, activities, verified)
    SELECT n.sales_rep, date_trunc('month', n.due_date)::date, n.company, n.activity_type_id, n.completed_date IS NOT NULL, count(*), 0
      FROM new_rows n GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (sales_rep, month, company, activity_type_id, completed)
    DO UPDATE SET activities = c.activities + EXCLUDED.activities;
    RETURN NULL;
  END IF;
  -- An update: its new rows added, its old ones taken away; unchanged keys cancel out.
  INSERT INTO crm.activity_month_count AS c (sales_rep, month, company, activity_type_id, completed, activities, verified)
  SELECT x.sales_rep, x.month, x.company, x.activity_type_id, x.completed, sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.verified), 0)
    FROM (SELECT n.sales_rep, date_trunc('month', n.due_date)::date AS month, n.company, n.activity_type_id, n.completed_date IS NOT NULL AS completed,
                 1 AS sign, EXISTS (SELECT 1 FROM crm.gps_verification g WHERE g.activity_trans_id = n.activity_transaction_number AND g.is_verified) AS verified
            FROM new_rows n
          UNION ALL
          SELECT o.sales_rep, date_trunc('month', o.due_date)::date, o.company, o.activity_type_id, o.completed_date IS NOT NULL,
                 -1, EXISTS (SELECT 1 FROM crm.gps_verification g WHERE g.activity_trans_id = o.activity_transaction_number AND g.is_verified)
            FROM old_rows o) x
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.sign) <> 0 OR coalesce(sum(x.sign) FILTER (WHERE x.verified), 0) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (sales_rep, month, company, activity_type_id, completed)
  DO UPDATE SET activities = c.activities + EXCLUDED.activities, verified = c.verified + EXCLUDED.verified;
  DELETE FROM crm.activity_month_count c
   WHERE c.activities = 0
     AND (c.sales_rep, c.month, c.company, c.activity_type_id, c.completed) IN
         (SELECT o.sales_rep, date_trunc('month', o.due_date)::date, o.company, o.activity_type_id, o.completed_date IS NOT NULL FROM old_rows o);
  RETURN NULL;
END $$;

-- A deleted activity, row by row BEFORE the delete: its verification is still there (the cascade
-- removes it after, and that removal finds no activity to count against).
CREATE FUNCTION crm.activity_month_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  month_ date := date_trunc('month', OLD.due_date)::date;
  verified_ integer := (SELECT count(*) FROM crm.gps_verification g WHERE g.activity_trans_id = OLD.activity_transaction_number AND g.is_verified);
BEGIN
  UPDATE crm.activity_month_count c SET activities = c.activities - 1, verified = c.verified - verified_
   WHERE (c.sales_rep, c.month, c.company, c.activity_type_id, c.completed) = (OLD.sales_rep, month_, OLD.company, OLD.activity_type_id, OLD.completed_date IS NOT NULL);
  DELETE FROM crm.activity_month_count c
   WHERE c.activities = 0 AND (c.sales_rep, c.month, c.company, c.activity_type_id, c.completed) = (OLD.sales_rep, month_, OLD.company, OLD.activity_type_id, OLD.completed_date IS NOT NULL);
  RETURN OLD;
END $$;

-- A verification written or removed on its own: its activity's key gains or loses a verified (a
-- verification removed by its activity's delete finds no activity: the delete counted it).
CREATE FUNCTION crm.activity_month_count_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE crm.activity_month_count c SET verified = c.verified + x.verified
      FROM (SELECT a.sales_rep, date_trunc('month', a.due_date)::date AS month, a.company, a.activity_type_id, a.completed_date IS NOT NULL AS completed, count(*) AS verified
              FROM new_rows g JOIN crm.activity a ON a.activity_transaction_number = g.activity_trans_id WHERE g.is_verified
             GROUP BY 1, 2, 3, 4, 5) x
     WHERE (c.sales_rep, c.month, c.company, c.activity_type_id, c.completed) = (x.sales_rep, x.month, x.company, x.activity_type_id, x.completed);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE crm.activity_month_count c SET verified = c.verified - x.verified
      FROM (SELECT a.sales_rep, date_trunc('month', a.due_date)::date AS month, a.company, a.activity_type_id, a.completed_date IS NOT NULL AS completed, count(*) AS verified
              FROM old_rows g JOIN crm.activity a ON a.activity_transaction_number = g.activity_trans_id WHERE g.is_verified
             GROUP BY 1, 2, 3, 4, 5) x
     WHERE (c.sales_rep, c.month, c.company, c.activity_type_id, c.completed) = (x.sales_rep, x.month, x.company, x.activity_type_id, x.completed);
  ELSE
    UPDATE crm.activity_month_count c SET verified = c.verified + x.verified
      FROM (SELECT a.sales_rep, date_trunc('month', a.due_date)::date AS month, a.company, a.activity_type_id, a.completed_date IS NOT NULL AS completed, sum(v.sign) AS verified
              FROM (SELECT g.activity_trans_id, 1 AS sign FROM new_rows g WHERE g.is_verified
                    UNION ALL SELECT g.activity_trans_id, -1 FROM old_rows g WHERE g.is_verified) v
              JOIN crm.activity a ON a.activity_transaction_number = v.activity_trans_id
             GROUP BY 1, 2, 3, 4, 5 HAVING sum(v.sign) <> 0) x
     WHERE (c.sales_rep, c.month, c.company, c.activity_type_id, c.completed) = (x.sales_rep, x.month, x.company, x.activity_type_id, x.completed);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION crm.activity_month_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'activity' THEN
    DELETE FROM crm.activity_month_count;
  ELSE
    UPDATE crm.activity_month_count SET verified = 0 WHERE verified <> 0;
    DELETE FROM crm.activity_month_count WHERE activities = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_month_count_inserted AFTER INSERT ON crm.activity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_written();
CREATE TRIGGER activity_month_count_updated AFTER UPDATE ON crm.activity
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_written();
CREATE TRIGGER activity_month_count_deleted BEFORE DELETE ON crm.activity
  FOR EACH ROW EXECUTE FUNCTION crm.activity_month_count_deleted();
CREATE TRIGGER activity_month_count_truncated AFTER TRUNCATE ON crm.activity
  FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_truncated();
CREATE TRIGGER activity_month_count_verified_inserted AFTER INSERT ON crm.gps_verification
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_verified();
CREATE TRIGGER activity_month_count_verified_updated AFTER UPDATE ON crm.gps_verification
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_verified();
CREATE TRIGGER activity_month_count_verified_deleted AFTER DELETE ON crm.gps_verification
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_verified();
CREATE TRIGGER activity_month_count_verified_truncated AFTER TRUNCATE ON crm.gps_verification
  FOR EACH STATEMENT EXECUTE FUNCTION crm.activity_month_count_truncated();

-- The whole rollup from the activities (this migration; the demo generator after its load).
CREATE FUNCTION crm.refresh_activity_month_count() RETURNS void LANGUAGE sql AS $$
  DELETE FROM crm.activity_month_count;
  INSERT INTO crm.activity_month_count (sales_rep, month, company, activity_type_id, completed, activities, verified)
  SELECT a.sales_rep, date_trunc('month', a.due_date)::date, a.company, a.activity_type_id, a.completed_date IS NOT NULL, count(*), count(g.activity_trans_id) FILTER (WHERE g.is_verified)
    FROM crm.activity a LEFT JOIN crm.gps_verification g ON g.activity_trans_id = a.activity_transaction_number
   GROUP BY 1, 2, 3, 4, 5;
$$;

SELECT crm.refresh_activity_month_count();
