/**
 * `node --import tsx services/bench/notifications.ts [--scale N] [--users N] [--probes N] [--data-dir DIR]`
 *
 * Issue 26's speed target: one scheduled notification run over every user's alerts (each of
 * --users sales reps with one alert of every type, as the schedule runs them) completes in
 * ≤ 60 s at scale 40 on PostgreSQL, and slows interactive calls by ≤ 20 % while it runs. The
 * interactive calls are rep@'s (a board KPI, the account jump-to, the bell's count), result cache
 * emptied before each: their p95 alone first, then while the run goes on.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clearAnalyticsCaches } from '../src/analytics/cache.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { DEMO_PASSWORD, ORGANIZATION } from '../src/demo/app-seed.ts';
import { runNotifications } from '../src/notifications/engine.ts';
import { TestBrowser } from '../src/testing/test-browser.ts';
import { openBenchServices, percentile } from './bench-services.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    users: { type: 'string', default: '40' },
    probes: { type: 'string', default: '40' },
    'data-dir': { type: 'string', default: path.join(tmpdir(), 'tb-notifications-bench-pglite') },
  },
});
const users = Math.max(1, Number(values.users));
const probes = Math.max(5, Number(values.probes));
const { db, app, mailer, load, close } = await openBenchServices({ scale: Number(values.scale), dataDir: values['data-dir'] });

// ---------------------------------------------------------------- the users and their alerts
const { rows: reps } = await db.query<{ sales_rep: string }>('SELECT DISTINCT sales_rep FROM erp.customer WHERE sales_rep IS NOT NULL ORDER BY 1 LIMIT $1', [users]);
const passwordHash = await hashPassword(DEMO_PASSWORD);
const emails = reps.map((_, i) => `bench-notify-${String(i + 1).padStart(2, '0')}@tradeboard.example`);
await db.query(
  `INSERT INTO app.user_master (email, full_name, password_hash, role_master_id, customer_master_id, sales_rep)
   SELECT e.email, 'Bench ' || e.sales_rep, $3, r.role_master_id, $4, e.sales_rep
     FROM unnest($1::text[], $2::text[]) AS e(email, sales_rep)
     JOIN app.role_master r ON r.role_name = 'SalesRep' AND r.owner_customer_master_id IS NULL
    WHERE NOT EXISTS (SELECT 1 FROM app.user_master u WHERE lower(u.email) = lower(e.email))`,
  [emails, reps.map((r) => r.sales_rep), passwordHash, ORGANIZATION.id],
);
const { rows: types } = await db.query<{ id: number; type: string }>('SELECT notification_master_id AS id, notification_type AS type FROM app.notification_master ORDER BY 1');
for (const email of emails) {
  const user = new TestBrowser(app);
  if ((await user.login(email, DEMO_PASSWORD)).statusCode !== 200) throw new Error(`sign-in failed for ${email}`);
  const mine = (await user.request('POST', '/api/Notifications/NotificationUserInstance/List', { body: {} })).json() as Array<{ notificationName: string }>;
  for (const { id, type } of types) {
    const notificationName = `Bench ${type}`;
    if (mine.some((alert) => alert.notificationName === notificationName)) continue;
    const added = await user.request('POST', '/api/Notifications/AddNotificationUserInstance', { body: { notificationMasterId: id, notificationName } });
    if (added.statusCode !== 200) throw new Error(`${email} ${type}: ${added.statusCode} ${added.body}`);
  }
}

// ---------------------------------------------------------------- the interactive calls
const rep = new TestBrowser(app);
if ((await rep.login('rep@tradeboard.example', DEMO_PASSWORD)).statusCode !== 200) throw new Error('rep@ sign-in failed');
const { rows: typed } = await db.query<{ part: string }>(
  "SELECT lower(split_part(customer_name, ' ', 1)) AS part FROM erp.customer WHERE sales_rep = 'SR01' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
);
const interactive = [
  () => rep.request('POST', '/api/Invoice/KPI', { body: { dateSlug: 'year-to-date' } }),
  () => rep.request('POST', '/api/Customer/Search/true', { body: { searchString: typed[0]!.part, pageSize: 50 } }),
  () => rep.request('GET', '/api/Notifications/UnreadCount'),
];

/** Times `count` interactive calls one after another (or until `until` settles), cache emptied before each. */
async function probe(count: number, until?: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void until?.finally(() => (settled = true));
  const ms: number[] = [];
  for (let i = 0; until ? !settled : i < count; i++) {
    clearAnalyticsCaches();
    const started = performance.now();
    const response = await interactive[i % interactive.length]!();
    ms.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`interactive call ${i % interactive.length}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  return ms;
}
const p95 = (xs: number[]) => percentile(xs, 95);

// ---------------------------------------------------------------- the run
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded';
console.log(`scale ${load.scale} (${Number(load.invoice_lines).toLocaleString('en-US')} invoice lines), ${kind}; ${emails.length} users × ${types.length} alert types`);
await probe(interactive.length); // warm the routes up
const alone = await probe(probes);
const started = performance.now();
const run = runNotifications(db, mailer, { customerMasterId: ORGANIZATION.id, publicUrl: 'http://localhost:8080' });
const during = await probe(0, run);
const delivered = await run;
const seconds = (performance.now() - started) / 1000;
const slower = (p95(during) / p95(alone) - 1) * 100;
console.log(`run: ${delivered.length} alerts evaluated, ${delivered.filter((d) => d.notificationId !== null).length} delivered, in ${seconds.toFixed(1)} s (goal ≤ 60 s)`);
console.log(`interactive p95: alone ${p95(alone).toFixed(0)} ms (${alone.length} calls), during the run ${p95(during).toFixed(0)} ms (${during.length} calls): ${slower >= 0 ? '+' : ''}${slower.toFixed(0)} % (goal ≤ +20 %)`);
await close();
