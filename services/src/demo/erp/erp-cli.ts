/**
 * `npm run db:seed -- [--scale N] [--seed N] [--today yyyy-mm-dd]`: the demo application data
 * (when the database has none) and a fresh load of the demo ERP data.
 * Uses DATABASE_URL when set (PostgreSQL), else the embedded database in DATA_DIR (default ./data).
 * Applies pending migrations first, prints progress and the elapsed time.
 */
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../../db/index.ts';
import { seedApplication } from '../app-seed.ts';
import { generateErpData } from './generate.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string' },
    seed: { type: 'string' },
    today: { type: 'string' },
  },
  strict: true,
});

function numberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number, got '${text}'`);
  return value;
}

function todayOption(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`--today must be yyyy-mm-dd, got '${text}'`);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
const scale = numberOption('scale', values.scale) ?? 1;
const seed = numberOption('seed', values.seed);
const today = todayOption(values.today);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
try {
  console.log(`[${elapsed()}] ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${dataDir}`}; migrating`);
  const applied = await migrate(database.db);
  if (applied.length > 0) console.log(`[${elapsed()}] applied ${applied.join(', ')}`);
  if (await seedApplication(database.db)) console.log(`[${elapsed()}] demo users, roles, sections and settings created`);
  const result = await generateErpData(database.db, {
    scale,
    seed,
    today,
    onProgress: (message) => console.log(`[${elapsed()}] ${message}`),
  });
  console.log(`[${elapsed()}] load ${result.loadId}: ${result.invoiceLines.toLocaleString('en-US')} invoice lines, ${result.dataFrom} to ${result.dataThrough}`);
  for (const [table, rows] of Object.entries(result.rows)) console.log(`  erp.${table.padEnd(22)} ${rows.toLocaleString('en-US').padStart(12)}`);
  console.log(`Done in ${elapsed()}`);
} catch (error) {
  console.error(`[${elapsed()}] ERP load failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
