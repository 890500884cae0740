/**
 * The fixed sets of values the contracts enumerate (shared/src/contracts/choices.ts) are exactly
 * what the routes take: every groupBy choice of every contract is answered on the demo data (no
 * 400), a value outside the set is a 400 that names the parameter and lists the choices; every
 * dateSlug is the one DateSlug schema, and a route takes each of its choices.
 */
import { describe, expect, it } from 'vitest';
import { allContracts, DateSlug, fillPath, type Contract } from '@tradeboard/shared/contracts';
import { DATE_SLUGS } from '@tradeboard/shared/dates';
import { useErpServices } from './erp-test-kit.ts';

const kit = useErpServices();

type Schema = { type?: string; enum?: string[]; anyOf?: Schema[]; minimum?: number; properties?: Record<string, Schema>; required?: string[] };
type Part = 'params' | 'body';

/** Where a contract takes its groupBy and the choices it enumerates. */
function groupByOf(contract: Contract): { part: Part; choices: string[] } | undefined {
  for (const part of ['params', 'body'] as const) {
    const choices = (contract[part] as Schema | undefined)?.properties?.groupBy?.enum;
    if (choices) return { part, choices };
  }
  return undefined;
}

/** A valid value for a required field other than groupBy. */
function valueFor(name: string, schema: Schema): unknown {
  if (name === 'dateSlug') return 'last-month';
  if (name === 'firstOfMonth') return '2026-10-01';
  if (name === 'fiscalYearSlug') return 'current';
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer') return schema.minimum ?? 1;
  throw new Error(`No test value for ${name}`);
}

/** The required fields of a part with groupBy set, a page of one row where the body pages. */
function partWith(schema: Schema | undefined, groupBy: { value: string; here: boolean }, body: boolean): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const properties = schema.properties ?? {};
  const values: Record<string, unknown> = Object.fromEntries(
    (schema.required ?? []).filter((name) => name !== 'groupBy').map((name) => [name, valueFor(name, properties[name]!)]),
  );
  if (groupBy.here) values.groupBy = groupBy.value;
  if (body && properties.pageSize) values.pageSize = 1;
  return values;
}

async function call(contract: Contract, where: Part, groupBy: string) {
  const params = partWith(contract.params as Schema | undefined, { value: groupBy, here: where === 'params' }, false);
  const body = partWith(contract.body as Schema | undefined, { value: groupBy, here: where === 'body' }, true) ?? {};
  return kit.post(kit.users.admin, fillPath(contract.path, params), body);
}

const grouped = allContracts.flatMap((contract) => {
  const groupBy = groupByOf(contract);
  return groupBy ? [[`${contract.method} ${contract.path}`, contract, groupBy] as const] : [];
});

describe('groupBy choices', () => {
  it('are enumerated by every contract that takes a groupBy', () => {
    const untyped = allContracts.filter((c) => !groupByOf(c) && ['params', 'body'].some((part) => (c[part as Part] as Schema | undefined)?.properties?.groupBy));
    expect(untyped.map((c) => c.path)).toEqual([]);
    expect(grouped.length).toBeGreaterThanOrEqual(40);
  });

  it.each(grouped)('%s answers each of its choices and refuses any other, naming them', async (_route, contract, { part, choices }) => {
    const refused: string[] = [];
    for (const choice of choices) {
      const { status, body } = await call(contract, part, choice);
      if (status !== 200) refused.push(`${choice}: ${status} ${body.message}`);
    }
    expect(refused).toEqual([]);
    const wrong = await call(contract, part, 'nope');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`${part}.groupBy 'nope' must be one of: ${choices.join(', ')}`);
  });
});

describe('dateSlug', () => {
  it('is the one DateSlug schema wherever a contract takes it', () => {
    const schema = JSON.stringify(DateSlug);
    const other = allContracts.flatMap((c) =>
      (['params', 'body'] as const).flatMap((part) => {
        const property = (c[part] as Schema | undefined)?.properties?.dateSlug;
        return property && JSON.stringify(property) !== schema ? [`${c.path} ${part}`] : [];
      }),
    );
    expect(other).toEqual([]);
  });

  it('is answered for every fixed choice, a custom date and a custom range; anything else is a 400 listing them', async () => {
    const { admin } = kit.users;
    const refused: string[] = [];
    for (const dateSlug of [...DATE_SLUGS, '2026-02-28', '2025-11-01_2026-10-31']) {
      const { status, body } = await kit.post(admin, '/Invoice/KPI', { dateSlug });
      if (status !== 200) refused.push(`${dateSlug}: ${status} ${body.message}`);
    }
    expect(refused).toEqual([]);
    for (const dateSlug of ['soon', '2026-13-01', '1899-12-31', '2026-10-31_2026-11']) {
      const { status, body } = await kit.post(admin, '/Invoice/Quarterly/' + dateSlug);
      expect([status, body.message]).toEqual([400, expect.stringContaining(`params.dateSlug '${dateSlug}' must be one of: today, yesterday, `)]);
      expect(body.message).toContain('last-fiscal-quarter, a custom date (yyyy-mm-dd), a custom range (yyyy-mm-dd_yyyy-mm-dd, from first)');
    }
    // Within the pattern but not a day of the calendar, or a range ending before it starts: the service says so.
    expect((await kit.post(admin, '/Invoice/KPI', { dateSlug: '2026-02-30' })).body.message).toBe("Unknown dateSlug '2026-02-30'");
    expect((await kit.post(admin, '/Invoice/KPI', { dateSlug: '2026-10-31_2026-10-01' })).status).toBe(400);
  });
});
