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

export async function generateCrmData(client: pg.PoolClient, options: { seed: number; today: string }): Promise<void> {
  await client.query('TRUNCATE crm.gps_verification, crm.activity RESTART IDENTITY');
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
  await client.query('ANALYZE crm.activity');
}
