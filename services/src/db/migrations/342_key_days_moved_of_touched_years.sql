-- A delta's key days (migrations 313–315: the days each customer and item, per rep and in all,
-- had a line, one datemultirange each) record for the year first days (migration 314) only what
-- those read: the keys of the two all-reps rollups, their days cut to the touched years. Every
-- rewritten key of the four rollups was copied whole (its days before and after) into
-- pg_temp.key_days_moved (issue 29: at scale 40 a new day rewrites ~10,000 keys of each, whose
-- multiranges span years of days).
CREATE OR REPLACE FUNCTION erp.move_key_days(rollup regclass, touched_keys regclass, keys text[], invoice_days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_list text := (SELECT string_agg(format('%I', k), ', ') FROM unnest(keys) k);
  match text := (SELECT string_agg(format('%2$s.%1$I = k.%1$I', k, '%1$s'), ' AND ') FROM unnest(keys) k);
  years datemultirange := (SELECT coalesce(range_agg(daterange(y, (y + interval '1 year')::date)), '{}') FROM unnest(erp.years_of(invoice_days)) y);
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
  IF rollup IN ('erp.customer_invoice_days'::regclass, 'erp.item_invoice_days'::regclass) THEN
    INSERT INTO pg_temp.key_days_moved SELECT rollup, company, was * years, days * years FROM key_days_change;
  END IF;
  EXECUTE format('DELETE FROM %s c USING key_days_change k WHERE %s', rollup, format(match, 'c'));
  EXECUTE format('INSERT INTO %s (%s, days) SELECT %2$s, days FROM key_days_change WHERE NOT isempty(days)', rollup, key_list);
  DROP TABLE pg_temp.key_days_change;
END;
$$;
