/**
 * The demo CRM (issue 27): activities on every customer and prospect over the data's two years,
 * about ten a customer (25,000 at scale 1, a million at scale 40: the customers grow with the
 * scale), mostly completed in the past, some overdue, some due in the coming weeks; visits
 * among them GPS verified. Written in SQL from the accounts just loaded, each value drawn from a
 * hash of the seed and the account, so the same options give the same rows on every run.
 *
 * The CRM's tables are the application's, not the ERP mirror's: an ERP load leaves them alone.
 * Only the demo generator rewrites them (it replaces the demo accounts they point at).
 */
import type pg from 'pg';

const SUBJECTS: Record<string, string[]> = {
  'Phone Call': ['Checked on open orders', 'Discussed pricing for next quarter', 'Called about overdue invoice', 'Introduced new product line', 'Confirmed delivery window'],
  Visit: ['Quarterly business review', 'Walked the warehouse with purchasing', 'Stock check and reorder review', 'Site visit with branch manager', 'Lunch with the buyer'],
  Email: ['Sent updated price sheet', 'Sent product catalogue', 'Followed up on quote', 'Shared delivery schedule', 'Sent credit application'],
  Meeting: ['Annual contract negotiation', 'Product demo', 'Planning meeting for spring season', 'Kick-off with new buyer'],
  'Quote Follow-up': ['Quote follow-up', 'Checked quote status', 'Revised quote quantities'],
  Task: ['Prepare account plan', 'Update contact list', 'Send samples', 'Set up credit review'],
};

/** The CRM tables the demo writes (vacuumed and analyzed after the load, like the ERP tables). */
export const DEMO_CRM_TABLES = ['activity', 'gps_verification', 'opportunity', 'opportunity_link', 'activity_month_count', 'opportunity_month_count'] as const;

export async function generateCrmData(client: pg.PoolClient, options: { seed: number; today: string }): Promise<void> {
  await client.query('TRUNCATE crm.gps_verification, crm.activity, crm.opportunity_link, crm.opportunity RESTART IDENTITY');
  // Their numbers start again: values of user-defined fields would land on the new records.
  await client.query("DELETE FROM crm.udf_value WHERE udf_id IN (SELECT udf_id FROM crm.udf_meta WHERE dynamic_table IN ('Activity', 'Opportunity'))");
  const subjects = Object.entries(SUBJECTS);
  await client.query(
    `WITH types AS (
       SELECT array_agg(data_item_id ORDER BY display_order, data_item_id) AS ids, array_agg(name ORDER BY display_order, data_item_id) AS names
         FROM crm.data_item WHERE data_type = 'ActivityType' AND is_active
     ), subject AS (
       SELECT x.type_name, x.subjects FROM unnest($3::text[], $4::text[]) AS x(type_name, subjects)
     ), accounts AS (
       SELECT company, 'Customer' AS account_type, customer AS account_id, customer, sales_rep, 4 + abs(hashtext($1 || company || customer)) % 13 AS n
         FROM erp.customer
       UNION ALL
       SELECT company, 'Prospect', prospect, NULL, sales_rep, 1 + abs(hashtext($1 || company || prospect)) % 3 FROM erp.prospect
     ), drawn AS (
       SELECT a.*, i, abs(hashtext($1 || a.company || a.account_id || ':' || i)) AS h FROM accounts a, generate_series(1, a.n) AS i
     ), dated AS (
       SELECT d.*, t.ids[1 + d.h % array_length(t.ids, 1)] AS type_id, t.names[1 + d.h % array_length(t.ids, 1)] AS type_name,
              -- 1 in 12 due in the coming five weeks, the rest over the past two years
              CASE WHEN d.h % 12 = 0 THEN $2::date + (d.h / 12) % 35 ELSE $2::date - 1 - (d.h / 7) % 730 END AS due
         FROM drawn d, types t
     )
     INSERT INTO crm.activity (company, account_type, account_id, customer, sales_rep, activity_type_id, subject, notes, due_date, completed_date,
                               owner_user_master_id, version, created_at, updated_at, created_by, updated_by)
     SELECT x.company, x.account_type, x.account_id, x.customer, x.sales_rep, x.type_id,
            s.subjects[1 + (x.h / 3) % array_length(s.subjects, 1)],
            CASE WHEN x.h % 4 = 0 THEN 'Notes from ' || lower(x.type_name) || '; next step agreed.' END,
            x.due,
            -- past activities are mostly done (on the day or up to two days later); 1 in 9 left overdue
            CASE WHEN x.due < $2::date AND x.h % 9 <> 0 THEN least($2::date, x.due + (x.h / 5) % 3) END,
            u.user_master_id, 1, x.due::timestamp - interval '3 days', x.due::timestamp, u.user_master_id, u.user_master_id
       FROM dated x
       JOIN (SELECT type_name, string_to_array(subjects, '|') AS subjects FROM subject) s ON s.type_name = x.type_name
       LEFT JOIN LATERAL (SELECT min(user_master_id) AS user_master_id FROM app.user_master m WHERE m.sales_rep = x.sales_rep) u ON true
      ORDER BY x.due, x.company, x.account_type, x.account_id, x.i`,
    [String(options.seed), options.today, subjects.map(([name]) => name), subjects.map(([, list]) => list.join('|'))],
  );
  // Completed visits logged from the road: verified within the radius, a few with a reason instead.
  await client.query(
    `INSERT INTO crm.gps_verification (activity_trans_id, account_type, account_id, user_latitude, user_longitude, distance_miles, radius_miles,
                                       is_verified, reason_not_verified, created_at, created_by)
     SELECT a.activity_transaction_number, a.account_type, a.account_id, c.latitude + 0.004, c.longitude, 0.28, 5,
            a.activity_transaction_number % 10 <> 0,
            CASE WHEN a.activity_transaction_number % 10 = 0 THEN 'Met the buyer at the branch instead' END,
            a.completed_date::timestamp, a.created_by
       FROM crm.activity a
       JOIN crm.data_item t ON t.data_item_id = a.activity_type_id AND t.name = 'Visit'
       JOIN erp.customer c ON a.account_type = 'Customer' AND c.company = a.company AND c.customer = a.account_id
      WHERE a.completed_date IS NOT NULL AND c.latitude IS NOT NULL`,
  );
  await generateOpportunities(client, options);
  // The activity counts (migration 270): its triggers kept them through these writes; rebuilt
  // whole here all the same, so the demo's counts never depend on a bulk statement's trigger path.
  await client.query('SELECT crm.refresh_activity_month_count()');
  await client.query('ANALYZE crm.activity');
}

const OPPORTUNITY_NAMES = [
  'Warehouse shelving refresh',
  'Fleet maintenance supplies',
  'Annual MRO contract',
  'Safety equipment rollout',
  'Packaging line upgrade',
  'Janitorial supply program',
  'Fastener vendor-managed inventory',
  'HVAC filter program',
  'Power tool standardization',
  'Spring season stocking order',
];

/**
 * About one opportunity a customer (0 to 2) and one every other prospect (100,000 at scale 40),
 * owned by the organization of the account rep's user: six in ten open, spread over the coming
 * six months (a few past their expected close), the rest closed over the past two years, won or
 * lost (with a reason). Each links a product group of its company, and one in four of its
 * account's activities is logged for it.
 */
async function generateOpportunities(client: pg.PoolClient, options: { seed: number; today: string }): Promise<void> {
  await client.query(
    `WITH items AS (
       SELECT data_type, closes_as, array_agg(data_item_id ORDER BY display_order, data_item_id) AS ids,
              array_agg(coalesce(probability, 0) ORDER BY display_order, data_item_id) AS probabilities
         FROM crm.data_item WHERE is_active AND data_type IN ('Stage', 'Type', 'Status', 'Step', 'Territory', 'LeadSource', 'LostSales')
        GROUP BY data_type, closes_as
     ), pick AS (
       SELECT (SELECT ids FROM items WHERE data_type = 'Stage' AND closes_as IS NULL) AS open_stages,
              (SELECT probabilities FROM items WHERE data_type = 'Stage' AND closes_as IS NULL) AS open_probabilities,
              (SELECT ids[1] FROM items WHERE data_type = 'Stage' AND closes_as = 'Won') AS won,
              (SELECT ids[1] FROM items WHERE data_type = 'Stage' AND closes_as = 'Lost') AS lost,
              (SELECT ids FROM items WHERE data_type = 'Type') AS types,
              (SELECT ids FROM items WHERE data_type = 'Status') AS statuses,
              (SELECT ids FROM items WHERE data_type = 'Step') AS steps,
              (SELECT ids FROM items WHERE data_type = 'Territory') AS territories,
              (SELECT ids FROM items WHERE data_type = 'LeadSource') AS sources,
              (SELECT ids FROM items WHERE data_type = 'LostSales') AS reasons
     ), accounts AS (
       SELECT company, 'Customer' AS account_type, customer AS account_id, customer, sales_rep, abs(hashtext($1 || 'o' || company || customer)) % 3 AS n FROM erp.customer
       UNION ALL
       SELECT company, 'Prospect', prospect, NULL, sales_rep, abs(hashtext($1 || 'o' || company || prospect)) % 2 FROM erp.prospect
     ), drawn AS (
       SELECT a.*, abs(hashtext($1 || a.company || a.account_id || ':o' || i)) AS h FROM accounts a, generate_series(1, a.n) AS i
     ), staged AS (
       SELECT d.*, p.*, CASE WHEN d.h % 10 < 6 THEN NULL WHEN d.h % 10 < 8 THEN 'Won' ELSE 'Lost' END AS outcome,
              1 + d.h % array_length(p.open_stages, 1) AS stage_at
         FROM drawn d, pick p
     )
     INSERT INTO crm.opportunity (customer_master_id, company, account_type, account_id, customer, sales_rep, name, description, type_id, status_id,
                                  stage_id, step_id, territory_id, lead_source_id, lost_sales_id, opportunity_size, probability, expected_close_date,
                                  closed_date, owner_user_master_id, created_at, updated_at, created_by, updated_by)
     SELECT coalesce(u.customer_master_id, 1), x.company, x.account_type, x.account_id, x.customer, x.sales_rep,
            ($3::text[])[1 + (x.h / 3) % array_length($3::text[], 1)],
            CASE WHEN x.h % 5 = 0 THEN 'Buyer asked for a proposal with delivery terms.' END,
            x.types[1 + (x.h / 7) % array_length(x.types, 1)],
            CASE WHEN x.outcome IS NULL THEN x.statuses[1 + (x.h / 13) % array_length(x.statuses, 1)] END,
            CASE x.outcome WHEN 'Won' THEN x.won WHEN 'Lost' THEN x.lost ELSE x.open_stages[x.stage_at] END,
            x.steps[1 + (x.h / 17) % array_length(x.steps, 1)],
            x.territories[1 + (x.h / 19) % array_length(x.territories, 1)],
            x.sources[1 + (x.h / 23) % array_length(x.sources, 1)],
            CASE WHEN x.outcome = 'Lost' THEN x.reasons[1 + (x.h / 29) % array_length(x.reasons, 1)] END,
            (10 + (x.h / 11) % 990) * 100,
            CASE x.outcome WHEN 'Won' THEN 100 WHEN 'Lost' THEN 0 ELSE x.open_probabilities[x.stage_at] END,
            c.close, CASE WHEN x.outcome IS NOT NULL THEN c.close END,
            u.user_master_id, c.close - 60, c.close - 60, u.user_master_id, u.user_master_id
       FROM staged x
       CROSS JOIN LATERAL (SELECT CASE WHEN x.outcome IS NULL THEN $2::date - 20 + (x.h / 31) % 200 ELSE $2::date - 1 - (x.h / 31) % 700 END AS close) c
       LEFT JOIN LATERAL (SELECT min(m.user_master_id) AS user_master_id, min(m.customer_master_id) AS customer_master_id FROM app.user_master m WHERE m.sales_rep = x.sales_rep) u ON true
      ORDER BY c.close, x.company, x.account_type, x.account_id, x.h`,
    [String(options.seed), options.today, OPPORTUNITY_NAMES],
  );
  await client.query(
    `INSERT INTO crm.opportunity_link (opportunity, kind, company, code, amount, created_at, updated_at, created_by, updated_by)
     SELECT o.opportunity, 'ProductGroup', o.company, g.groups[1 + o.opportunity % array_length(g.groups, 1)], o.opportunity_size, o.created_at, o.created_at, o.created_by, o.created_by
       FROM crm.opportunity o
       JOIN (SELECT company, array_agg(product_group ORDER BY product_group) AS groups FROM erp.product_group GROUP BY company) g ON g.company = o.company`,
  );
  await client.query(
    `UPDATE crm.activity a SET opportunity = o.opportunity
       FROM (SELECT DISTINCT ON (company, account_type, account_id) company, account_type, account_id, opportunity
               FROM crm.opportunity ORDER BY company, account_type, account_id, opportunity) o
      WHERE a.company = o.company AND a.account_type = o.account_type AND a.account_id = o.account_id AND a.activity_transaction_number % 4 = 0`,
  );
  // The opportunity sums (migration 275): kept by their triggers through these writes, rebuilt whole all the same.
  await client.query('SELECT crm.refresh_opportunity_month_count()');
  await client.query('ANALYZE crm.opportunity');
  await client.query('ANALYZE crm.opportunity_link');
}
