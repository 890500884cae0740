/**
 * `npm run erp:import -- <path> [--load-valid-rows] [--full-refresh table,table] [--as email]`: loads
 * an ERP extract — a ZIP of CSV/XLSX files, one XLSX workbook, one CSV, or a directory of
 * <table>.csv files (CSV files are streamed, so of any size) — into the database (DATABASE_URL,
 * else the embedded one in DATA_DIR, default ./data), printing each step's progress with the
 * elapsed time and an estimate, then the report and where the time went.
 * Exits 1 when the load was rejected, failed or cancelled (Ctrl-C cancels and rolls back).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../db/index.ts';
import { readExtractPath } from './extract.ts';
import { runErpLoad, type LoadProgress } from './load.ts';

const { values, positionals } = parseArgs({
  options: {
    'load-valid-rows': { type: 'boolean', default: false },
    'full-refresh': { type: 'string', default: '' },
    as: { type: 'string' },
  },
  allowPositionals: true,
  strict: true,
});
const target = positionals[0];
if (!target) {
  console.error('Usage: npm run erp:import -- <extract.zip | workbook.xlsx | table.csv | directory> [--load-valid-rows] [--full-refresh table,table] [--as email]');
  process.exit(2);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
let lastPrinted = 0;
let lastStep = '';
function printProgress(p: LoadProgress): void {
  const now = performance.now();
  if (p.step === lastStep && (p.done >= p.total || now - lastPrinted < 1000)) return;
  lastPrinted = now;
  lastStep = p.step;
  const share = p.total > 1 ? ` ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}` : '';
  const estimate = p.estimateMs !== null && p.done < p.total ? `, about ${seconds(p.estimateMs)} left` : '';
  console.log(`[${seconds(p.elapsedMs)}] ${p.label}${share}${estimate}`);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR || './data' });
const controller = new AbortController();
process.once('SIGINT', () => {
  console.log('Cancelling: the load rolls back, the previous data stays');
  controller.abort();
});
try {
  await migrate(database.db);
  const startedBy = values.as
    ? (await database.db.query<{ id: number }>('SELECT user_master_id AS id FROM app.user_master WHERE lower(email) = lower($1) AND home_user_master_id IS NULL', [values.as])).rows[0]?.id ?? null
    : null;
  if (values.as && startedBy === null) throw new Error(`There is no user ${values.as}`);
  const result = await runErpLoad(database.db, () => readExtractPath(target), {
    source: 'cli',
    fileName: path.basename(target),
    startedBy,
    loadValidRows: values['load-valid-rows'],
    fullRefresh: values['full-refresh'].split(',').filter(Boolean),
    signal: controller.signal,
    onProgress: printProgress,
  });
  for (const problem of result.problems.slice(0, 50)) {
    console.log(`  ${problem.file} row ${problem.row}${problem.column ? ` ${problem.column}` : ''}${problem.value ? ` '${problem.value}'` : ''}: ${problem.reason} — ${problem.message}`);
  }
  if (result.problemCount > 50) console.log(`  … and ${result.problemCount - 50} more (erp.load_run ${result.runId} keeps the first 1000)`);
  for (const [table, counts] of Object.entries(result.tableRows)) {
    console.log(`  erp.${table.padEnd(22)} ${counts.written.toLocaleString('en-US').padStart(12)} written ${counts.deleted.toLocaleString('en-US').padStart(10)} deleted`);
  }
  if (result.timings) {
    const t = result.timings;
    console.log(`  time: open ${seconds(t.open)}, read and check ${seconds(t.read)}, write (beyond the reading) ${seconds(t.write)}, indexes ${seconds(t.indexes)}, `
      + `touched keys ${seconds(t.touched)}, rollups ${seconds(t.rollups)}, commit ${seconds(t.commit)}, statistics ${seconds(t.analyze)}`);
  }
  if (result.rollups) console.log(`  rollups ${result.rollups}`);
  console.log(`Load run ${result.runId}: ${result.status} in ${seconds(result.elapsedMs)}. ${result.message}`);
  if (result.status !== 'loaded') process.exitCode = 1;
} catch (error) {
  console.error(`ERP import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
