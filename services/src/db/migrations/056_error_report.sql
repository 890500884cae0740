-- Error reports (SendErrorEmail, AppErrorLog) are collapsed: the same report again within an
-- hour is only counted, so a page stuck in an error loop, or a caller repeating one report,
-- sends one e-mail and writes one log row.
CREATE TABLE app.error_report (
  digest       text PRIMARY KEY,
  reports      integer NOT NULL DEFAULT 1,
  first_at     timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz NOT NULL DEFAULT now()
);
