import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowId } from '@tradeboard/shared/contracts';
import { installErrorHandler } from './errors.ts';
import { installInputGuards, MAX_BODY_DEPTH, nestedDeeperThan } from './input-guard.ts';

const app = Fastify({ logger: false });
beforeAll(async () => {
  installErrorHandler(app);
  installInputGuards(app);
  app.post(
    '/echo/:id',
    { schema: { params: Type.Object({ id: RowId }), querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }) } },
    async (request) => ({ params: request.params, query: request.query, body: request.body }),
  );
  app.post('/named/:name', { schema: { params: Type.Object({ name: Type.String({ maxLength: 40 }) }) } }, async (request) => request.params);
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: string) => app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
/** A body whose field `x` holds arrays nested so that the body is `depth` levels deep. */
const nested = (depth: number) => `{"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('nestedDeeperThan', () => {
  it('counts objects and arrays inside one another', () => {
    expect(nestedDeeperThan(JSON.parse(nested(3)), 3)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(nested(4)), 3)).toBe(true);
    expect(nestedDeeperThan([{}, {}, [], { a: [1] }], 3)).toBe(false);
    expect(nestedDeeperThan('[[[[', 0)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), MAX_BODY_DEPTH)).toBe(true);
  });
});

describe('every route', () => {
  it('answers valid input as usual', async () => {
    const response = await post('/echo/7?q=hello', JSON.stringify({ text: 'fine 😀', nested: nested(MAX_BODY_DEPTH - 1) }));
    expect(response.statusCode).toBe(200);
    expect(response.json().params).toEqual({ id: 7 });
  });

  it.each([
    ['a body nested too deep in an unknown field', '/echo/1', `{"unknown":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, `body is nested more than ${MAX_BODY_DEPTH} levels deep`],
    ['NUL in a body value', '/echo/1', JSON.stringify({ a: { b: ['ok', 'x\u0000'] } }), 'body.a.b.1 must not contain a NUL character or an unpaired surrogate'],
    ['NUL in a body key', '/echo/1', JSON.stringify({ 'k\u0000': 1 }), 'body.k\u0000 must not contain a NUL character or an unpaired surrogate'],
    ['a lone high surrogate', '/echo/1', '{"a":"x\\ud800y"}', 'body.a must not contain a NUL character or an unpaired surrogate'],
    ['a lone low surrogate', '/echo/1', '{"a":"\\udfff"}', 'body.a must not contain a NUL character or an unpaired surrogate'],
    ['NUL in the query string', '/echo/1?q=a%00b', '{}', 'querystring.q must not contain a NUL character or an unpaired surrogate'],
    ['NUL in the path', '/named/a%00b', '{}', 'params.name must not contain a NUL character or an unpaired surrogate'],
    ['a number past 1e308 in the body', '/echo/1', '{"n":1e400}', 'body.n must be a finite number'],
    ['1e400 as an id', '/echo/1e400', '{}', 'params.id must be a finite number'],
    ['Infinity as an id', '/echo/-Infinity', '{}', 'params.id must be a finite number'],
  ])('refuses %s with 400 and the one error body naming the field', async (_name, url, payload, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });
});
