// A webpack loader for antd's style modules (antd/es/**/style/*.js). antd runs in zero-runtime mode
// (DESIGN §3): its static stylesheet is extracted at build time and the style hooks return before
// they call a component's style function. So the style functions are dead code in the browser, yet
// every page downloaded them (about a quarter of antd). Here each style hook gets a style function
// that draws nothing; what only it used is then unused, and the minifier drops it. The hooks and
// the component tokens (CSS variables, still computed at run time) are kept as they are.
const path = require('node:path');
const { transformSync } = require('esbuild');
// webpack's own JavaScript parser (acorn), so the loader reads modules as webpack does.
const { Parser } = require(require.resolve('acorn', { paths: [path.dirname(require.resolve('webpack/package.json'))] }));

const STYLE_HOOKS = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

function* calls(node) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && STYLE_HOOKS.has(node.callee.name)) yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* calls(child);
    else if (value && typeof value === 'object') yield* calls(value);
  }
}

module.exports = function antdZeroRuntimeLoader(source) {
  const ast = Parser.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const styleFunctions = [...calls(ast)].map((call) => call.arguments[1]).filter(Boolean);
  let result = source;
  for (const fn of styleFunctions.sort((a, b) => b.start - a.start)) result = `${result.slice(0, fn.start)}() => []${result.slice(fn.end)}`;
  // Drop the module's declarations nothing uses any more (its exports and imports stay: webpack
  // drops what no other module uses).
  return styleFunctions.length ? transformSync(result, { format: 'esm', treeShaking: true, target: 'es2020' }).code : source;
};
