import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestTemplates } from './test-db.ts';

/**
 * Vitest's global set-up for the server tests: the run's templates (migrated; with the demo ERP
 * data), which every test file's database copies (createTestDatabase) instead of running each
 * migration, and generating the data, again.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-template-'));
  const removeTemplates = await createTestTemplates(dir);
  return async () => {
    await removeTemplates();
    rmSync(dir, { recursive: true, force: true });
  };
}
