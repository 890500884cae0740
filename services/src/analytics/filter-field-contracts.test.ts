/**
 * The filter fields the contracts declare (shared/src/contracts/filter-fields.ts) are exactly
 * what the routes take: every call whose search request takes filters is listed; an unknown field
 * is a 400 listing the declared fields, in their order; a filter on each declared field answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allContracts, CALL_FILTER_FIELDS, callFilterFields, fillPath, type Contract } from '@tradeboard/shared/contracts';
import { useErpServices } from './erp-test-kit.ts';

const kit = useErpServices();

type Schema = { type?: string; const?: unknown; enum?: string[]; anyOf?: Schema[]; minimum?: number; properties?: Record<string, Schema>; required?: string[] };

/** The body's object schema when it is a search request that takes filters. */
function filteredBody(contract: Contract): Schema | undefined {
  const body = contract.body as Schema | undefined;
  return [body, ...(body?.anyOf ?? [])].find((schema) => schema?.properties?.filters?.anyOf?.[0]?.type === 'array');
}

/** Path values that name rows of the demo data (an account's contacts, an invoice's notes, a contract's items). */
const ids: Record<string, string> = {};

function valueFor(name: string, schema: Schema): unknown {
  if (name === 'dateSlug') return 'last-month';
  if (name === 'firstOfMonth' || /date/i.test(name)) return '2026-10-01';
  if (ids[name]) return ids[name];
  if (schema.anyOf) return valueFor(name, schema.anyOf[0]!);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return 'X';
}

const required = (schema: Schema | undefined) =>
  Object.fromEntries((schema?.required ?? []).filter((name) => name !== 'filters').map((name) => [name, valueFor(name, schema!.properties![name]!)]));

async function filterBy(contract: Contract, field: string) {
  const owner = ['ShipTo', 'Corporate', 'Supplier'].find((account) => contract.path.startsWith(`/${account}/`) && contract.path.includes('{company}'));
  ids.company = ids[`${owner?.toLowerCase() ?? 'customer'}Company`]!;
  const browser = contract.path.includes('{primary}') ? kit.users.rep : kit.users.admin;
  const body = { ...required(filteredBody(contract)), filters: [{ field, comparison: 'include', values: ['X'] }] };
  const query = new URLSearchParams(required(contract.querystring as Schema | undefined) as Record<string, string>).toString();
  return kit.post(browser, `${fillPath(contract.path, required(contract.params as Schema | undefined))}${query ? `?${query}` : ''}`, body);
}

const filtered = allContracts.filter((c) => c.service === 'analytics' && filteredBody(c)).map((c) => [`${c.method} ${c.path}`, c] as const);

beforeAll(async () => {
  const [customer] = await kit.sql(`SELECT company, customer FROM erp.customer WHERE sales_rep = 'SR01' ORDER BY customer LIMIT 1`);
  const [shipTo] = await kit.sql(`SELECT company, ship_to FROM erp.ship_to WHERE sales_rep = 'SR01' ORDER BY ship_to LIMIT 1`);
  const [invoice] = await kit.sql(`SELECT invoice_number FROM erp.invoice_note ORDER BY 1 LIMIT 1`);
  const [corporate] = await kit.sql(`SELECT company, corporate FROM erp.corporate ORDER BY corporate LIMIT 1`);
  const [supplier] = await kit.sql(`SELECT company, supplier FROM erp.supplier ORDER BY supplier LIMIT 1`);
  const [contract] = await kit.sql(`SELECT job_number FROM erp.contract ORDER BY company, job_number LIMIT 1`);
  Object.assign(ids, {
    customer: customer!.customer,
    accountId: customer!.customer,
    customerCompany: customer!.company,
    shipTo: shipTo!.ship_to,
    shiptoCompany: shipTo!.company,
    corporate: corporate!.corporate,
    corporateCompany: corporate!.company,
    supplier: supplier!.supplier,
    supplierCompany: supplier!.company,
    invoiceNumber: invoice!.invoice_number,
    jobPriceHeaderUid: contract!.job_number,
  });
});

describe('filter fields', () => {
  it('are declared for every data call that takes filters, and only for those', () => {
    expect(filtered.length).toBeGreaterThanOrEqual(100);
    expect(filtered.map(([, c]) => c.path).sort()).toEqual(Object.keys(CALL_FILTER_FIELDS).sort());
  });

  it.each(filtered)('%s takes each declared field and refuses any other, listing them', async (_route, contract) => {
    const fields = callFilterFields(contract.path)!;
    const unknown = await filterBy(contract, 'nope');
    expect([unknown.status, unknown.body.message]).toEqual([400, `Unknown filter field 'nope'; expected one of ${fields.join(', ')}`]);
    const refused: string[] = [];
    for (const field of fields) {
      const { status, body } = await filterBy(contract, field);
      if (status !== 200) refused.push(`${field}: ${status} ${body.message}`);
    }
    expect(refused).toEqual([]);
  });
});
