-- A delta moves the month rollups of the invoice lines by the change of the lines it touched,
-- instead of reading the touched months' lines again (issue 29: at scale 40 each of month ×
-- customer, month × product group, month × customer × product group and month × item read the
-- month's ~270,000 lines, about 1 s each, for a day of ~16,000).
--
-- The load's tracker (services/src/erp-load/touched.ts) keeps every invoice line it touched whole
-- in pg_temp.touched_lines: as it was before the load with sign -1 (read before the line's batch
-- was written), as it is after with sign +1. Their signed sums by a rollup's key are the rollup's
-- change (erp.move_sums: a key it lacked is added, a key whose line count reaches 0 removed). The
-- distinct invoices of month × customer (invoice_count) are not a sum: for each touched invoice
-- and month × customer × branch × rep, whether the invoice had a line in it before and has one now
-- (an untouched line of the invoice counts for both: the table's lines not touched after the load).

-- The touched lines' signed measures by month, once per load (pg_temp.line_change).
CREATE FUNCTION erp.line_change() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.line_change') IS NOT NULL THEN
    RETURN;
  END IF;
  CREATE TEMP TABLE line_change ON COMMIT DROP AS
  SELECT date_trunc('month', invoice_date)::date AS month, company, invoice_number, customer, item_number, branch, sales_rep, product_group,
         sign * qty AS qty, sign * sales AS sales, sign * cost AS cost, sign * commission_cost AS commission_cost, sign * freight AS freight,
         sign AS line_count
    FROM pg_temp.touched_lines;
  ANALYZE line_change;
END;
$$;

-- Migrations 004, 310 and 312: month × customer (its change recorded, year × customer moved by
-- it) and month × product group moved by the touched lines' change.
CREATE OR REPLACE FUNCTION erp.refresh_rollups_for(invoice_days date[], booking_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) > 0 THEN
    DELETE FROM erp.invoice_day_rep WHERE invoice_date = ANY (invoice_days);
    INSERT INTO erp.invoice_day_rep (invoice_date, company, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count, qty)
    SELECT invoice_date, company, branch, sales_rep, sum(sales), sum(cost), sum(commission_cost), sum(freight),
           count(*), count(DISTINCT invoice_number), sum(qty)
      FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days)
     GROUP BY invoice_date, company, branch, sales_rep;

    PERFORM erp.line_change();
    -- Each touched invoice in each month × customer × branch × rep it had or has a line in: 1 when
    -- it has one now and had none, -1 the other way round.
    DROP TABLE IF EXISTS pg_temp.month_customer_moves;
    CREATE TEMP TABLE month_customer_moves ON COMMIT DROP AS
    SELECT month, company, customer, branch, sales_rep, sales, cost, commission_cost, freight, line_count, 0 AS invoice_count
      FROM pg_temp.line_change
    UNION ALL
    SELECT g.month, g.company, g.customer, g.branch, g.sales_rep, 0, 0, 0, 0, 0, x.now::int - x.was::int
      FROM (SELECT DISTINCT month, company, invoice_number, customer, branch, sales_rep FROM pg_temp.line_change) g
      CROSS JOIN LATERAL (
        SELECT EXISTS (SELECT FROM erp.invoice_line l
                        WHERE l.company = g.company AND l.invoice_number = g.invoice_number AND l.customer = g.customer AND l.branch = g.branch
                          AND l.sales_rep = g.sales_rep AND l.invoice_date >= g.month AND l.invoice_date < (g.month + interval '1 month')::date) AS now,
               EXISTS (SELECT FROM pg_temp.touched_lines b
                        WHERE b.sign = -1 AND b.company = g.company AND b.invoice_number = g.invoice_number AND b.customer = g.customer AND b.branch = g.branch
                          AND b.sales_rep = g.sales_rep AND b.invoice_date >= g.month AND b.invoice_date < (g.month + interval '1 month')::date)
            OR EXISTS (SELECT FROM erp.invoice_line l
                        WHERE l.company = g.company AND l.invoice_number = g.invoice_number AND l.customer = g.customer AND l.branch = g.branch
                          AND l.sales_rep = g.sales_rep AND l.invoice_date >= g.month AND l.invoice_date < (g.month + interval '1 month')::date
                          AND NOT EXISTS (SELECT FROM pg_temp.touched_lines a
                                           WHERE a.company = l.company AND a.invoice_number = l.invoice_number
                                             AND a.invoice_line_number = l.invoice_line_number AND a.sign = 1)) AS was) x;
    PERFORM erp.net_change('month_customer_change', 'pg_temp.month_customer_moves', '{month,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    ANALYZE pg_temp.month_customer_change;
    PERFORM erp.move_sums('erp.invoice_month_customer', 'pg_temp.month_customer_change', '{month,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    INSERT INTO pg_temp.invoice_month_customer_change (month, company, customer, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count)
    SELECT month, company, customer, branch, sales_rep, sales, cost, commission_cost, freight, line_count, invoice_count FROM pg_temp.month_customer_change;
    DROP TABLE pg_temp.month_customer_moves;

    PERFORM erp.net_change('year_customer_change', 'pg_temp.invoice_month_customer_change',
      '{"date_trunc(''year'', month)::date AS year",company,customer,branch,sales_rep}', '{sales,cost,commission_cost,freight,line_count,invoice_count}');
    PERFORM erp.move_sums('erp.invoice_year_customer', 'pg_temp.year_customer_change', '{year,company,customer,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count,invoice_count}');

    PERFORM erp.net_change('month_product_group_change', 'pg_temp.line_change', '{month,company,product_group,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count}');
    ANALYZE pg_temp.month_product_group_change;
    PERFORM erp.move_sums('erp.invoice_month_product_group', 'pg_temp.month_product_group_change', '{month,company,product_group,branch,sales_rep}',
      '{sales,cost,commission_cost,freight,line_count}');
  END IF;

  IF cardinality(booking_days) > 0 THEN
    DELETE FROM erp.booking_day_rep WHERE day = ANY (booking_days);
    INSERT INTO erp.booking_day_rep (basis, day, company, branch, sales_rep, sales, cost, line_count, commission_cost)
    SELECT 'BookingDate', booking_date, company, branch, sales_rep, sum(sales), sum(cost), count(*), sum(commission_cost)
      FROM erp.booking WHERE booking_date = ANY (booking_days) GROUP BY booking_date, company, branch, sales_rep;
    INSERT INTO erp.booking_day_rep (basis, day, company, branch, sales_rep, sales, cost, line_count, commission_cost)
    SELECT 'OrderLineDate', order_line_date, company, branch, sales_rep, sum(sales), sum(cost), count(*), sum(commission_cost)
      FROM erp.booking WHERE order_line_date = ANY (booking_days) GROUP BY order_line_date, company, branch, sales_rep;
  END IF;

  INSERT INTO erp.rollup_state (singleton, load_id, refreshed_at)
  SELECT true, (SELECT max(load_id) FROM erp.data_load), now()
  ON CONFLICT (singleton) DO UPDATE SET load_id = excluded.load_id, refreshed_at = excluded.refreshed_at;
END;
$$;

-- Migrations 280, 311, 312: month × customer × product group moved by the touched lines' change, recorded for the white space.
CREATE OR REPLACE FUNCTION erp.refresh_invoice_month_customer_product_group_for(invoice_days date[], companies text[], customers text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  PERFORM erp.line_change();
  PERFORM erp.net_change('month_customer_product_group_change', 'pg_temp.line_change', '{month,company,customer,product_group,branch,sales_rep}',
    '{sales,cost,commission_cost,freight,line_count}');
  ANALYZE pg_temp.month_customer_product_group_change;
  PERFORM erp.move_sums('erp.invoice_month_customer_product_group', 'pg_temp.month_customer_product_group_change',
    '{customer,product_group,month,company,branch,sales_rep}', '{sales,cost,commission_cost,freight,line_count}');
  INSERT INTO pg_temp.invoice_month_customer_product_group_change (month, company, customer, product_group, branch, sales_rep, sales, cost, commission_cost, freight, line_count)
  SELECT month, company, customer, product_group, branch, sales_rep, sales, cost, commission_cost, freight, line_count FROM pg_temp.month_customer_product_group_change;
END;
$$;

-- Migrations 014, 312: month × item moved by the touched lines' change.
CREATE OR REPLACE FUNCTION erp.refresh_item_month_rollups_for(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  PERFORM erp.line_change();
  PERFORM erp.net_change('month_item_change', 'pg_temp.line_change', '{month,company,item_number}', '{qty,sales,line_count,cost,commission_cost,freight}');
  ANALYZE pg_temp.month_item_change;
  PERFORM erp.move_sums('erp.invoice_month_item', 'pg_temp.month_item_change', '{month,company,item_number}', '{qty,sales,line_count,cost,commission_cost,freight}');
END;
$$;
