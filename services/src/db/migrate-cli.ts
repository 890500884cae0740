// pnpm db:migrate — applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' });
try {
  const applied = await migrate(database.db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
