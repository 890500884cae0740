-- DESIGN §9 jobs (docs/decisions.md "Jobs"): a queue in the database. Every gateway's worker
-- claims queued jobs with FOR UPDATE SKIP LOCKED, so each runs on one worker; a scheduled run
-- is enqueued under a run key naming its slot (name@slot time), unique here, so however many
-- gateways enqueue the same slot it is queued (and runs) once.
CREATE TABLE app.job (
  job_id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text        NOT NULL,
  payload      jsonb       NOT NULL DEFAULT '{}',
  run_key      text        UNIQUE,
  state        text        NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  run_after    timestamptz NOT NULL DEFAULT now(),
  attempts     integer     NOT NULL DEFAULT 0,
  max_attempts integer     NOT NULL DEFAULT 3,
  locked_by    text,
  locked_at    timestamptz,
  finished_at  timestamptz,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_queued ON app.job (run_after, job_id) WHERE state = 'queued';
CREATE INDEX job_running ON app.job (locked_at) WHERE state = 'running';
