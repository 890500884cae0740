-- A delta's days per rep × customer and rep × item (migration 301) from the touched days' line keys
-- read once per load (pg_temp.touched_day_lines, migration 313) instead of an index probe per key
-- (scale 40: 1.6–2.1 s for a day), and only the keys whose days changed written again: the same
-- erp.move_key_days the all-reps days use, with the rep in the key.
CREATE OR REPLACE FUNCTION erp.refresh_rep_key_days_for(rollup text, key_column text, invoice_days date[], reps text[], companies text[], keys text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(invoice_days) = 0 OR cardinality(reps) = 0 THEN
    RETURN;
  END IF;
  DROP TABLE IF EXISTS pg_temp.rep_keys;
  EXECUTE format('CREATE TEMP TABLE rep_keys (sales_rep text, company text, %I text) ON COMMIT DROP', key_column);
  INSERT INTO rep_keys SELECT * FROM unnest(reps, companies, keys);
  ANALYZE rep_keys;
  PERFORM erp.move_key_days(format('erp.%I', rollup)::regclass, 'pg_temp.rep_keys', ARRAY['sales_rep', 'company', key_column], invoice_days);
  DROP TABLE pg_temp.rep_keys;
END;
$$;
