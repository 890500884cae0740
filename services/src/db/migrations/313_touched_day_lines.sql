-- The days each touched customer bought and each touched item sold (migration 023, usage KPIs),
-- in a delta, from one read of the touched days' lines instead of an index probe per key (issue
-- 29: ~10,000 customers and as many items at scale 40, 3.7 s on a busy machine); only the keys
-- whose days changed are written. The touched days' keys are read once per load into a
-- temporary table (pg_temp.touched_day_lines: company, customer, item, rep and day of each
-- distinct line key), which other refreshes by day can share.

-- The touched days' line keys, read once in the load's transaction.
CREATE FUNCTION erp.touched_day_lines(invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.touched_day_lines') IS NOT NULL THEN
    RETURN;
  END IF;
  CREATE TEMP TABLE touched_day_lines ON COMMIT DROP AS
  SELECT DISTINCT company, customer, item_number, sales_rep, invoice_date FROM erp.invoice_line WHERE invoice_date = ANY (invoice_days);
  ANALYZE touched_day_lines;
END;
$$;

-- The days of `rollup` (a datemultirange column `days` by the key columns `keys`) of the keys in
-- `touched_keys`: the days outside `invoice_days` stay, the touched ones are the keys' days among
-- pg_temp.touched_day_lines; a key whose days changed is written again (removed when none is left).
CREATE FUNCTION erp.move_key_days(rollup regclass, touched_keys regclass, keys text[], invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_list text := (SELECT string_agg(format('%I', k), ', ') FROM unnest(keys) k);
  match text := (SELECT string_agg(format('%2$s.%1$I = k.%1$I', k, '%1$s'), ' AND ') FROM unnest(keys) k);
BEGIN
  PERFORM erp.touched_day_lines(invoice_days);
  DROP TABLE IF EXISTS pg_temp.key_days_change;
  EXECUTE format($f$
    CREATE TEMP TABLE key_days_change ON COMMIT DROP AS
    SELECT k.*, (coalesce(o.days, '{}') - $1) + coalesce(n.days, '{}') AS days, o.days AS was
      FROM (SELECT DISTINCT %1$s FROM %2$s) k
      LEFT JOIN %3$s o ON %4$s
      LEFT JOIN (SELECT %1$s, range_agg(daterange(invoice_date, invoice_date, '[]')) AS days
                   FROM (SELECT DISTINCT %1$s, invoice_date FROM pg_temp.touched_day_lines) d GROUP BY %1$s) n ON %5$s$f$,
    key_list, touched_keys, rollup, format(match, 'o'), format(match, 'n'))
  USING (SELECT coalesce(range_agg(daterange(d, d, '[]')), '{}') FROM unnest(invoice_days) d);
  DELETE FROM key_days_change WHERE was IS NOT DISTINCT FROM days;
  EXECUTE format('DELETE FROM %s c USING key_days_change k WHERE %s', rollup, format(match, 'c'));
  EXECUTE format('INSERT INTO %s (%s, days) SELECT %2$s, days FROM key_days_change WHERE NOT isempty(days)', rollup, key_list);
  DROP TABLE pg_temp.key_days_change;
END;
$$;

CREATE OR REPLACE FUNCTION erp.refresh_usage_kpi_rollups_for(invoice_days date[], companies text[], customers text[], item_companies text[], items text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.kpi_keys;
  CREATE TEMP TABLE kpi_keys ON COMMIT DROP AS SELECT * FROM unnest(companies, customers) AS k (company, customer);
  PERFORM erp.move_key_days('erp.customer_invoice_days', 'pg_temp.kpi_keys', '{company,customer}', invoice_days);
  DROP TABLE pg_temp.kpi_keys;
  CREATE TEMP TABLE kpi_keys ON COMMIT DROP AS SELECT * FROM unnest(item_companies, items) AS k (company, item_number);
  PERFORM erp.move_key_days('erp.item_invoice_days', 'pg_temp.kpi_keys', '{company,item_number}', invoice_days);
  DROP TABLE pg_temp.kpi_keys;
END;
$$;
