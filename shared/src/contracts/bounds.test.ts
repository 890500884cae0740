import { describe, expect, it } from 'vitest';
import { INT4_MAX } from './common.ts';
import { allContracts } from './index.ts';

type Schema = Record<string, any>;

/** What is unbounded in a schema a caller fills in, as "path: problem" lines. */
function unbounded(schema: Schema | undefined, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const problems: string[] = [];
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  if (schema.type === 'integer' && !(low >= -INT4_MAX - 1 && high <= INT4_MAX)) problems.push(`${path}: integer outside int4 (use Int4 or RowId)`);
  if (schema.type === 'number' && !(Number.isFinite(low) && Number.isFinite(high))) problems.push(`${path}: number without finite bounds (use BoundedNumber)`);
  if (schema.type === 'string' && !('const' in schema) && !schema.enum && schema.maxLength === undefined) problems.push(`${path}: string without maxLength`);
  if (schema.type === 'array' && schema.maxItems === undefined) problems.push(`${path}: array without maxItems`);
  for (const branch of schema.anyOf ?? []) problems.push(...unbounded(branch, path));
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) problems.push(...unbounded(property, `${path}.${key}`));
  for (const value of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)) problems.push(...unbounded(value, `${path}.*`));
  problems.push(...unbounded(schema.items, `${path}[]`));
  return problems;
}

describe('every contract input', () => {
  // DESIGN §6: out-of-range input must be a 400 from the validator, never a database error.
  it('is bounded: integers within int4, finite numbers, strings and arrays with a maximum length', () => {
    const problems = allContracts.flatMap((contract) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => unbounded(contract[part], `${contract.method} ${contract.path} ${part}`)),
    );
    expect(problems).toEqual([]);
  });
});
