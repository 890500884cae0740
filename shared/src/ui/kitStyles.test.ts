import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { kebab, kitComponents, withRenderedComponents } from '../../build/antd-styles.mjs';

// antd runs in zero-runtime mode: every style the kit's components need must be in the stylesheet
// the build extracts (shared/build/antd-styles.mjs), or they would show unstyled.
const SCRIPT = path.resolve(import.meta.dirname, '../../build/antd-styles.mjs');
/** Components antd styles with another's rules (AutoComplete is a Select: `.ant-select-auto-complete`). */
const STYLED_AS: Readonly<Record<string, string>> = { AutoComplete: 'Select' };
const cssPrefix = (name: string) => `.ant-${kebab(STYLED_AS[name] ?? name)}`;

describe("the UI kit's static antd styles", () => {
  const components: string[] = kitComponents();

  it("lists the kit's antd components, not its types", () => {
    expect(components).toEqual(expect.arrayContaining(['Button', 'Layout', 'Menu', 'Modal', 'Table', 'Select', 'App']));
    expect(components).not.toContain('MenuProps');
    expect(components).not.toContain('TableProps');
  });

  it('adds the antd components the kit components render', () => {
    const rendered: string[] = withRenderedComponents(['Table', 'App'], new Set(['Table', 'Pagination', 'Checkbox', 'Spin', 'Empty', 'App', 'Dropdown', 'Tooltip']));
    expect(rendered).toEqual(expect.arrayContaining(['Table', 'Pagination', 'Checkbox', 'Spin', 'Empty', 'message', 'notification']));
  });

  it('the stylesheet styles every kit component, unhashed, with the theme left to CSS variables', { timeout: 60_000 }, () => {
    const result = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(result.status, result.stderr).toBe(0);
    const css = result.stdout;
    const unstyled = components.filter((name) => name !== 'ConfigProvider' && !css.includes(`${cssPrefix(name)}`));
    expect(unstyled).toEqual([]);
    for (const part of ['.ant-pagination', '.ant-message', '.ant-popover', '.ant-checkbox']) expect(css).toContain(part);
    expect(css).not.toMatch(/:where\(\.css-/);
    // Token values come from the runtime only (the user's theme), never from the stylesheet.
    expect(css).not.toMatch(/\.css-var-[^{]*\{/);
    expect(css).not.toMatch(/--ant-color-primary:/);
    // No rule for every link of the page: antd's link reset stays inside its components.
    expect(css).not.toMatch(/(?:^|[},])a(?:[:[{])/);
    expect(css).toContain(':where([class*="css-var-"]) a{');
    expect(css).toContain('var(--ant-color-primary)');
  });
});
