import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestTemplate } from './test-db.ts';

/**
 * Vitest's global set-up for the server tests: one migrated template per run, which every test
 * file's database copies (createTestDatabase) instead of running each migration again.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-template-'));
  const removeTemplate = await createTestTemplate(path.join(dir, 'migrated.tar'));
  return async () => {
    await removeTemplate();
    rmSync(dir, { recursive: true, force: true });
  };
}
