import { expect, test, type Locator, type Page } from '@playwright/test';
import { buildPartRequest, type ComponentConfigValue, type ComponentPart } from '@tradeboard/shared/boards';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import { apiClient, createBoard, signedInRequest, unique, useSignedInState } from './helpers.ts';

// Issue 22 §6: every component master of the catalogue, placed on a board of its section over the
// demo data, draws real figures: no NaN, undefined or Infinity, no error panel, no empty chart or
// table where its call answered rows, no money axis on a count, nothing clipped by its card.

const ADMIN = 'admin@tradeboard.example';
/** The data components' empty state (mf-boards PartState). */
const NO_DATA_TEXT = 'No data for this period';
/** Fields that count things (orders, lines, units, days): never drawn on a $ axis. */
const COUNT_FIELD = /count|qty|quantity|units|lines|days/i;
type Master = { id: number; displayName: string; componentCategory: string; configs: ComponentConfigValue };
type Placed = { master: Master; instanceName: string };
type Board = { url: string; placed: Placed[] };

/** The catalogue's categories: one board each, on the home section (no implicit filters). */
const CATEGORIES = [
  'Sales', 'Bookings', 'Orders', 'Quotes', 'Freight', 'Run Rate', 'On-Time Delivery', 'Purchasing', 'Receivables & Payables', 'Business Health',
  'Inventory', 'Accounts', 'Service Orders', 'Shipments', 'Usage', 'Inventory Adjustments', 'Returns', 'Notes', 'Productivity', 'CRM', 'Goals',
];

useSignedInState(test, ADMIN);
test.describe.configure({ mode: 'serial' });
const boards = new Map<string, Board>();

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(300_000);
  const request = await signedInRequest(baseURL!, ADMIN);
  const api = await apiClient(request);
  const masters = await api.get<Master[]>(`/Component/List/${SECTION_IDS.home}`);
  expect(masters.filter((m) => !CATEGORIES.includes(m.componentCategory)).map((m) => m.componentCategory), 'every category has its board').toEqual([]);
  for (const category of CATEGORIES) {
    const { boardMasterId } = await createBoard(api, SECTION_IDS.home, unique(category));
    // One card per component, so a clipped card names its component; eight calls at a time.
    const placed = await inBatches(
      masters.filter((m) => m.componentCategory === category),
      async (master, index) => {
        const instanceName = `#${master.id} ${master.displayName}`.slice(0, 100);
        const card = await api.post('/Card/Add', { boardMasterId, cardName: instanceName, displayOrder: index });
        await api.post('/Component/Instance/Add', { componentMasterId: master.id, cardMasterId: card.cardMasterId, componentInstanceName: instanceName });
        return { master, instanceName };
      },
    );
    boards.set(category, { url: `/home/${boardMasterId}`, placed });
  }
  await request.dispose();
});

/** `work` over every item, eight at a time, results in the items' order. */
async function inBatches<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 8) {
    results.push(...(await Promise.all(items.slice(start, start + 8).map((item, i) => work(item, start + i)))));
  }
  return results;
}

/** JSON with sorted keys, so two request bodies compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** How many rows an answer holds (a list's rows, a grouped answer's rows, an array). */
function rowCount(answer: unknown): number {
  if (Array.isArray(answer)) return answer.length;
  const rows = (answer as { rows?: unknown })?.rows;
  return Array.isArray(rows) ? rows.length : 0;
}

/** Every data answer the page receives, by call and request body. */
function recordAnswers(page: Page): Map<string, number> {
  const answers = new Map<string, number>();
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.ok() || !response.url().includes('/api/')) return;
    const path = new URL(response.url()).pathname.replace(/^\/api/, '');
    const body = canonical(JSON.parse(request.postData() || '{}'));
    answers.set(`${path} ${body}`, rowCount(await response.json().catch(() => null)));
  });
  return answers;
}

type Drawn = { text: string; alerts: string[]; charts: Array<{ label: string; marks: number; axis: string }> };

/** What one component shows: its text, its error panels, its charts' marks and axis labels (one read). */
function drawn(region: Locator): Promise<Drawn> {
  return region.evaluate((element) => ({
    text: (element as HTMLElement).innerText.replace(/\s+/g, ' '),
    alerts: [...element.querySelectorAll<HTMLElement>('[role="alert"]')].map((alert) => alert.innerText.replace(/\s+/g, ' ')),
    charts: [...element.querySelectorAll('[role="img"]')].map((chart) => ({
      label: chart.getAttribute('aria-label') ?? '',
      marks: chart.querySelectorAll('svg path, svg rect').length,
      axis: [...chart.querySelectorAll('svg text')].map((text) => text.textContent).join(' '),
    })),
  }));
}

/** What is wrong with one drawn component, in words (none when it is right). */
function problemsOf({ text, alerts, charts }: Drawn, { master }: Placed, answers: Map<string, number>): string[] {
  const problems: string[] = [];
  const bad = text.match(/\b(NaN|undefined|Infinity)\b|\[object Object\]/);
  if (bad) problems.push(`shows "${bad[0]}": …${text.slice(Math.max(0, bad.index! - 40), bad.index! + 40)}…`);
  problems.push(...alerts.map((alert) => `error panel: ${alert}`));
  if (text.includes(NO_DATA_TEXT)) {
    for (const part of ['data', 'kpi'] as ComponentPart[]) {
      const call = buildPartRequest(master.configs, part);
      const rows = call && answers.get(`${call.path} ${canonical(call.body)}`);
      if (rows) problems.push(`says there is no data while ${call.path} answered ${rows} rows`);
    }
  }
  for (const chart of charts) {
    if (chart.marks === 0) problems.push(`chart "${chart.label}" draws nothing`);
    const tab = master.configs.chartConfig?.datasetTabs?.find((t) => chart.label.endsWith(`: ${t.title} chart`));
    if (tab && tab.yFields.every((field) => COUNT_FIELD.test(field)) && chart.axis.includes('$')) {
      problems.push(`chart "${chart.label}" draws counts (${tab.yFields.join(', ')}) on a $ axis`);
    }
  }
  return problems;
}

/** Content taller than its card, cut off without a scroll bar. */
async function clippedCards(page: Page): Promise<string[]> {
  return page.locator('.tb-card').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const body = card.querySelector<HTMLElement>('.tb-card__body');
      if (!body) return [];
      const overflow = getComputedStyle(body).overflowY;
      const scrolls = overflow === 'auto' || overflow === 'scroll';
      return body.scrollHeight > body.clientHeight + 2 && !scrolls ? [`${card.getAttribute('aria-label')}: content ${body.scrollHeight} px in ${body.clientHeight} px`] : [];
    }),
  );
}

for (const category of CATEGORIES) {
  test(`every ${category} component draws real figures`, async ({ page }) => {
    const board = boards.get(category)!;
    test.setTimeout(60_000 + board.placed.length * 3_000);
    const answers = recordAnswers(page);
    await page.goto(board.url);
    const problems: string[] = [];
    for (const placed of board.placed) {
      const region = page.getByRole('region', { name: placed.instanceName, exact: true });
      await region.scrollIntoViewIfNeeded();
      // Settled: no skeleton left (a part still loading) in the component.
      await expect(region.locator('.ant-skeleton')).toHaveCount(0, { timeout: 20_000 });
      problems.push(...problemsOf(await drawn(region), placed, answers).map((p) => `${placed.instanceName}: ${p}`));
    }
    problems.push(...(await clippedCards(page)));
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
