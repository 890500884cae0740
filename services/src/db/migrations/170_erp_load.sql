-- ERP data in (issue 29): loads of a distributor's own extract (files or a SQL source) beside the
-- demo generator's. erp.data_load keeps one row per load that completed (the answer caches and
-- System/LastUpdatedDate follow its latest row); erp.load_run keeps every attempt — running,
-- loaded, rejected by validation, failed or cancelled — with its validation report.
ALTER TABLE erp.data_load
  ALTER COLUMN scale DROP NOT NULL,
  ALTER COLUMN seed DROP NOT NULL,
  ADD COLUMN loaded_by integer REFERENCES app.user_master (user_master_id) ON DELETE SET NULL,
  ADD COLUMN table_rows jsonb;

CREATE TABLE erp.load_run (
  run_id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source        text        NOT NULL,
  file_name     text,
  file_key      text,
  options       jsonb       NOT NULL DEFAULT '{}',
  status        text        NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'loaded', 'rejected', 'failed', 'cancelled')),
  started_by    integer REFERENCES app.user_master (user_master_id) ON DELETE SET NULL,
  started_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  message       text,
  rows_read     integer     NOT NULL DEFAULT 0,
  rows_rejected integer     NOT NULL DEFAULT 0,
  table_rows    jsonb       NOT NULL DEFAULT '{}',
  -- The first problems of the validation report (file, row, column, value, reason); problem_count counts them all.
  problems      jsonb       NOT NULL DEFAULT '[]',
  problem_count integer     NOT NULL DEFAULT 0,
  load_id       integer REFERENCES erp.data_load (load_id),
  cancel_requested boolean  NOT NULL DEFAULT false
);
CREATE INDEX load_run_by_start ON erp.load_run (started_at DESC);

-- Loading ERP data replaces what every user sees: the organization's owners and site administrators may.
INSERT INTO app.admin_right (role_name, permission)
VALUES ('RTSAdmin', 'erp.load'), ('SiteOwner', 'erp.load'), ('SiteAdmin', 'erp.load');
