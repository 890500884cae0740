import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Input every route refuses, whatever its contract says (DESIGN §6), so a new route is safe
 * without thinking about it:
 * - bodies nested deeper than MAX_BODY_DEPTH: deep nesting in any field, declared or not, would
 *   overflow the stack of whatever walks it later (the validator, a cache key's serializer). The
 *   JSON parser itself is iterative, so this is checked on the parsed body, before validation,
 *   and the body parsers stay Fastify's (which the proxy of the split topology extends);
 * - strings with a NUL character, which PostgreSQL text cannot hold (the statement fails), or an
 *   unpaired UTF-16 surrogate, which is no character at all and cannot be encoded as UTF-8 — in
 *   any value or key of the body, the query string or the path;
 * - numbers that are not finite. JSON has none, but `1e400` parses to Infinity, and the validator
 *   coerces a path or query `1e400` or `Infinity` to Infinity and then skips its bounds (Ajv's
 *   strictNumbers), so they are checked after the schema, on the values the handler gets.
 */
export const MAX_BODY_DEPTH = 32;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null && !Buffer.isBuffer(value);

/** Whether a parsed value nests objects or arrays more than `limit` deep; level by level, without recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  let level = [value].filter(isContainer);
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > limit) return true;
    level = level.flatMap((container) => Object.values(container).filter(isContainer));
  }
  return false;
}

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_TEXT = 'must not contain a NUL character or an unpaired surrogate';

/** What is wrong with the first value or key in `value` that no handler should see, naming it by its dotted path; undefined when all is well. */
export function malformedInput(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? `${path} ${UNSTORABLE_TEXT}` : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} must be a finite number`;
  if (!isContainer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const field = `${path}.${key}`;
    if (UNSTORABLE.test(key)) return `${field} ${UNSTORABLE_TEXT}`;
    const problem = malformedInput(item, field);
    if (problem) return problem;
  }
  return undefined;
}

export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) throw new HttpError(400, `body is nested more than ${MAX_BODY_DEPTH} levels deep`);
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const problem =
      malformedInput(request.params, 'params') ?? malformedInput(request.query, 'querystring') ?? malformedInput(request.body, 'body');
    if (problem) throw new HttpError(400, problem);
  });
}
