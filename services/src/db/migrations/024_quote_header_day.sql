-- Quote headers by quote day × company × branch × rep × status: their count and total, for
-- Analysis/QuoteConversionRatio by company, branch, rep or month (with filters on those or the
-- status), a period's few rows instead of its every quote. Rebuilt with the other rollups by
-- refreshRollups() (services/src/analytics/rollups.ts) in each ERP load's transaction.
CREATE TABLE erp.quote_header_day (
  quote_date  date    NOT NULL,
  company     text    NOT NULL,
  branch      text    NOT NULL,
  sales_rep   text    NOT NULL,
  status      text    NOT NULL,
  quote_count integer NOT NULL,
  quote_total numeric(16,2) NOT NULL,
  PRIMARY KEY (quote_date, company, branch, sales_rep, status)
);

CREATE FUNCTION erp.refresh_quote_header_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE erp.quote_header_day;
  INSERT INTO erp.quote_header_day
  SELECT quote_date, company, branch, sales_rep, status, count(*), sum(quote_total)
    FROM erp.quote_header GROUP BY quote_date, company, branch, sales_rep, status;
END;
$$;

-- A database loaded before this migration gets the table now.
SELECT erp.refresh_quote_header_rollups();
ANALYZE erp.quote_header_day;
