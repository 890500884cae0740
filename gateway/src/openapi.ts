import type { Contract } from '@tradeboard/shared/contracts';

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
};

function parametersOf(contract: Contract) {
  const parameters: unknown[] = [];
  for (const [location, schema] of [
    ['path', contract.params],
    ['query', contract.querystring],
  ] as const) {
    const properties = (schema as { properties?: Record<string, unknown>; required?: string[] } | undefined)?.properties ?? {};
    const required = new Set((schema as { required?: string[] } | undefined)?.required ?? []);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  return parameters;
}

/** OpenAPI 3 built from the contracts alone, so proxied services are documented too. */
export function openApiFromContracts(contracts: readonly Contract[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const contract of contracts) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(contract.response)) {
      const text = (schema as { type?: string }).type === 'string';
      responses[status] =
        status === '204'
          ? { description: 'No Content' }
          : { description: contract.summary, content: { [text ? 'text/plain' : 'application/json']: { schema } } };
    }
    paths[contract.path] ??= {};
    paths[contract.path]![contract.method.toLowerCase()] = {
      summary: contract.summary,
      tags: [contract.service],
      parameters: parametersOf(contract),
      ...(contract.body ? { requestBody: { required: true, content: { 'application/json': { schema: contract.body } } } } : {}),
      responses,
      ...(contract.access === 'public' ? { security: [] } : {}),
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Tradeboard API',
      version,
      description:
        'Every call of the Tradeboard backend. State-changing calls need the X-XSRF-TOKEN header from GET /Authenticate/GenerateAntiforgeryToken; calls marked with a lock need a signed-in session cookie.',
    },
    servers: [{ url: '/api' }],
    paths,
  };
}
