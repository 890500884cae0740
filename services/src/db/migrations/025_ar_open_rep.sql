-- Open receivables by company × branch × rep: their balance, for Analysis/ArApRatio (which sets
-- them against open payables by company or branch), a few rows instead of every open invoice.
-- Rebuilt with the other rollups by refreshRollups() (services/src/analytics/rollups.ts) in each
-- ERP load's transaction.
CREATE TABLE erp.ar_open_rep (
  company   text NOT NULL,
  branch    text NOT NULL,
  sales_rep text NOT NULL,
  balance   numeric(16,2) NOT NULL,
  PRIMARY KEY (company, branch, sales_rep)
);

CREATE FUNCTION erp.refresh_ar_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.ar_open_rep;
  INSERT INTO erp.ar_open_rep
  SELECT company, branch, sales_rep, sum(balance) FROM erp.ar_open GROUP BY company, branch, sales_rep;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_ar_rollups();
ANALYZE erp.ar_open_rep;
