// The lint run by `npm test` and `npm run lint`: the architecture's import boundaries, no import
// cycles, typescript-eslint's recommended rules (the syntactic set, so it stays fast; tsc checks
// types) and the rules of hooks. scripts/lint.test.ts proves the boundary and cycle rules bite.
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
/** Every remote: a folder named mf-*, so a new remote is held by the rules below without editing them. */
const REMOTES = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-'))
  .map((entry) => entry.name);
/** Code that only runs in the browser: a server must not carry it. */
const FRONT_END = ['shell', ...REMOTES, 'shared/src/web', 'shared/src/ui', 'shared/src/boards'];
const BACK_END = ['gateway', 'services'];

/**
 * The zones of import-x/no-restricted-paths (DESIGN §3: remotes are deployed on their own and
 * reach each other only through Module Federation). `serversMayUseBoards` lets the services' tests
 * and the gateway's load bench build their requests with the board components' own request
 * builder (shared/src/boards), as the board page does.
 */
function boundaries({ serversMayUseBoards = false } = {}) {
  const frontEnd = FRONT_END.filter((dir) => !(serversMayUseBoards && dir === 'shared/src/boards'));
  return [
    ...REMOTES.map((remote) => ({
      target: remote,
      from: ['shell', ...REMOTES.filter((other) => other !== remote), ...BACK_END],
      message: 'A remote imports only @tradeboard/shared; other remotes and the shell are reached through Module Federation (loadRemote).',
    })),
    {
      target: 'shell',
      from: [...REMOTES, ...BACK_END],
      message: 'The shell reaches remotes only through Module Federation (loadRemote), never their source.',
    },
    {
      target: 'shared',
      from: ['shell', ...REMOTES, ...BACK_END, 'e2e', 'scripts'],
      message: 'shared is imported by the apps, never the other way round.',
    },
    {
      // The parts of shared that servers import stay free of browser code, so a server never carries it.
      target: ['shared/src/contracts', 'shared/src/dates', 'shared/src/constants.ts', 'shared/src/api-client.ts', 'shared/src/user-settings.ts'],
      from: ['shared/src/web', 'shared/src/ui', 'shared/src/boards'],
      message: 'shared code that servers import must not import browser code (shared/src/web, ui, boards).',
    },
    {
      target: 'services',
      from: ['gateway', ...frontEnd],
      message: 'services never import front-end code or the gateway.',
    },
    {
      target: 'gateway',
      from: frontEnd,
      message: 'The gateway imports services and the non-web parts of shared only.',
    },
  ];
}

export default defineConfig([
  // scripts/lint-fixtures/ holds the import cycle that scripts/lint.test.ts lints on purpose.
  globalIgnores(['**/node_modules/', '**/dist/', '**/test-results/', '**/playwright-report/', 'data/', '.data-test/', 'scripts/lint-fixtures/']),
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // Follow imports into .ts/.tsx files too (no-cycle walks them; by default only .js is parsed).
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The workspace's own packages are followed; npm packages are not (no-cycle's ignoreExternal).
      'import-x/internal-regex': '^@tradeboard/',
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaries() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The code's convention: a leading _ marks a binding left unused on purpose (a property left out of a rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Test doubles, fixtures and benchmarks cast freely; and the analytics engine's SQL rows are
    // typed by each call's answer schema, not by the query runner.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/*-testing.ts', '**/*-test-kit.ts', 'e2e/**', '**/bench/**', 'services/src/analytics/engine.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['services/**/*.test.ts', 'gateway/bench/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaries({ serversMayUseBoards: true }) }],
    },
  },
  {
    files: ['shell/**', 'mf-*/**', 'shared/src/{web,ui,boards}/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
]);
