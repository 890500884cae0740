// A webpack loader for the contracts (shared/src/contracts/*.ts, after TypeScript is compiled away):
// the browser calls an endpoint by its contract's method and path (api-client.ts); the request and
// response schemas are the server's (validation, OpenAPI, fuzzing). Here every defineContract's
// schemas are left out, and then the schemas nothing else uses; exported ones stay (webpack drops
// what no module uses). With typebox-browser.mjs the contracts weigh their paths, not their schemas.
const path = require('node:path');
const { transformSync } = require('esbuild');
// webpack's own JavaScript parser (acorn), so the loader reads modules as webpack does.
const { Parser } = require(require.resolve('acorn', { paths: [path.dirname(require.resolve('webpack/package.json'))] }));

const SCHEMAS = new Set(['params', 'querystring', 'body', 'response']);

/** Every call in the module: the contracts only declare, so each may be dropped when its result is unused. */
function* callsIn(node) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'CallExpression') yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* callsIn(child);
    else if (value && typeof value === 'object') yield* callsIn(value);
  }
}

function* contractSchemas(node) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'defineContract' && node.arguments[0]?.type === 'ObjectExpression') {
    for (const property of node.arguments[0].properties) {
      const key = property.key?.name ?? property.key?.value;
      // A shorthand property (`{ params }`) is replaced whole, else only its value.
      if (property.type === 'Property' && !property.computed && SCHEMAS.has(key)) yield property.shorthand ? { ...property, replacement: `${key}: {}` } : { ...property.value, replacement: '{}' };
    }
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* contractSchemas(child);
    else if (value && typeof value === 'object') yield* contractSchemas(value);
  }
}

module.exports = function contractsBrowserLoader(source) {
  const ast = Parser.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const schemas = [...contractSchemas(ast)];
  if (!schemas.length) return source;
  const pure = [...callsIn(ast)].map((call) => ({ start: call.start, end: call.start, replacement: '/* @__PURE__ */ ' }));
  // Edits from the end, so earlier offsets hold; a call inside a replaced schema goes with it.
  const edits = [...schemas, ...pure.filter((call) => !schemas.some((schema) => schema.start <= call.start && call.start < schema.end))];
  let result = source;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) result = `${result.slice(0, edit.start)}${edit.replacement}${result.slice(edit.end)}`;
  return transformSync(result, { format: 'esm', treeShaking: true, target: 'es2020' }).code;
};
