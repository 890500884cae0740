// The browser's `typebox` (webpack.mjs aliases it for the shell and every remote). The browser
// reads only a contract's method and path; its schemas are checked by the server. So the schema
// builders here keep just what the contracts' own code reads while they are defined (an object's
// `properties`, spread into another object) and build nothing else: the real TypeBox (~19 KiB
// gzip) stays out of every page.
const builders = {
  Object: (properties, options) => ({ ...options, type: 'object', properties }),
  Partial: (schema) => schema,
};

export const Type = new Proxy(builders, { get: (target, name) => target[name] ?? (() => ({})) });
