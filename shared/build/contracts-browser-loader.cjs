// A webpack loader for the contracts (shared/src/contracts/*.ts, after TypeScript is compiled away):
// the browser calls an endpoint by its contract's method and path (api-client.ts); the rest (schemas,
// summary, service, access) is the server's (validation, OpenAPI, fuzzing). Here every
// defineContract's other fields are left out, and then the schemas nothing else uses. The exported
// schemas an app imports stay (each app bundles the contracts it calls: shared/build/webpack.mjs) but
// as typebox-browser.mjs would build them: every schema call but an object's (whose properties the
// contracts spread and read) is `{}`, and an object's options go. The contracts weigh their paths
// and names, not their schemas.
const path = require('node:path');
const { transformSync } = require('esbuild');
// webpack's own JavaScript parser (acorn), so the loader reads modules as webpack does.
const { Parser } = require(require.resolve('acorn', { paths: [path.dirname(require.resolve('webpack/package.json'))] }));

/** What the browser reads of a contract; the rest goes. */
const KEPT = new Set(['method', 'path']);

/** Every call in the module: the contracts only declare, so each may be dropped when its result is unused. */
function* callsIn(node) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'CallExpression') yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* callsIn(child);
    else if (value && typeof value === 'object') yield* callsIn(value);
  }
}

function* serverOnlyFields(node) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'defineContract' && node.arguments[0]?.type === 'ObjectExpression') {
    for (const property of node.arguments[0].properties) {
      const key = property.key?.name ?? property.key?.value;
      // A shorthand property (`{ params }`) is replaced whole, else only its value.
      if (property.type === 'Property' && !property.computed && !KEPT.has(key)) yield property.shorthand ? { ...property, replacement: `${key}: {}` } : { ...property.value, replacement: '{}' };
    }
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* serverOnlyFields(child);
    else if (value && typeof value === 'object') yield* serverOnlyFields(value);
  }
}

/** typebox-browser.mjs builds these; every other builder answers `{}`. */
const BUILT = new Set(['Object', 'Partial']);

/** The schema builder calls (`Type.X(…)`) as typebox-browser.mjs answers them: `{}`, or an object without its options. */
function* builderCalls(node) {
  for (const call of callsIn(node)) {
    const { callee } = call;
    if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Type' || callee.computed) continue;
    if (!BUILT.has(callee.property.name)) yield { start: call.start, end: call.end, replacement: '({})' };
    else if (callee.property.name === 'Object' && call.arguments.length > 1) yield { start: call.arguments[0].end, end: call.end - 1, replacement: '' };
  }
}

module.exports = function contractsBrowserLoader(source) {
  const ast = Parser.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const fields = [...serverOnlyFields(ast)];
  const builders = [...builderCalls(ast)];
  // A module of contracts, or of schemas they use (choices.ts: its date choices read the dates' slugs).
  if (!fields.length && !builders.length) return source;
  const pure = [...callsIn(ast)].map((call) => ({ start: call.start, end: call.start, replacement: '/* @__PURE__ */ ' }));
  // The outermost edits only, from the end, so earlier offsets hold: an edit inside a replaced range goes with it.
  const replaced = [...fields, ...builders].sort((a, b) => a.start - b.start || b.end - a.end);
  const outermost = replaced.filter((edit, i) => !replaced.slice(0, i).some((outer) => outer.start <= edit.start && edit.end <= outer.end && outer !== edit));
  const edits = [...outermost, ...pure.filter((call) => !outermost.some((edit) => edit.start <= call.start && call.start < edit.end))];
  let result = source;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) result = `${result.slice(0, edit.start)}${edit.replacement}${result.slice(edit.end)}`;
  return transformSync(result, { format: 'esm', treeShaking: true, target: 'es2020' }).code;
};
