import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Check, Errors } from 'typebox/value';
import { buildPartRequest, implicitFilters } from '@tradeboard/shared/boards';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import { allContracts, ComponentConfig, type Contract } from '@tradeboard/shared/contracts';
import { call, scalar, signIn, type Services } from '../boards/boards-testing.ts';
import { startTestServices, type TestBrowser } from '../testing/index.ts';
import { seedApplication } from './app-seed.ts';
import { DEFAULT_BOARDS } from './boards-seed.ts';
import { COMPONENT_CATALOGUE } from './component-catalogue-all.ts';
import { DOCUMENT_LINKS_COMPONENT_ID, NOTES_COMPONENT_ID, type CatalogueMaster } from './component-catalogue.ts';
import { SECTION_BOARDS } from './component-catalogue-boards.ts';

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

const BUILT_IN = new Set([NOTES_COMPONENT_ID, DOCUMENT_LINKS_COMPONENT_ID]);
// The goal cards call their own goal calls (mf-goals' goalProgress renderer), like the built-ins their own.
const dataMasters = COMPONENT_CATALOGUE.filter((m) => !BUILT_IN.has(m.id) && m.renderer !== 'goalProgress');

/** What each output model's answer must hold (docs/component-config.md). */
const OUTPUT_SHAPES: Record<string, { top: string[]; rows: 'rows' | 'periods' | null; row?: string[] }> = {
  Grouped: { top: ['totals', 'rows', 'totalCount'], rows: 'rows', row: ['key', 'name'] },
  Rank: { top: ['totals', 'rows', 'totalCount'], rows: 'rows', row: ['rank', 'percentOfTotal'] },
  SlidingComparison: { top: ['current', 'comparison', 'rows', 'totalCount'], rows: 'rows', row: ['currentSales', 'comparisonSales'] },
  YearOverYear: { top: ['years', 'rows', 'totalCount'], rows: 'rows', row: ['key', 'name'] },
  Kpi: { top: ['current', 'comparison', 'change', 'changePercent'], rows: null, row: ['sales'] },
  Summary: { top: ['periods'], rows: 'periods' },
  List: { top: ['pageNumber', 'pageSize', 'totalCount', 'rows'], rows: 'rows' },
  WhiteSpace: { top: ['peerCount', 'rows'], rows: 'rows', row: ['productGroup', 'peerShare', 'estimatedGap'] },
  ActivityKpi: { top: ['totalCount', 'openCount', 'overdueCount', 'completedCount'], rows: null },
  OpportunityKpi: { top: ['openCount', 'pipeline', 'weightedPipeline', 'winRatePercent', 'expectedCloseByMonth'], rows: null },
  OpportunityFunnel: { top: ['groupBy', 'reportTotalBasis', 'rows'], rows: 'rows', row: ['key', 'name', 'count', 'total'] },
  OpportunityPipeline: { top: ['pageNumber', 'pageSize', 'totalCount', 'rows'], rows: 'rows', row: ['opportunity', 'stageId', 'opportunitySize'] },
};

/** Renderers of their own, by output model (the others are the component type's: list, summary …). */
const OWN_RENDERERS: Record<string, string> = {
  WhiteSpace: 'whiteSpace',
  ActivityKpi: 'crmActivityKpi',
  OpportunityKpi: 'crmOpportunityKpi',
  OpportunityFunnel: 'crmOpportunityFunnel',
  OpportunityPipeline: 'crmOpportunityPipeline',
};

/** Path placeholders a config may leave to the page's filters (an account page's customer and company …). */
const PAGE_FIELDS = new Set(['customer', 'company', 'shipTo', 'corporate', 'itemNumber', 'supplier']);

function contractOf(path: string): Contract | undefined {
  return allContracts.find((c) => c.path === path);
}

const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The problems of one call: unknown path, unfilled or extra path parameters, body fields the call does not take. */
function callProblems(label: string, call: { queryString?: string; pathParams?: Record<string, unknown>; queryParams?: Record<string, unknown> }): string[] {
  const contract = call.queryString ? contractOf(call.queryString) : undefined;
  if (!contract) return [`${label}: no contract serves ${call.queryString}`];
  const problems: string[] = [];
  const wanted = placeholders(contract.path);
  const given = Object.keys(call.pathParams ?? {});
  for (const name of wanted) if (call.pathParams?.[name] === undefined && !PAGE_FIELDS.has(name)) problems.push(`${label}: {${name}} of ${contract.path} is not filled`);
  for (const name of given) if (!wanted.includes(name)) problems.push(`${label}: pathParam ${name} is not in ${contract.path}`);
  const body = (contract.body as Schema | undefined)?.properties ?? {};
  for (const name of Object.keys(call.queryParams ?? {})) if (!(name in body)) problems.push(`${label}: ${contract.path} takes no body field ${name}`);
  return problems;
}

/** The KPI part and the summary tiles show current.sales beside the comparison, change and change %. */
function kpiProblems(name: string, path: string): string[] {
  const result = contractOf(path)?.response[200] as Schema | undefined;
  if (!result) return [];
  const missing = [...OUTPUT_SHAPES.Kpi!.top.filter((f) => !result.properties?.[f]), ...(result.properties?.current?.properties?.sales ? [] : ['current.sales'])];
  return missing.map((field) => `${name}: ${path} answers no ${field} for a KPI`);
}

/** Every problem of a master's config against the contracts; empty when it is sound. */
function configProblems(m: CatalogueMaster): string[] {
  const problems: string[] = [];
  const name = `${m.id} ${m.displayName}`;
  if (!Check(ComponentConfig, m.configs)) problems.push(`${name}: ${JSON.stringify([...Errors(ComponentConfig, m.configs)].slice(0, 3))}`);
  const { dataConfig, kpiConfig, chartConfig, columnConfigs, outputModel } = m.configs;
  const renderer = OWN_RENDERERS[outputModel ?? ''] ?? m.componentType.toLowerCase();
  if (m.renderer !== renderer) problems.push(`${name}: renderer ${m.renderer} for a ${m.componentType}`);
  problems.push(...callProblems(`${name} data`, dataConfig ?? {}));
  if (kpiConfig?.queryString) {
    problems.push(...callProblems(`${name} kpi`, kpiConfig));
    problems.push(...kpiProblems(name, kpiConfig.queryString));
  }
  if (outputModel === 'Kpi' && dataConfig?.queryString) problems.push(...kpiProblems(name, dataConfig.queryString));
  const shape = OUTPUT_SHAPES[outputModel ?? ''];
  const result = dataConfig?.queryString ? (contractOf(dataConfig.queryString)?.response[200] as Schema | undefined) : undefined;
  if (!shape) return [...problems, `${name}: unknown outputModel ${outputModel}`];
  if (!result) return problems;
  for (const field of shape.top) if (!result.properties?.[field]) problems.push(`${name}: ${outputModel} needs ${field}, ${dataConfig!.queryString} has none`);
  const row = shape.rows ? result.properties?.[shape.rows]?.items?.properties : undefined;
  if (shape.rows && !row) return [...problems, `${name}: ${dataConfig!.queryString} has no ${shape.rows} rows`];
  for (const field of shape.row ?? []) if (shape.rows && !row?.[field]) problems.push(`${name}: ${outputModel} rows need ${field}`);
  if (m.renderer === 'summary' && outputModel === 'Summary' && !row?.sales) problems.push(`${name}: the summary tiles show periods' sales, ${dataConfig!.queryString} has none`);
  const fields = [
    ...(columnConfigs ?? []).map((c) => c.dataSource),
    ...(chartConfig?.datasetTabs ?? []).flatMap((t) => [t.xField, ...t.yFields]),
    ...(dataConfig?.sortBy && shape.rows === 'rows' && outputModel !== 'YearOverYear' ? [dataConfig.sortBy] : []),
  ];
  for (const field of fields) if (!row?.[field]) problems.push(`${name}: ${dataConfig!.queryString} rows have no ${field}`);
  if (!row && fields.length) problems.push(`${name}: a ${outputModel} has no rows for columns or charts`);
  return problems;
}

describe('the component catalogue', () => {
  it('has about 130 masters with unique ids and names, the built-ins keeping 1001 and 1002', () => {
    expect(COMPONENT_CATALOGUE.length).toBeGreaterThanOrEqual(100);
    expect(new Set(COMPONENT_CATALOGUE.map((m) => m.id)).size).toBe(COMPONENT_CATALOGUE.length);
    expect(new Set(COMPONENT_CATALOGUE.map((m) => m.displayName)).size).toBe(COMPONENT_CATALOGUE.length);
    expect(COMPONENT_CATALOGUE.find((m) => m.id === 1001)).toMatchObject({ displayName: 'Notes', renderer: 'notes' });
    expect(COMPONENT_CATALOGUE.find((m) => m.id === 1002)).toMatchObject({ displayName: 'Document Links', renderer: 'documentLinks' });
    expect(new Set(dataMasters.map((m) => m.componentType))).toEqual(new Set(['List', 'Comparison', 'Summary', 'Analysis']));
    for (const m of COMPONENT_CATALOGUE) expect(m.description.length, m.displayName).toBeGreaterThan(20);
  });

  it('gives every data master a config that validates and matches a served call, its parameters and its rows', () => {
    expect(dataMasters.flatMap(configProblems)).toEqual([]);
  });

  it('names a card after its component in sentence case, keeping the words written in capitals', () => {
    const accounting = SECTION_BOARDS.find((b) => b.sectionMasterId === SECTION_IDS.accounting)!;
    expect(accounting.cards.map((c) => c.cardName)).toEqual(
      expect.arrayContaining(['AR aging by customer', 'AR aging by sales rep', 'AP aging by supplier', 'AR to AP ratio by branch']),
    );
  });

  it('catches a broken config', () => {
    const sales = dataMasters.find((m) => m.displayName === 'Sales by Customer')!;
    const broken = (configs: CatalogueMaster['configs']) => configProblems({ ...sales, configs });
    expect(broken({ ...sales.configs, columnConfigs: [{ dataSource: 'salez', displayOrder: 0, isVisible: true }] })).toEqual([
      expect.stringContaining('rows have no salez'),
    ]);
    expect(broken({ ...sales.configs, dataConfig: { queryString: '/Invoice/Grouped/{groupBy}' } })[0]).toContain('no contract serves');
    const booking = dataMasters.find((m) => m.configs.dataConfig?.queryString === '/Booking/Grouped/{groupBy}/{dateSlug}')!;
    expect(configProblems({ ...booking, configs: { ...booking.configs, dataConfig: { ...booking.configs.dataConfig, pathParams: { groupBy: 'customer' } } } })).toEqual([
      expect.stringContaining('{dateSlug}'),
    ]);
    expect(broken({ ...sales.configs, chartConfig: { datasetTabs: [{ title: 'x', chartType: 'pie', xField: 'name', yFields: [] }] } })[0]).toContain('must');
  });
});

describe('the seeded catalogue and default boards', () => {
  const TODAY = '2026-11-20';
  let services: Services;
  let admin: TestBrowser;

  beforeAll(async () => {
    process.env.TRADEBOARD_TODAY = TODAY;
    services = await startTestServices({}, { erpData: true });
    admin = await signIn(services, 'admin@tradeboard.example');
  }, 300_000);

  afterAll(async () => {
    delete process.env.TRADEBOARD_TODAY;
    await services?.close();
  });

  it('stores every master as the catalogue defines it, and again unchanged on the next start', async () => {
    const stored = async () =>
      (await services.db.query(
        `SELECT component_master_id AS id, display_name AS "displayName", component_type AS "componentType", has_kpi AS "hasKpi",
                has_visual AS "hasVisual", renderer, configs FROM app.component_master ORDER BY 1`,
      )).rows;
    const expected = [...COMPONENT_CATALOGUE]
      .sort((a, b) => a.id - b.id)
      .map(({ id, displayName, componentType, hasKpi, hasVisual, renderer, configs }) => ({ id, displayName, componentType, hasKpi, hasVisual, renderer, configs }));
    expect(await stored()).toEqual(expected);
    await services.db.query(`UPDATE app.component_master SET configs = '{}' WHERE component_master_id = $1`, [dataMasters[0]!.id]);
    expect(await seedApplication(services.db)).toBe(false);
    expect(await stored()).toEqual(expected);
    // Welcome, the default section boards, and the second organization's own home board.
    expect(await scalar(services, 'SELECT count(*)::int FROM app.board_master WHERE is_public')).toBe(2 + DEFAULT_BOARDS.filter((b) => !b.roles).length);
  });

  it("answers every master's data and KPI call with 200 for the demo admin, with the configured columns in its rows", async () => {
    const failures: string[] = [];
    let withRows = 0;
    for (const m of dataMasters) {
      for (const part of ['data', 'kpi'] as const) {
        const request = buildPartRequest(m.configs, part);
        if (!request) continue;
        const response = await call(admin, 'POST', request.path, request.body);
        if (response.status !== 200) {
          failures.push(`${m.id} ${m.displayName} ${part} ${request.path}: ${response.status} ${JSON.stringify(response.body)}`);
          continue;
        }
        const rows: Array<Record<string, unknown>> = part === 'data' ? (response.body.rows ?? response.body.periods ?? []) : [];
        if (rows.length > 0) withRows++;
        for (const column of part === 'data' && rows[0] ? (m.configs.columnConfigs ?? []) : []) {
          if (!(column.dataSource in rows[0]!)) failures.push(`${m.id} ${m.displayName}: rows lack ${column.dataSource}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The generated data fills nearly every component (a few periods, such as today, may be empty).
    expect(withRows).toBeGreaterThan(dataMasters.filter((m) => m.configs.outputModel !== 'Kpi').length * 0.9);
  }, 300_000);

  it("narrows every component of the account summary board to the page's account", async () => {
    const [top] = (
      await services.db.query<{ company: string; customer: string }>(
        'SELECT company, customer FROM erp.invoice_line GROUP BY company, customer ORDER BY sum(sales) DESC LIMIT 1',
      )
    ).rows;
    const boardFilters = implicitFilters('/accountSummary', `?accountType=customer&accountId=${top!.customer}&company=${top!.company}`);
    const page = (await call(admin, 'GET', `/DynamicPage/Default/${SECTION_IDS.accountSummary}`)).body;
    let withRows = 0;
    for (const instance of page.cards.flatMap((c: { componentInstances: unknown[] }) => c.componentInstances)) {
      for (const part of ['data', 'kpi'] as const) {
        const request = buildPartRequest(instance.configs, part, { boardFilters });
        if (!request) continue;
        const response = await call(admin, 'POST', request.path, request.body);
        expect(response.status, `${instance.componentInstanceName} ${part}: ${JSON.stringify(response.body)}`).toBe(200);
        const rows: Array<Record<string, unknown>> = response.body.rows ?? [];
        if (rows.length) withRows++;
        for (const row of rows) if ('customer' in row) expect(row.customer).toBe(top!.customer);
      }
    }
    expect(withRows).toBeGreaterThan(3);
  });

  it('gives each section its default board, every instance a catalogue master, and home real figures', async () => {
    for (const section of [{ sectionMasterId: SECTION_IDS.home, roles: undefined }, ...SECTION_BOARDS]) {
      const page = await call(admin, 'GET', `/DynamicPage/Default/${section.sectionMasterId}`);
      expect(page.status).toBe(200);
      expect(page.body.board.isPublic).toBe(!section.roles);
      const instances = page.body.cards.flatMap((c: { componentInstances: unknown[] }) => c.componentInstances);
      expect(instances.length).toBeGreaterThan(2);
      expect(new Set(page.body.components.map((c: { id: number }) => c.id))).toEqual(new Set(instances.map((i: { componentMasterId: number }) => i.componentMasterId)));
    }
    const [rep, viewer] = [await signIn(services, 'rep@tradeboard.example'), await signIn(services, 'viewer@tradeboard.example')];
    expect((await call(rep, 'GET', `/DynamicPage/Default/${SECTION_IDS.purchaseOrders}`)).body.board).toMatchObject({ boardName: 'Purchasing', canEdit: false });
    expect((await call(viewer, 'GET', `/DynamicPage/Default/${SECTION_IDS.purchaseOrders}`)).status).toBe(404);
    const library = async (browser: TestBrowser) => (await call(browser, 'GET', `/Component/List/${SECTION_IDS.home}`)).body.map((c: { displayName: string }) => c.displayName);
    expect(await library(rep)).toContain('Purchases by Supplier');
    expect(await library(viewer)).not.toContain('Purchases by Supplier');
    expect(await library(viewer)).toContain('Sales by Customer');
    const home = (await call(admin, 'GET', `/DynamicPage/Default/${SECTION_IDS.home}`)).body;
    expect(home.board.boardName).toBe('Welcome');
    expect(home.cards.map((c: { cardName: string }) => c.cardName)).toEqual([
      'Welcome',
      'Sales this month',
      'Bookings this month',
      'Orders this month',
      'Sales year to date',
      'Sales by month',
      'Top customers by sales',
      'Open orders by customer',
      'Open quotes by customer',
      'Useful links',
    ]);
    const thisMonth = home.cards[1].componentInstances[0];
    const kpi = buildPartRequest(thisMonth.configs, 'data')!;
    const figures = await call(admin, 'POST', kpi.path, kpi.body);
    expect(figures.body).toMatchObject({ label: 'This Month', current: { from: '2026-11-01', to: '2026-11-20' } });
    expect(figures.body.current.sales).toBeGreaterThan(0);
  });
});
