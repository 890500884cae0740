import ajvCompiler, { type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';

/** An error whose message is safe to show: it becomes the error body as it is (a 5xx's too). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message };
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Try again in a moment.';

// A database that is down, restarting or out of connections: SQLSTATE class 08 (connection
// exception), 57P01–57P03 (administrator or crash shutdown, cannot connect now) and 53300 (too
// many connections); the socket's own errors; and node-postgres's and its pool's lost or timed-out
// connections, which carry no code, only these messages.
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Whether an error says the database cannot be reached now (not that a statement was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
  return LOST_CONNECTION.test(error.message) || (error.cause !== undefined && isDatabaseUnavailable(error.cause));
}

/** Whether a statement was refused for a duplicate of a unique key (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * The one error handler: 4xx say what was wrong, 5xx never leak internals (only an HttpError's own
 * message). A database that cannot be reached is a 503 the client may retry, not a 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      const message = error instanceof HttpError ? error.message : (STATUS_TEXT[statusCode] ?? 'Internal Server Error');
      return reply.status(statusCode).send(errorBody(statusCode, message));
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    const validation = (error as FastifyError).validation;
    const message = validation ? `${(error as FastifyError).validationContext ?? 'request'}${describe(validation)}` : error.message;
    return reply.status(statusCode).send(errorBody(statusCode, message));
  });
}

const validatorsFactory = ajvCompiler();

type JsonSchema = { [keyword: string]: unknown };
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema with each "this or null" of a primitive (`anyOf: [{ type: 'integer', … }, { type: 'null' }]`,
 * TypeBox's Union with Null) as a type list (`type: ['integer', 'null']`), which means the same. Ajv
 * coerces a type list only when no type matches, but a union within its first branch: there a
 * `null` would become 0 (or '', or false) before the null branch is tried. Copies; never changes `schema`.
 */
export function withNullableTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypeLists);
  if (!isSchema(schema)) return schema;
  const copy: JsonSchema = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'const' || key === 'enum' || key === 'default' ? value : withNullableTypeLists(value)]));
  const branches = copy.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const [value, nothing] = branches as JsonSchema[];
    if (nothing?.type === 'null' && Object.keys(nothing).length === 1 && typeof value?.type === 'string' && !('anyOf' in value)) {
      const { anyOf: _union, ...rest } = copy;
      return { ...rest, ...value, type: [value.type, 'null'] };
    }
  }
  return copy;
}

/**
 * Each schema object's withNullableTypeLists copy, made once: Ajv keeps what it compiled by the
 * schema object, and the validator pool (validatorsFactory) gives every Fastify instance with the
 * same options the same Ajv, so a second instance in the process (each service test file's, the
 * split topology's services) reuses the first's validators instead of compiling every route again.
 */
const nullableTypeListsOf = new WeakMap<object, unknown>();
function withNullableTypeListsOnce(schema: unknown): unknown {
  if (!isSchema(schema)) return withNullableTypeLists(schema);
  if (!nullableTypeListsOf.has(schema)) nullableTypeListsOf.set(schema, withNullableTypeLists(schema));
  return nullableTypeListsOf.get(schema);
}

/**
 * The response serializers fast-json-stringify compiled, by response schema object and by the
 * serializer options and shared schemas they were compiled with: like the validators, compiled once
 * per process, not once per Fastify instance.
 */
const serializersFactory = SerializerSelector();
const serializerPools = new Map<string, WeakMap<object, (data: unknown) => string>>();

/**
 * The validation every Fastify instance takes (`Fastify({ ...VALIDATION })`): verbose errors carry
 * the schema that failed, so a value outside a fixed set is answered with the set (see describe);
 * text is coerced to its schema's types as Fastify does, and a null sent for a nullable value stays
 * null (withNullableTypeLists).
 */
export const VALIDATION = {
  ajv: { customOptions: { verbose: true } },
  schemaController: {
    compilersFactory: {
      buildValidator: ((externalSchemas, options) => {
        // Fastify calls the compiler with the route's definition (its types say a schema).
        const compile = validatorsFactory(externalSchemas, options) as unknown as (route: RouteDefinition) => ReturnType<ReturnType<BuildCompilerFromPool>>;
        const byRoute = (route: RouteDefinition) => compile({ ...route, schema: withNullableTypeListsOnce(route.schema) });
        return byRoute as unknown as ReturnType<BuildCompilerFromPool>;
      }) satisfies BuildCompilerFromPool,
      buildSerializer: ((externalSchemas, options) => {
        const compile = serializersFactory(externalSchemas, options);
        const poolKey = JSON.stringify([externalSchemas, options]);
        const compiled = serializerPools.get(poolKey) ?? new WeakMap();
        serializerPools.set(poolKey, compiled);
        return (route) => {
          const schema = route.schema;
          if (!isSchema(schema)) return compile(route);
          if (!compiled.has(schema)) compiled.set(schema, compile(route));
          return compiled.get(schema)!;
        };
      }) satisfies SerializerFactory,
    },
  },
} satisfies FastifyServerOptions;

type Schema = { enum?: unknown[]; const?: unknown; anyOf?: Schema[]; type?: string; description?: string };
type ValidationIssue = { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown>; parentSchema?: Schema; data?: unknown };

/** What a value may be, in words: a fixed set's values, a described pattern, null; undefined for anything else (an object). */
function alternatives(schema: Schema): string[] | undefined {
  if (schema.enum) return schema.enum.map(String);
  if ('const' in schema) return [String(schema.const)];
  if (schema.anyOf) {
    const each = schema.anyOf.map(alternatives);
    return each.every((a) => a !== undefined) ? each.flat() : undefined;
  }
  if (schema.type === 'null') return ['null'];
  return schema.type === 'string' && schema.description ? [schema.description] : undefined;
}

function describe(issues: readonly ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return ' is invalid';
  // A value outside a fixed set (an enumeration, or a union of values and described patterns):
  // the set, not the validator's account of each branch; the outermost union (reported last) first.
  for (const choice of [...issues].reverse().filter((i) => (i.keyword === 'anyOf' || i.keyword === 'enum') && i.parentSchema)) {
    const allowed = alternatives(choice.parentSchema!);
    if (allowed) return `${fieldOf(choice.instancePath)}${quoted(choice.data)} must be one of: ${allowed.join(', ')}`;
  }
  const field = fieldOf(issue.instancePath);
  const missing = issue.params?.missingProperty ?? issue.params?.requiredProperties;
  if (missing) return `${field} must have property ${String(missing)}`;
  const extra = issue.params?.additionalProperty;
  if (extra) return ` has unknown property ${String(extra)}`;
  return `${field} ${issue.message ?? 'is invalid'}`;
}

/** ` 'value'` for a string a caller sent (its start when long), nothing for anything else. */
function quoted(value: unknown): string {
  return typeof value === 'string' ? ` '${value.length > 40 ? `${value.slice(0, 40)}…` : value}'` : '';
}

/** `.a.b` for the instance path /a/b, nothing for the whole part. */
function fieldOf(instancePath: string | undefined): string {
  return instancePath ? `.${instancePath.replace(/^\//, '').replace(/\//g, '.')}` : '';
}
