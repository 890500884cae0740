import { callFilterFields, type Contract } from '@tradeboard/shared/contracts';
import { SESSION_COOKIE, XSRF_HEADER } from '@tradeboard/services';

type Schema = { description?: string; properties?: Record<string, Schema>; required?: string[]; type?: string };

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, unknown> };
};

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The session cookie sign-in sets (__Host-${SESSION_COOKIE} on HTTPS)`,
  },
  antiforgery: {
    type: 'apiKey',
    in: 'header',
    name: XSRF_HEADER,
    description: 'The token GET /Authenticate/GenerateAntiforgeryToken answers, on every call that changes something',
  },
};

/** A session for session calls, the anti-forgery token for every call but a GET. */
function securityOf(contract: Contract) {
  const antiforgery = contract.method === 'GET' ? {} : { antiforgery: [] };
  return contract.access === 'session' ? [{ session: [], ...antiforgery }] : contract.method === 'GET' ? [] : [antiforgery];
}

/**
 * A schema as client generators read it best: a union of string constants (TypeBox's
 * Type.Union of literals) becomes the same values as one `enum`; the rest is unchanged.
 */
function forClients<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(forClients) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const { anyOf, ...rest } = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forClients(value)])) as Record<string, unknown>;
  const constants = Array.isArray(anyOf) && anyOf.every((b: Record<string, unknown>) => typeof b.const === 'string' && Object.keys(b).every((k) => k === 'const' || k === 'type'));
  if (constants) return { ...rest, type: 'string', enum: (anyOf as Array<{ const: string }>).map((b) => b.const) } as T;
  return (anyOf === undefined ? rest : { ...rest, anyOf }) as T;
}

function parametersOf(contract: Contract) {
  const parameters: unknown[] = [];
  for (const [location, schema] of [
    ['path', contract.params as Schema | undefined],
    ['query', contract.querystring as Schema | undefined],
  ] as const) {
    const required = new Set(schema?.required ?? []);
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      parameters.push({
        name,
        in: location,
        required: location === 'path' || required.has(name),
        ...(property.description ? { description: property.description } : {}),
        schema: forClients(property),
      });
    }
  }
  return parameters;
}

function requestBodyOf(contract: Contract) {
  const body = contract.body as Schema | undefined;
  if (!body) return {};
  return {
    requestBody: {
      // Type.Optional(...) bodies may be left out.
      required: (body as Record<symbol | string, unknown>)['~optional'] !== true,
      ...(body.description ? { description: body.description } : {}),
      content: { 'application/json': { schema: forClients(body) } },
    },
  };
}

/** The gateway's own files a client reads besides the API (DESIGN §3, seed 000 §4): served from the site's root. */
const SITE_FILES: OpenApiDocument['paths'] = {
  '/version.json': {
    servers: [{ url: '/', description: 'The site root' }],
    get: {
      summary: 'The version being served; a client that sees it change offers a reload (never cached)',
      tags: ['gateway'],
      security: [],
      responses: {
        200: {
          description: 'The version',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['version'],
                properties: { version: { type: 'string', description: "A digest of the shell's and the remotes' entry files" } },
              },
            },
          },
        },
      },
    },
  },
  '/remotes/manifest.json': {
    servers: [{ url: '/', description: 'The site root' }],
    get: {
      summary: 'The micro-frontend remotes the shell loads: each one with its entry and, when served here, its routes and renderers',
      tags: ['gateway'],
      security: [],
      responses: {
        200: {
          description: 'The remotes',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['remotes'],
                properties: {
                  remotes: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id', 'name', 'entry', 'enabled'],
                      properties: {
                        id: { type: 'string', description: 'The remote (auth, boards, …)' },
                        name: { type: 'string', description: 'Its Module Federation container name' },
                        entry: { type: 'string', description: 'The URL of its remoteEntry.js (another origin when its team deploys it there)' },
                        enabled: { type: 'boolean', description: 'Whether the shell loads it' },
                        disabledReason: { type: 'string', description: 'Why it is off' },
                        routes: { type: 'array', items: { type: 'string' }, description: 'The path prefixes it owns' },
                        public: { type: 'boolean', description: 'Whether its routes show without a session' },
                        renderers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Board component renderers it exposes: key → exposed module' },
                        sidebar: { type: 'string', description: 'The exposed module the sidebar shows under its section' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

/** The fields a call's search request may filter on (shared/src/contracts/filter-fields.ts), as an extension of its operation; a call without a body (GET /Inventory/Details beside its POST) takes none. */
function filterFieldsOf(contract: Contract): { 'x-filterFields'?: readonly string[] } {
  const fields = contract.body ? callFilterFields(contract.path) : undefined;
  return fields ? { 'x-filterFields': fields } : {};
}

/**
 * OpenAPI 3.1 built from the contracts alone, so proxied services are documented too. The
 * contracts' TypeBox schemas are JSON Schema 2020-12, the dialect 3.1 speaks: they go in as they
 * are, with their enumerations (groupBy, dateSlug and the other fixed choices) and descriptions.
 */
export function openApiFromContracts(contracts: readonly Contract[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const contract of contracts) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(contract.response)) {
      const text = (schema as Schema).type === 'string';
      responses[status] =
        status === '204'
          ? { description: 'No Content' }
          : { description: contract.summary, content: { [text ? 'text/plain' : 'application/json']: { schema: forClients(schema) } } };
    }
    paths[contract.path] ??= {};
    paths[contract.path]![contract.method.toLowerCase()] = {
      summary: contract.summary,
      tags: [contract.service],
      parameters: parametersOf(contract),
      ...requestBodyOf(contract),
      ...filterFieldsOf(contract),
      responses,
      security: securityOf(contract),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tradeboard API',
      version,
      description:
        'Every call of the Tradeboard backend. State-changing calls need the X-XSRF-TOKEN header from GET /Authenticate/GenerateAntiforgeryToken; calls marked with a lock need a signed-in session cookie. A value outside a parameter\'s choices answers 400 with the choices.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/api' }],
    paths: { ...paths, ...SITE_FILES },
    components: { securitySchemes: SECURITY_SCHEMES },
  };
}
