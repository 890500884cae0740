import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint's import boundaries and cycle rule must bite: a config change that drops or narrows
// them fails here. Each case lints a probe file as if it sat in the real tree (it need not exist)
// and imports a real module across (or within) a boundary.
const ROOT = path.resolve(import.meta.dirname, '..');
const REMOTES = readdirSync(ROOT).filter((name) => name.startsWith('mf-'));
// The repository's config as it is, less the cycle rule (which walks each probe's whole import graph; tested below).
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function ruleIds(file: string, importPath: string, statement = (from: string) => `import '${from}';`): Promise<string[]> {
  const [result] = await eslint.lintText(`${statement(importPath)}\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

/** An import from `file` of `target` (a path from the root, or a package), as written in `file`. */
function specifier(file: string, target: string): string {
  return target.startsWith('@') ? target : path.relative(path.dirname(path.join(ROOT, file)), path.join(ROOT, target));
}

type Case = [file: string, target: string];

// Every remote's webpack.config.mjs exists (each is a federated app), so it stands for its source.
const forbidden: Case[] = [
  ...REMOTES.flatMap((remote): Case[] => [
    ...REMOTES.filter((other) => other !== remote).map((other): Case => [`${remote}/src/probe.ts`, `${other}/webpack.config.mjs`]),
    [`${remote}/src/probe.ts`, 'shell/src/index.ts'],
    [`${remote}/src/probe.ts`, 'services/src/index.ts'],
    ['shell/src/probe.tsx', `${remote}/webpack.config.mjs`],
    ['shared/src/web/probe.ts', `${remote}/webpack.config.mjs`],
    ['gateway/src/probe.ts', `${remote}/webpack.config.mjs`],
    ['services/src/probe.ts', `${remote}/webpack.config.mjs`],
  ]),
  ['shared/src/probe.ts', 'gateway/src/gateway.ts'],
  ['shared/src/boards/probe.ts', 'services/src/index.ts'],
  ['shared/src/contracts/probe.ts', 'shared/src/web/index.ts'],
  ['services/src/probe.ts', '@tradeboard/shared/web'],
  ['services/src/probe.ts', '@tradeboard/shared/ui'],
  ['services/src/probe.ts', '@tradeboard/shared/boards'],
  ['services/src/probe.ts', 'gateway/src/gateway.ts'],
  ['gateway/src/probe.ts', 'shell/src/index.ts'],
  ['gateway/src/probe.ts', 'shared/src/web/index.ts'],
];

const allowed: Case[] = [
  ...REMOTES.map((remote): Case => [`${remote}/src/probe.tsx`, '@tradeboard/shared/web']),
  ['shell/src/probe.tsx', '@tradeboard/shared/ui'],
  ['gateway/src/probe.ts', '@tradeboard/services'],
  ['gateway/src/probe.ts', '@tradeboard/shared/contracts'],
  ['services/src/probe.ts', '@tradeboard/shared/contracts'],
  // The services' tests build their calls with the board components' own request builder.
  ['services/src/analytics/probe.test.ts', '@tradeboard/shared/boards'],
];

describe('the lint holds the architecture', { timeout: 120_000 }, () => {
  it.each(forbidden)('refuses %s importing %s', async (file, target) => {
    expect(await ruleIds(file, specifier(file, target))).toContain('import-x/no-restricted-paths');
  });

  it.each(allowed)('lets %s import %s', async (file, target) => {
    expect(await ruleIds(file, specifier(file, target))).toEqual([]);
  });

  it('refuses a dynamic import or a re-export across a boundary too', async () => {
    const file = 'shell/src/probe.ts';
    const target = specifier(file, `${REMOTES[0]}/webpack.config.mjs`);
    expect(await ruleIds(file, target, (from) => `void import('${from}');`)).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(file, target, (from) => `export * from '${from}';`)).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    // The fixtures are ignored by the real lint (eslint.config.js), so they are linted here with ignores off.
    const results = await new ESLint({ cwd: ROOT, ignore: false }).lintFiles(['scripts/lint-fixtures/cycle-a.ts', 'scripts/lint-fixtures/cycle-b.ts']);
    expect(results.map((result) => result.messages.map((message) => message.ruleId))).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  });
});
