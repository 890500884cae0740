/**
 * The OpenAPI document is enough to generate a client from: valid OpenAPI 3.1, every path
 * parameter declared with its choices (groupBy, dateSlug), every body field typed and the search
 * request's described (with the fields each call filters on), and the site files a client reads besides the API documented too.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allContracts, CALL_FILTER_FIELDS } from '@tradeboard/shared/contracts';
import { openApiFromContracts } from './openapi.ts';

type Schema = { type?: string; enum?: string[]; anyOf?: Schema[]; pattern?: string; description?: string; properties?: Record<string, Schema>; items?: Schema };
type Parameter = { name: string; in: string; required: boolean; schema: Schema; description?: string };
type Operation = { parameters?: Parameter[]; requestBody?: { content: { 'application/json': { schema: Schema } } }; security: unknown[]; 'x-filterFields'?: string[] };

const document = openApiFromContracts(allContracts, 'test');
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, path, operation: operation as Operation })),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares every path parameter, each with its schema', () => {
    const problems = operations.flatMap(({ route, path, operation }) => {
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      return declared.sort().join() === inPath.sort().join() ? [] : [`${route}: ${declared.join()} for ${inPath.join()}`];
    });
    expect(problems).toEqual([]);
  });

  it('enumerates the choices of every groupBy and dateSlug path parameter', () => {
    const parameters = operations.flatMap(({ route, operation }) => (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ route, ...p })));
    const groupBys = parameters.filter((p) => p.name === 'groupBy');
    const dateSlugs = parameters.filter((p) => p.name === 'dateSlug');
    expect(groupBys.length).toBeGreaterThan(25);
    expect(dateSlugs.length).toBeGreaterThan(8);
    expect(groupBys.filter((p) => !(p.schema.type === 'string' && p.schema.enum?.length && p.description)).map((p) => p.route)).toEqual([]);
    for (const { schema } of dateSlugs) {
      expect(schema.anyOf?.map((branch) => branch.enum ?? branch.pattern)).toEqual([expect.arrayContaining(['last-month', 'year-to-date']), expect.any(String), expect.any(String)]);
    }
    // Other fixed sets (unions of constants in the contracts) are enumerations too.
    const basis = operations.find((o) => o.route === 'POST /Booking/Grouped/{groupBy}/{dateSlug}')!.operation.parameters!.find((p) => p.name === 'bookingDateBasis');
    expect(basis?.schema).toEqual({ type: 'string', enum: ['OrderLineDate', 'BookingDate'] });
    // No path parameter is a bare string: each has a length bound, a pattern, a set of values or a description.
    const bare = parameters.filter((p) => p.schema.type === 'string' && !p.schema.enum && !p.schema.pattern && !p.description && !('maxLength' in p.schema));
    expect(bare.map((p) => `${p.route} ${p.name}`)).toEqual([]);
  });

  it('types every request body field and describes the search request', () => {
    const untyped: string[] = [];
    const undescribed = new Set<string>();
    const search = ['searchString', 'searchOperator', 'sortBy', 'sortDir', 'pageSize', 'pageNumber', 'filters'];
    for (const { route, operation } of operations) {
      const body = operation.requestBody?.content['application/json'].schema;
      // A search request (seed 000 §3): its search text and paging at least.
      const isSearch = ['searchString', 'pageSize', 'pageNumber'].every((name) => body?.properties?.[name]);
      for (const [name, field] of Object.entries(body?.properties ?? {})) {
        if (!field.type && !field.anyOf && !field.enum && !field.description) untyped.push(`${route} ${name}`);
        if (isSearch && search.includes(name) && !field.description) undescribed.add(`${route} ${name}`);
      }
      const filter = isSearch ? body?.properties?.filters?.anyOf?.[0]?.items : undefined;
      for (const [name, field] of Object.entries(filter?.properties ?? {})) if (!field.description) undescribed.add(`${route} filters.${name}`);
    }
    expect(untyped).toEqual([]);
    expect([...undescribed]).toEqual([]);
  });

  it('lists the filter fields of every data call that takes filters', () => {
    const listed = operations.filter((o) => o.operation['x-filterFields']);
    expect(listed.map((o) => o.path).sort()).toEqual(Object.keys(CALL_FILTER_FIELDS).sort());
    const fields = (route: string) => operations.find((o) => o.route === route)!.operation['x-filterFields'];
    expect(fields('POST /Inventory/Details')).toContain('location');
    expect(fields('POST /Invoice/Grouped')).not.toContain('location');
  });

  it('says which calls need a session and which the anti-forgery token', () => {
    const byRoute = new Map(operations.map((o) => [o.route, o.operation.security]));
    expect(byRoute.get('POST /Invoice/Grouped')).toEqual([{ session: [], antiforgery: [] }]);
    expect(byRoute.get('GET /Board/All')).toEqual([{ session: [] }]);
    expect(byRoute.get('POST /Authenticate/CookieLogin')).toEqual([{ antiforgery: [] }]);
    expect(byRoute.get('GET /ping')).toEqual([]);
  });

  it("documents the site files a client reads: /version.json and /remotes/manifest.json, from the site's root", () => {
    for (const path of ['/version.json', '/remotes/manifest.json']) {
      expect(document.paths[path]).toMatchObject({ servers: [{ url: '/' }], get: { responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } } } });
    }
  });
});
