-- Issue 29, scheduled loads of SQL sources: a source may load daily at a time of day (UTC); null
-- loads only when started. The jobs queue runs each day's load once across gateways
-- (services/src/erp-load/jobs.ts).
ALTER TABLE erp.local_connection ADD COLUMN load_daily_at time;
