-- Issue 27: the opportunity KPI, funnel and groupings by stage, rep, month and outcome answer from
-- sums, not from every opportunity of the scope (an administrator's hundred thousand at scale 40).
-- crm.opportunity_month_count holds the opportunities per organization × rep × month of expected
-- close × company × stage × step, with their size and weighted size (round(size × probability /
-- 100, 2) each, summed: numeric, so the sums of sums equal the sums). Triggers keep it in the same
-- transaction as every write of crm.opportunity (routes, the demo generator, any SQL). The stage's
-- outcome and the names are read at query time from crm.data_item: a stage that changes its
-- closes_as needs no rewrite here.
CREATE TABLE crm.opportunity_month_count (
  customer_master_id integer NOT NULL,
  sales_rep          text    NOT NULL,
  month              date    NOT NULL,   -- the first day of the expected close date's month
  company            text    NOT NULL,
  stage_id           integer NOT NULL,
  step_id            integer,            -- an opportunity's step may be empty
  opportunities      integer NOT NULL,
  opportunity_size   numeric NOT NULL,
  weighted_size      numeric NOT NULL
);
CREATE UNIQUE INDEX opportunity_month_count_key ON crm.opportunity_month_count
  (customer_master_id, sales_rep, month, company, stage_id, step_id) NULLS NOT DISTINCT;

-- The rows of the transition tables as signed sums by key, added to the rollup in key order (two
-- writers lock the keys they share in the same order); the keys a statement emptied go.
CREATE FUNCTION crm.opportunity_month_count_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm.opportunity_month_count AS c (customer_master_id, sales_rep, month, company, stage_id, step_id, opportunities, opportunity_size, weighted_size)
    SELECT n.customer_master_id, n.sales_rep, date_trunc('month', n.expected_close_date)::date, n.company, n.stage_id, n.step_id,
           count(*), sum(n.opportunity_size), sum(round(n.opportunity_size * n.probability / 100, 2))
      FROM new_rows n GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (customer_master_id, sales_rep, month, company, stage_id, step_id)
    DO UPDATE SET opportunities = c.opportunities + EXCLUDED.opportunities, opportunity_size = c.opportunity_size + EXCLUDED.opportunity_size,
                  weighted_size = c.weighted_size + EXCLUDED.weighted_size;
    RETURN NULL;
  END IF;
  -- An update or a delete: new rows (if any) added, old ones taken away; unchanged keys cancel out.
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO crm.opportunity_month_count AS c (customer_master_id, sales_rep, month, company, stage_id, step_id, opportunities, opportunity_size, weighted_size)
    SELECT x.customer_master_id, x.sales_rep, x.month, x.company, x.stage_id, x.step_id, sum(x.n), sum(x.size), sum(x.weighted)
      FROM (SELECT n.customer_master_id, n.sales_rep, date_trunc('month', n.expected_close_date)::date AS month, n.company, n.stage_id, n.step_id,
                   1 AS n, n.opportunity_size AS size, round(n.opportunity_size * n.probability / 100, 2) AS weighted
              FROM new_rows n
            UNION ALL
            SELECT o.customer_master_id, o.sales_rep, date_trunc('month', o.expected_close_date)::date, o.company, o.stage_id, o.step_id,
                   -1, -o.opportunity_size, -round(o.opportunity_size * o.probability / 100, 2)
              FROM old_rows o) x
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(x.n) <> 0 OR sum(x.size) <> 0 OR sum(x.weighted) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (customer_master_id, sales_rep, month, company, stage_id, step_id)
    DO UPDATE SET opportunities = c.opportunities + EXCLUDED.opportunities, opportunity_size = c.opportunity_size + EXCLUDED.opportunity_size,
                  weighted_size = c.weighted_size + EXCLUDED.weighted_size;
  ELSE
    UPDATE crm.opportunity_month_count c
       SET opportunities = c.opportunities - x.n, opportunity_size = c.opportunity_size - x.size, weighted_size = c.weighted_size - x.weighted
      FROM (SELECT o.customer_master_id, o.sales_rep, date_trunc('month', o.expected_close_date)::date AS month, o.company, o.stage_id, o.step_id,
                   count(*) AS n, sum(o.opportunity_size) AS size, sum(round(o.opportunity_size * o.probability / 100, 2)) AS weighted
              FROM old_rows o GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6) x
     WHERE (c.customer_master_id, c.sales_rep, c.month, c.company, c.stage_id) = (x.customer_master_id, x.sales_rep, x.month, x.company, x.stage_id)
       AND c.step_id IS NOT DISTINCT FROM x.step_id;
  END IF;
  DELETE FROM crm.opportunity_month_count c
   WHERE c.opportunities = 0
     AND EXISTS (SELECT 1 FROM old_rows o
                  WHERE (o.customer_master_id, o.sales_rep, o.company, o.stage_id) = (c.customer_master_id, c.sales_rep, c.company, c.stage_id)
                    AND date_trunc('month', o.expected_close_date)::date = c.month AND o.step_id IS NOT DISTINCT FROM c.step_id);
  RETURN NULL;
END $$;

CREATE FUNCTION crm.opportunity_month_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crm.opportunity_month_count;
  RETURN NULL;
END $$;

CREATE TRIGGER opportunity_month_count_inserted AFTER INSERT ON crm.opportunity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.opportunity_month_count_written();
CREATE TRIGGER opportunity_month_count_updated AFTER UPDATE ON crm.opportunity
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.opportunity_month_count_written();
CREATE TRIGGER opportunity_month_count_deleted AFTER DELETE ON crm.opportunity
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.opportunity_month_count_written();
CREATE TRIGGER opportunity_month_count_truncated AFTER TRUNCATE ON crm.opportunity
  FOR EACH STATEMENT EXECUTE FUNCTION crm.opportunity_month_count_truncated();

-- The whole rollup from the opportunities (this migration; the demo generator after its load).
CREATE FUNCTION crm.refresh_opportunity_month_count() RETURNS void LANGUAGE sql AS $$
  DELETE FROM crm.opportunity_month_count;
  INSERT INTO crm.opportunity_month_count (customer_master_id, sales_rep, month, company, stage_id, step_id, opportunities, opportunity_size, weighted_size)
  SELECT o.customer_master_id, o.sales_rep, date_trunc('month', o.expected_close_date)::date, o.company, o.stage_id, o.step_id,
         count(*), sum(o.opportunity_size), sum(round(o.opportunity_size * o.probability / 100, 2))
    FROM crm.opportunity o
   GROUP BY 1, 2, 3, 4, 5, 6;
$$;

SELECT crm.refresh_opportunity_month_count();
