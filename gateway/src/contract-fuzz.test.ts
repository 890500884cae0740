/**
 * Contract-driven fuzzing (issue 22 §2, DESIGN §6): every contract route — today's and any added
 * later, since the routes come from `allContracts` — is sent malformed input derived from its
 * TypeBox schemas (wrong types, NUL bytes, lone surrogates, unbounded and non-finite numbers,
 * ids past int4, deep bodies, prototype keys, absurd dates, extra fields, oversize strings) in
 * its path, query and body, and must answer every one below 500, a 4xx with the one error body
 * (a 2xx is fine where the input happened to be valid).
 *
 * Each route gets one input per class of bad input (every field of a kind spoiled at once), the
 * unknown fields no contract declares, a prototype key and an absurd date in each string field
 * in turn, and FUZZ_RUNS inputs with one random field spoiled; a spoiled field sits in the
 * route's smallest valid input, so the bad value reaches the handler rather than stopping at
 * another field. Inputs come from a seed: FUZZ_SEED=<n> replays a run; a failure names it.
 * Session routes are called as the admin, public ones anonymously. FUZZ_LOG=error prints the
 * server's log of a 5xx (its stack).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, type Contract } from '@tradeboard/shared/contracts';
import { DEMO_PASSWORD } from '@tradeboard/services/demo';
import { generateErpData } from '@tradeboard/services/demo/erp';
import type { TestBrowser } from '@tradeboard/services/testing';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 22);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const TODAY = '2026-11-20';
const ADMIN = 'admin@tradeboard.example';

/** JSON text sent as it is: numbers JSON.stringify cannot write (1e400) and nesting it would overflow on. */
class Raw {
  constructor(readonly json: string) {}
  toString() {
    return this.json;
  }
}

const deepObject = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const deepArray = (depth: number) => new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);

/** The bad values the classes spoil every field of a kind with. */
const BAD = {
  nul: 'a\u0000b',
  surrogate: 'x\ud800y',
  oversize: 'x'.repeat(100_000),
  int4: 2 ** 31,
  huge: 1e308,
  infinite: new Raw('1e400'),
  negative: -1,
  fraction: 1.5,
};

/** Bad values for one string field: most pass a schema's "a string" and reach the handler. */
const BAD_STRINGS = [
  BAD.nul,
  BAD.surrogate,
  '\udfff',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '0001-01-01_9999-12-31',
  '9999-12-31',
  '0000-00-00',
  '2024-02-30',
  '1899-12-31_2101-01-01',
  BAD.oversize,
  'x'.repeat(1000),
  '',
  ' ',
  "' OR 1=1 --",
  '%_\\',
  '1e400',
  'Infinity',
  'NaN',
  '-1',
  '2147483648',
];
const BAD_NUMBERS = [BAD.int4, 2 ** 53, BAD.huge, -BAD.huge, BAD.infinite, new Raw('-1e400'), BAD.negative, 0, BAD.fraction, -(2 ** 31) - 1, 'Infinity', 'NaN', '1e400', '0x10'];
const WRONG_TYPES = [null, true, {}, [], { a: 1 }, [1, 'a'], 'text', 12];

type Schema = Record<string, any>;
type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'other';

function kindOf(schema: Schema): Kind {
  if ('const' in schema) return typeof schema.const === 'string' ? 'string' : typeof schema.const === 'number' ? 'integer' : 'other';
  if (schema.anyOf?.every((s: Schema) => typeof s.const === 'string')) return 'string';
  if (['string', 'integer', 'number', 'boolean', 'object', 'array'].includes(schema.type)) return schema.type;
  return 'other';
}

/** Replaces what a schema would generate: a bad value for the field, or undefined to generate a valid one. */
type Spoiler = (schema: Schema) => fc.Arbitrary<unknown> | undefined;

/** Values of `schema`, valid except where `spoil` says otherwise. */
function arbitrary(schema: Schema, spoil: Spoiler): fc.Arbitrary<unknown> {
  const spoiled = spoil(schema);
  if (spoiled) return spoiled;
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s: Schema) => arbitrary(s, spoil)));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      return fc.integer({ min, max: Math.min(schema.maximum ?? min + 200, min + 200) });
    }
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'date') return fc.constantFrom('2026-11-20', '2025-01-01');
      if (schema.format === 'email') return fc.constantFrom(ADMIN, 'rep@tradeboard.example');
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 12, 12) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitrary(schema.items ?? {}, spoil), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      if (schema.properties) {
        const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([key, s]) => [key, arbitrary(s, spoil)]));
        return fc.record(properties, { requiredKeys: schema.required ?? [] });
      }
      const values = Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)[0] ?? {};
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitrary(values, spoil), { maxKeys: 3 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const constant = (value: unknown) => fc.constant(value);
const isNumeric = (schema: Schema) => kindOf(schema) === 'integer' || kindOf(schema) === 'number';

/** Every field of a kind spoiled at once: the classes of bad input that every route is sent. */
const CLASSES: Record<string, Spoiler> = {
  'NUL in every string': (s) => (kindOf(s) === 'string' ? constant(BAD.nul) : undefined),
  'a lone surrogate in every string': (s) => (kindOf(s) === 'string' ? constant(BAD.surrogate) : undefined),
  'an oversize string in every string': (s) => (kindOf(s) === 'string' ? constant(BAD.oversize) : undefined),
  '2^31 in every number': (s) => (isNumeric(s) ? constant(BAD.int4) : undefined),
  '1e308 in every number': (s) => (isNumeric(s) ? constant(BAD.huge) : undefined),
  '1e400 in every number': (s) => (isNumeric(s) ? constant(BAD.infinite) : undefined),
  '-1 in every number': (s) => (isNumeric(s) ? constant(BAD.negative) : undefined),
  '1.5 in every number': (s) => (isNumeric(s) ? constant(BAD.fraction) : undefined),
  'an object in every field': (s) => (kindOf(s) !== 'object' ? constant({ a: [1] }) : undefined),
};

/** Fields no contract declares, added to an object body: prototype keys and deep nesting. */
const EXTRA_FIELDS: Record<string, Record<string, unknown>> = {
  'a 20,000-deep unknown field': { unknownField: deepObject(20_000) },
  'a 20,000-deep unknown array': { unknownField: deepArray(20_000) },
  'prototype keys as fields': { ['__proto__']: { isAdmin: true }, constructor: { prototype: { isAdmin: true } } },
};

/** Bad values for one field, by its kind: mostly those that pass a schema and reach the handler. */
function badValues(schema: Schema): fc.Arbitrary<unknown> {
  const wrongType = fc.constantFrom<unknown>(...WRONG_TYPES);
  switch (kindOf(schema)) {
    case 'string':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom<unknown>(...BAD_STRINGS) }, wrongType);
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom<unknown>(...BAD_NUMBERS) }, wrongType);
    case 'array':
      return fc.oneof(fc.constantFrom<unknown>(Array.from({ length: 5000 }, () => 1), deepArray(20_000)), wrongType);
    case 'object':
      return fc.oneof(fc.constantFrom<unknown>(deepObject(20_000)), wrongType);
    default:
      return wrongType;
  }
}

/**
 * Valid values for fields whose schema only says "a string", so that the one spoiled field next
 * to them is what the handler trips on (an unknown dateSlug would answer 400 before a groupBy is
 * looked up).
 */
const VALID_STRINGS: Record<string, string> = { dateSlug: 'last-month', company: '01' };

/** Stands for "no value given" where undefined could be the value. */
const ABSENT = Symbol('absent');

/** The smallest valid value of a schema (required properties only), with `value` at `path` unless ABSENT. */
function baselineWith(schema: Schema, name: string, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0 && value !== ABSENT) return value;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const branch = schema.anyOf.find((s: Schema) => (path.length ? s.properties?.[path[0]!] ?? s.items : s.type !== 'null')) ?? schema.anyOf[0];
    return baselineWith(branch, name, path, value);
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'string':
      if (Object.hasOwn(VALID_STRINGS, name)) return VALID_STRINGS[name];
      if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: SEED, numRuns: 1 })[0];
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'boolean':
      return false;
    case 'array': {
      const length = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length }, (_, i) => baselineWith(schema.items ?? {}, name, i === 0 ? path.slice(1) : [], i === 0 ? value : ABSENT));
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = new Set<string>([...(schema.required ?? []), ...(path.length ? [String(path[0])] : [])]);
      return Object.fromEntries(
        [...keys].map((key) => [key, baselineWith(properties[key] ?? {}, key, key === path[0] ? path.slice(1) : [], key === path[0] ? value : ABSENT)]),
      );
    }
    default:
      return null;
  }
}

type Field = { part: 'params' | 'querystring' | 'body'; path: Array<string | number>; schema: Schema };

/** Every field a schema declares, at any depth (an array's items as its element 0). */
function fieldsOf(schema: Schema | undefined, part: Field['part'], path: Array<string | number> = []): Field[] {
  if (!schema) return [];
  if (schema.anyOf && kindOf(schema) === 'other') return schema.anyOf.flatMap((s: Schema) => (s.type === 'null' ? [] : fieldsOf(s, part, path)));
  const own = path.length ? [{ part, path, schema }] : [];
  if (schema.type === 'object' && schema.properties) {
    return [...own, ...Object.entries(schema.properties as Record<string, Schema>).flatMap(([key, s]) => fieldsOf(s, part, [...path, key]))];
  }
  if (schema.type === 'array') return [...own, ...fieldsOf(schema.items, part, [...path, 0])];
  return own;
}

type Input = { params: Record<string, unknown>; query: Record<string, unknown> | undefined; body: unknown };

/** The route's smallest valid input, with `value` at one field's place when given. */
function inputWith(contract: Contract, field?: Field, value: unknown = ABSENT): Input {
  const part = (name: Field['part']) => {
    const schema = contract[name] as Schema | undefined;
    if (!schema) return undefined;
    const spoiled = field?.part === name;
    return baselineWith(schema, name, spoiled ? field.path : [], spoiled ? value : ABSENT);
  };
  return { params: (part('params') ?? {}) as Record<string, unknown>, query: part('querystring') as Record<string, unknown> | undefined, body: contract.method === 'GET' ? undefined : (part('body') ?? {}) };
}

/** Inputs with every field of a kind spoiled (a class), valid elsewhere. */
function classInputs(contract: Contract, spoil: Spoiler): fc.Arbitrary<Input> {
  const part = (schema: Schema | undefined) => (schema ? arbitrary(schema, spoil) : fc.constant(undefined));
  return fc.tuple(part(contract.params), part(contract.querystring), part(contract.body)).map(([params, query, body]) => ({
    params: (params ?? {}) as Record<string, unknown>,
    query: query as Record<string, unknown> | undefined,
    body: contract.method === 'GET' ? undefined : (body ?? {}),
  }));
}

/**
 * Values a handler may use as a key or a date: each string field gets them one at a time (all at
 * once, the first field checked would answer 400 for the others). Any inherited member of
 * Object.prototype trips a lookup written as `table[key]`; the years 1 and 9999 trip date sums.
 */
const KEYS_AND_DATES = [['__proto__', 'constructor', 'toString'], ['0001-01-01_9999-12-31', '9999-12-31']];

function keyAndDateInputs(contract: Contract): Array<readonly [string, Input]> {
  const fields = [...fieldsOf(contract.params, 'params'), ...fieldsOf(contract.querystring, 'querystring'), ...fieldsOf(contract.body, 'body')];
  const free = fields.filter((field) => field.schema.type === 'string');
  return free.flatMap((field, i) =>
    KEYS_AND_DATES.map((values) => {
      const value = values[i % values.length]!;
      return [`${value} in ${field.part}.${field.path.join('.')}`, inputWith(contract, field, value)] as const;
    }),
  );
}

/** Inputs with one field spoiled and the rest the smallest valid input. */
function oneFieldInputs(contract: Contract): fc.Arbitrary<Input> | undefined {
  const fields = [...fieldsOf(contract.params, 'params'), ...fieldsOf(contract.querystring, 'querystring'), ...fieldsOf(contract.body, 'body')];
  if (fields.length === 0) return undefined;
  return fc.constantFrom(...fields).chain((field) => badValues(field.schema).map((value) => inputWith(contract, field, value)));
}

/** JSON text of a value, with Raw parts as they are and own `__proto__` keys kept. */
function toJson(value: unknown): string {
  if (value instanceof Raw) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, v]) => `${JSON.stringify(key)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes a URL part; a lone surrogate becomes the (invalid) UTF-8 bytes a careless client would send. */
function encodePart(value: unknown): string {
  const text = typeof value === 'object' && value !== null && !(value instanceof Raw) ? toJson(value) : String(value);
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

function urlOf(contract: Contract, input: Input): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePart(input.params[name] ?? 1));
  const query = Object.entries(input.query ?? {}).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodePart(key)}=${encodePart(v)}`),
  );
  return `/api${path}${query.length ? `?${query.join('&')}` : ''}`;
}

/** A short, readable account of an input for a failure message. */
function describeInput(input: Input): string {
  return JSON.stringify(input, (_key, value) =>
    value instanceof Raw ? `<raw ${value.json.slice(0, 20)}… (${value.json.length} chars)>` : typeof value === 'string' && value.length > 60 ? `<${value.length} chars>` : value,
  );
}

/** A seed per route, so adding a route does not change the inputs of the others. */
function routeSeed(route: string): number {
  return (SEED ^ createHash('sha256').update(route).digest().readInt32BE(0)) | 0;
}

let gateway: TestGateway;
let admin: TestBrowser;

async function signIn(browser: TestBrowser): Promise<void> {
  const response = await browser.login(ADMIN, DEMO_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  process.env.TRADEBOARD_TODAY = TODAY;
  gateway = await startTestGateway({ LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent' });
  await generateErpData(gateway.db, { scale: 0.002, today: new Date(2026, 10, 20) });
  admin = gateway.browser('10.22.0.1');
  await signIn(admin);
}, 300_000);
afterAll(async () => {
  delete process.env.TRADEBOARD_TODAY;
  await gateway?.close();
});

/** Whether an answer is below 500 and, when an error, has the one error body. */
function answersWell(response: { statusCode: number; body: string }): boolean {
  if (response.statusCode >= 500) return false;
  if (response.statusCode < 400) return true;
  const error = JSON.parse(response.body) as Record<string, unknown>;
  return error.statusCode === response.statusCode && typeof error.error === 'string' && typeof error.message === 'string';
}

async function send(browser: TestBrowser, contract: Contract, input: Input) {
  const body = input.body === undefined ? undefined : toJson(input.body);
  return browser.request(contract.method, urlOf(contract, input), {
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
}

describe.each(allContracts.map((contract) => [`${contract.method} ${contract.path}`, contract] as const))('%s', (route, contract) => {
  it('answers malformed input with a 4xx and the one error body, never a 5xx', async () => {
    const seed = routeSeed(route);
    const oneField = oneFieldInputs(contract);
    const cases: Array<readonly [string, Input]> = [
      ...Object.entries(CLASSES).map(([name, spoil]) => [name, fc.sample(classInputs(contract, spoil), { seed, numRuns: 1 })[0]!] as const),
      ...(contract.method === 'GET'
        ? []
        : Object.entries(EXTRA_FIELDS).map(([name, extra]) => {
            const input = inputWith(contract);
            return [name, { ...input, body: { ...(input.body as object), ...extra } }] as const;
          })),
      ...keyAndDateInputs(contract),
      ...(oneField ? fc.sample(oneField, { seed, numRuns: RUNS }).map((input, i) => [`one field spoiled (${i + 1})`, input] as const) : []),
    ];
    const failures: string[] = [];
    for (const [name, input] of cases) {
      // Public calls go anonymously (a sign-in or sign-out there must not touch the admin's session).
      const browser = contract.access === 'public' ? gateway.browser('10.22.1.1') : admin;
      const response = await send(browser, contract, input);
      if (!answersWell(response)) failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 200)} for ${describeInput(input)}`);
      // A fuzzed call may end the admin's session (a sign-out, a token refresh): sign in again for the next.
      if (contract.access === 'session' && response.statusCode === 401) await signIn(admin);
    }
    expect(failures, `${route} (FUZZ_SEED=${SEED} reproduces)`).toEqual([]);
  });
});

describe('under malformed calls', () => {
  // A request's bad input must fail that request only: not the database connection, not the queue.
  it('keeps answering legitimate signed-in reads while malformed public calls hammer the server', async () => {
    await signIn(admin);
    const forgotPassword = allContracts.find((c) => c.path === '/Authenticate/ForgotPassword')!;
    const inputs = [
      ...Object.values(CLASSES).map((spoil) => fc.sample(classInputs(forgotPassword, spoil), { seed: SEED, numRuns: 1 })[0]!),
      ...fc.sample(oneFieldInputs(forgotPassword)!, { seed: SEED, numRuns: 30 }),
    ];
    const attacker = gateway.browser('10.22.2.1');
    // Fetch the attacker's anti-forgery token first: concurrent first calls would each fetch their own.
    expect(answersWell(await send(attacker, forgotPassword, inputWith(forgotPassword)))).toBe(true);
    const malformed = inputs.flatMap((input) => [send(attacker, forgotPassword, input), send(attacker, forgotPassword, input)]);
    const reads = Array.from({ length: 40 }, (_, i) => admin.request('GET', ['/api/Board/All', '/api/User/GetBySession', '/api/System/SiteMenu', '/api/Notifications/UnreadCount'][i % 4]!));
    const [bad, good] = await Promise.all([Promise.all(malformed), Promise.all(reads)]);
    expect.soft(bad.filter((r) => !answersWell(r) || r.statusCode === 403).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(good.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
  });
});
