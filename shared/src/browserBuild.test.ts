import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build module without type declarations
import { Type } from '../build/typebox-browser.mjs';

// What the browser builds (shared/build/webpack.mjs) leave out, and that what they keep still works.
const require = createRequire(import.meta.url);
const antdZeroRuntime = require('../build/antd-zero-runtime-loader.cjs') as (source: string) => string;
const contractsForBrowser = require('../build/contracts-browser-loader.cjs') as (source: string) => string;
const compiled = (file: string) => transformSync(readFileSync(path.join(import.meta.dirname, file), 'utf8'), { loader: 'ts', format: 'esm', target: 'es2020' }).code;

describe('the browser builds', () => {
  it("give antd's style hooks a style function that draws nothing, and drop what only the old one used", () => {
    const source = [
      "import { genStyleHooks } from '../../theme/internal';",
      "import { prepareComponentToken } from './token';",
      'const genShape = (token) => ({ [token.componentCls]: { borderRadius: token.radius } });',
      "export default genStyleHooks('Button', (token) => [genShape(token)], prepareComponentToken, { unitless: { fontWeight: true } });",
    ].join('\n');
    const output = antdZeroRuntime(source);
    expect(output).toContain('genStyleHooks("Button", () => [], prepareComponentToken');
    expect(output).not.toContain('genShape');
    expect(antdZeroRuntime('export const x = 1;')).toBe('export const x = 1;');
  });

  it("keep each contract's method and path and leave its schemas and the server's fields out", () => {
    const output = contractsForBrowser(compiled('contracts/boards.ts'));
    expect(output).toContain('"/DynamicPage/{boardMasterId}"');
    expect(output).not.toMatch(/response:\s*\{\s*200/);
    expect(output).not.toContain('summary: "');
    expect(output.length).toBeLessThan(compiled('contracts/boards.ts').length);
  });

  it('build exported schemas as the browser builders would: objects keep their property names, every other schema is {}', () => {
    const output = contractsForBrowser(
      [
        "import { Type } from 'typebox';",
        "import { defineContract } from './contract.ts';",
        "export const Row = Type.Object({ id: Type.Integer({ minimum: 1 }), kind: Type.Union([Type.Literal('a'), Type.Literal('b')]) }, { additionalProperties: false, description: 'A row' });",
        "export const Page = Type.Array(Row, { maxItems: 500 });",
        "export const rowGet = defineContract({ method: 'GET', path: '/Row/{id}', service: 'boards', summary: 'One row', access: 'session', params: Type.Object({ id: Type.Integer() }), response: { 200: Row } });",
      ].join('\n'),
    );
    expect(output).toMatch(/Row = \/\* @__PURE__ \*\/ Type\.Object\(\{\s*id: \{\},\s*kind: \{\}\s*\}\)/);
    expect(output).toMatch(/Page = \{\}/);
    expect(output).not.toMatch(/maxItems|additionalProperties|A row|One row|Literal/);
    expect(output).toContain('"/Row/{id}"');
  });

  it("build a module of schemas alone the same way, so what only its schemas read goes (the date choices' slugs)", () => {
    const output = contractsForBrowser(compiled('contracts/choices.ts'));
    expect(output).toMatch(/DateSlug = \{\}/);
    // The dates' import alone is left: webpack leaves the dates out (their modules are side-effect free).
    expect(output.match(/DATE_SLUGS/g)).toHaveLength(1);
  });

  it('build schemas that keep only what the contracts read while they are defined', () => {
    const row = Type.Object({ id: Type.Integer(), name: Type.String() });
    expect(Object.keys(Type.Partial(Type.Object({ ...row.properties, extra: Type.Boolean() })).properties)).toEqual(['id', 'name', 'extra']);
    expect(Type.Union([Type.Literal('a'), Type.Null()])).toEqual({});
  });
});
