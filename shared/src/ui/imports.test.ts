import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The UI kit (`@tradeboard/shared/ui`) is the only way to antd and its icons: it is shared as one
// Module Federation singleton whose component set is the same in every app by construction.
// A direct import would bundle a second, differently tree-shaken antd into an app.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const KIT = path.join(ROOT, 'shared/src/ui/index.ts');

/** import … from 'x', export … from 'x', import 'x', import('x'), require('x'), vi.mock('x'). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bmock\s*\(\s*)['"]([^'"]+)['"]/g;
const UI_LIBRARY = /^(?:antd|@ant-design\/icons)(?:\/|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

function appSourceDirs(): string[] {
  const apps = readdirSync(ROOT).filter((name) => name === 'shell' || name.startsWith('mf-'));
  return [...apps.map((app) => path.join(ROOT, app, 'src')), path.join(ROOT, 'shared/src/web')];
}

function specifiers(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1]!);
}

describe('UI imports', () => {
  it('scans the shell and every remote', () => {
    const dirs = appSourceDirs().map((dir) => path.relative(ROOT, dir));
    expect(dirs).toEqual(expect.arrayContaining(['shell/src', 'mf-auth/src']));
  });

  it('apps import antd and its icons only through @tradeboard/shared/ui', () => {
    const offenders = appSourceDirs()
      .flatMap(sourceFiles)
      .flatMap((file) =>
        specifiers(file)
          .filter((specifier) => UI_LIBRARY.test(specifier))
          .map((specifier) => `${path.relative(ROOT, file)}: '${specifier}'`),
      );
    expect(offenders, 'import these from @tradeboard/shared/ui (add them to shared/src/ui/index.ts)').toEqual([]);
  });

  it('the kit imports each icon on its own, never the icons barrel', () => {
    const icons = specifiers(KIT).filter((specifier) => specifier.startsWith('@ant-design/icons'));
    expect(icons.length).toBeGreaterThan(0);
    expect(icons.filter((specifier) => !/^@ant-design\/icons\/[A-Z]\w+$/.test(specifier))).toEqual([]);
  });

  it('recognises every form of import', () => {
    const probe = [
      "import { Button } from 'antd';",
      'import type { MenuProps } from "antd";',
      "import Bell from '@ant-design/icons/BellOutlined';",
      "export { Input } from 'antd/es/input';",
      "const icons = await import('@ant-design/icons');",
      "vi.mock('antd', () => ({}));",
      "import '@ant-design/icons-svg';",
    ].join('\n');
    const found = [...probe.matchAll(SPECIFIER)].map((match) => match[1]!).filter((s) => UI_LIBRARY.test(s));
    expect(found).toEqual(['antd', 'antd', '@ant-design/icons/BellOutlined', 'antd/es/input', '@ant-design/icons', 'antd']);
  });
});
