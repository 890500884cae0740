import { expect, test, type Page } from '@playwright/test';
import { apiClient, unique, useSignedInState } from './helpers.ts';

// Issue 27, the CRM remote (mf-crm) as rep@: logging an activity from an account summary (with a
// follow-up, GPS verified or with a reason), the timeline, the activities page and its figures.
useSignedInState(test, 'rep@tradeboard.example');

type Customer = { company: string; customer: string; customerName: string; latitude: number; longitude: number };
type Activity = Record<string, any>;

const MILES_PER_DEGREE_LATITUDE = 69.09;

/** One of rep@'s customers with a location. */
async function aCustomer(page: Page, offset: number): Promise<Customer> {
  const api = await apiClient(page.request);
  const list = await api.post<{ rows: Array<Record<string, string>> }>('/Customer/List', { pageSize: 40, sortBy: 'customerName', sortDir: 'asc' });
  const located: Customer[] = [];
  for (const row of list.rows) {
    const at = await api.post<{ latitude: number | null; longitude: number | null }>(`/Customer/Map/LatitudeLongitude/${row.customer}?company=${row.company}`);
    if (at.latitude !== null && at.longitude !== null) located.push({ company: row.company!, customer: row.customer!, customerName: row.customerName!, latitude: at.latitude, longitude: at.longitude });
    if (located.length > offset) break;
  }
  expect(located[offset], 'rep@ has located customers').toBeTruthy();
  return located[offset]!;
}

async function accountActivities(page: Page, c: Customer): Promise<Activity[]> {
  const api = await apiClient(page.request);
  return (await api.post<{ rows: Activity[] }>('/ActivityTransaction/List', { company: c.company, accountType: 'Customer', accountId: c.customer, pageSize: 500 })).rows;
}

const summaryUrl = (c: Customer) => `/accountSummary?accountType=customer&accountId=${c.customer}&company=${c.company}`;

async function openLogActivity(page: Page, c: Customer) {
  await page.goto(summaryUrl(c));
  const strip = page.getByRole('region', { name: 'Account activity' });
  await strip.getByRole('button', { name: 'Log activity' }).click();
  const editor = page.getByRole('dialog', { name: 'Log activity' });
  // The editor's code loads with the first click (a cold, shared machine may take a while).
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(editor.getByLabel('Subject')).toBeFocused();
  return { strip, editor };
}

async function chooseType(page: Page, editor: ReturnType<Page['getByRole']>, type: string) {
  await editor.getByRole('combobox', { name: 'Type' }).click();
  // The drop-down's items carry their label as a title (its accessible options are hidden copies).
  await page.getByTitle(type, { exact: true }).click();
}

test('Log activity on an account summary: three fields, one click, a follow-up 7 days later, GPS verified within 5 miles; the timeline and the activities page show it', async ({ page, context }) => {
  const c = await aCustomer(page, 0);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: c.latitude + 1 / MILES_PER_DEGREE_LATITUDE, longitude: c.longitude });
  const api = await apiClient(page.request);
  const before = await api.post<{ totalCount: number }>('/ActivityTransaction/KPI', {});

  const subject = unique('Stock review');
  const { strip, editor } = await openLogActivity(page, c);
  await chooseType(page, editor, 'Visit');
  await editor.getByLabel('Subject').fill(subject);
  await editor.getByLabel('Notes').fill('Buyer wants the spring price list');
  await expect(editor.getByRole('status')).toContainText('GPS verified');
  await expect(editor.getByLabel('Reason not verified')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save + follow-up in 7 days' }).click();
  await expect(editor).toBeHidden();

  const timeline = strip.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('button', { name: subject, exact: true })).toBeVisible();
  await expect(timeline.getByRole('button', { name: `Follow-up: ${subject}` })).toBeVisible();
  const rows = await accountActivities(page, c);
  const logged = rows.find((row) => row.subject === subject)!;
  const followUp = rows.find((row) => row.subject === `Follow-up: ${subject}`)!;
  expect(logged).toMatchObject({ activityType: 'Visit', status: 'Completed', gpsVerified: true, notes: 'Buyer wants the spring price list' });
  expect(followUp.followupOf).toBe(logged.activityTransactionNumber);
  const sevenLater = new Date(`${logged.completedDate}T00:00:00Z`);
  sevenLater.setUTCDate(sevenLater.getUTCDate() + 7);
  expect(followUp.dueDate).toBe(sevenLater.toISOString().slice(0, 10));

  // The CRM activities page: the KPI counts both, the list finds it.
  await page.goto('/crm/activities');
  const figures = page.getByRole('definition').first();
  await expect(figures).toHaveText((before.totalCount + 2).toLocaleString('en-US'));
  await page.getByLabel('Search activities').fill(subject);
  await page.getByLabel('Search activities').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(2);

  // The crm section's default board: the CRM remote's figures component and the activities list.
  await page.goto('/crm');
  const boardFigures = page.getByRole('region', { name: 'Activity Figures' });
  await expect(boardFigures.getByRole('definition').first()).toHaveText((before.totalCount + 2).toLocaleString('en-US'), { timeout: 30_000 });
  const list = page.getByRole('region', { name: 'Activities', exact: true });
  await list.getByRole('searchbox', { name: 'Search Activities' }).fill(subject);
  await list.getByRole('searchbox', { name: 'Search Activities' }).press('Enter');
  await expect(list.getByRole('row').filter({ hasText: subject })).toHaveCount(2);
});

test('10 miles from the account it asks for a reason before saving; the reason is kept and the activity is not verified', async ({ page, context }) => {
  const c = await aCustomer(page, 1);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: c.latitude + 10 / MILES_PER_DEGREE_LATITUDE, longitude: c.longitude });
  const subject = unique('Trade show chat');
  const { strip, editor } = await openLogActivity(page, c);
  await editor.getByLabel('Subject').fill(subject);
  await expect(editor.getByRole('status')).toContainText(/You are 10(\.\d)? miles from the account, more than the 5-mile radius/);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByText('Give a reason the activity is not GPS verified.')).toBeVisible();
  await expect(editor.getByLabel('Reason not verified')).toBeFocused();
  await editor.getByLabel('Reason not verified').fill('Met at the regional trade show');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(strip.getByRole('button', { name: subject })).toBeVisible();
  const logged = (await accountActivities(page, c)).find((row) => row.subject === subject)!;
  expect(logged.gpsVerified).toBe(false);
  const api = await apiClient(page.request);
  const gps = await api.get(`/DataManager/Local/GPSVerification/${logged.activityTransactionNumber}`);
  expect(gps).toMatchObject({ isVerified: false, reasonNotVerified: 'Met at the regional trade show' });
  expect(gps.distanceMiles).toBeGreaterThan(9.5);
});

test('without location permission it says so and asks for the reason', async ({ page, context }) => {
  const c = await aCustomer(page, 2);
  await context.clearPermissions();
  const subject = unique('Desk call');
  const { strip, editor } = await openLogActivity(page, c);
  await expect(editor.getByRole('status')).toContainText('Location permission is off');
  await editor.getByLabel('Subject').fill(subject);
  await editor.getByLabel('Reason not verified').fill('Called from the office');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(strip.getByRole('button', { name: subject })).toBeVisible();
});

test('an edit that someone else saved first is not overwritten: the editor shows their version', async ({ page }) => {
  const c = await aCustomer(page, 0);
  const api = await apiClient(page.request);
  const types = await api.post<{ rows: Array<{ activityTypeId: number }> }>('/ActivityTransaction/ActivityType/List', {});
  const subject = unique('Quote check');
  const created = await api.post<Activity>('/ActivityTransaction', { company: c.company, accountType: 'Customer', accountId: c.customer, activityTypeId: types.rows[0]!.activityTypeId, subject });
  await page.goto(summaryUrl(c));
  await page.getByRole('region', { name: 'Account activity' }).getByRole('button', { name: subject }).click();
  const editor = page.getByRole('dialog', { name: 'Edit activity' });
  await expect(editor.getByLabel('Subject')).toHaveValue(subject);
  // Someone else saves first.
  const response = await page.request.fetch(`/api/ActivityTransaction/${created.activityTransactionNumber}`, {
    method: 'PUT',
    headers: { 'X-XSRF-TOKEN': await (await page.request.get('/api/Authenticate/GenerateAntiforgeryToken')).text() },
    data: { activityTypeId: created.activityTypeId, subject: `${subject} (theirs)`, version: created.version },
  });
  expect(response.status()).toBe(200);
  await editor.getByLabel('Subject').fill(`${subject} (mine)`);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByText('Someone else changed this activity')).toBeVisible();
  await expect(editor.getByText(`It now reads “${subject} (theirs)”`)).toBeVisible();
  await editor.getByRole('button', { name: 'Edit their version' }).click();
  await expect(editor.getByLabel('Subject')).toHaveValue(`${subject} (theirs)`);
  await editor.getByLabel('Subject').fill(`${subject} (merged)`);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  expect((await api.post<Activity>(`/ActivityTransaction/Exact/${created.activityTransactionNumber}`)).subject).toBe(`${subject} (merged)`);
});

test('at 375 px and in dark mode the strip, the editor and the activities page fit the screen', async ({ page, context }, testInfo) => {
  const c = await aCustomer(page, 0);
  await context.clearPermissions();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto(summaryUrl(c));
  const strip = page.getByRole('region', { name: 'Account activity' });
  await expect(strip.getByRole('list', { name: 'Timeline' })).toBeVisible();
  await fits();
  await page.screenshot({ path: testInfo.outputPath('summary-375-dark.png'), fullPage: false });
  await strip.getByRole('button', { name: 'Log activity' }).click();
  const editor = page.getByRole('dialog', { name: 'Log activity' });
  await expect(editor.getByRole('status')).toContainText('Location permission is off');
  await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('editor-375-dark.png') });
  await page.goto('/crm/activities');
  await expect(page.getByRole('heading', { name: 'Activities' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await fits();
  await page.screenshot({ path: testInfo.outputPath('activities-375-dark.png') });
});

// ------------------------------------------------------------------------------ opportunities
type Funnel = { rows: Array<{ name: string; count: number; total: number }> };
const stageCount = (funnel: Funnel, stage: string) => funnel.rows.find((row) => row.name === stage)!.count;

test('an opportunity opened on an account: a product group and a contact, dragged through the stages, lost with a reason; the funnel and the KPI follow', async ({ page }) => {
  const c = await aCustomer(page, 2);
  const api = await apiClient(page.request);
  const funnelBefore = await api.post<Funnel>('/Opportunity/Funnel/stage', {});
  const kpiBefore = await api.post<{ lostCount: number }>('/Opportunity/KPI', {});
  const name = unique('Racking upgrade');

  await page.goto(summaryUrl(c));
  const strip = page.getByRole('region', { name: 'Account activity' });
  await strip.getByRole('button', { name: 'New opportunity' }).click();
  const editor = page.getByRole('dialog', { name: 'New opportunity' });
  await expect(editor.getByLabel('Name')).toBeFocused({ timeout: 30_000 });
  await editor.getByLabel('Name').fill(name);
  await editor.getByLabel('Size ($)').fill('25000');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved, the editor stays open on its links, as the opportunity's editor.
  const saved = page.getByRole('dialog', { name: 'Edit opportunity' });
  await expect(saved.getByRole('region', { name: 'Product groups' })).toBeVisible();
  const groups = saved.getByRole('region', { name: 'Product groups' });
  await groups.getByRole('combobox', { name: 'Add a product group' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await expect(groups.getByRole('listitem')).toHaveCount(1);
  const contacts = saved.getByRole('region', { name: 'Contacts' });
  await contacts.getByRole('combobox', { name: 'Add a contact' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await expect(contacts.getByRole('listitem')).toHaveCount(1);
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(saved).toBeHidden();

  const opportunity = (await api.post<{ rows: Array<Record<string, any>> }>('/Opportunity/List', { searchString: name, searchOperator: 'Exact' })).rows[0]!;
  expect(opportunity).toMatchObject({ stage: 'Prospecting', opportunitySize: 25000, probability: 10 });
  expect((await api.post<{ count: number }>('/Opportunity/ProductGroup/Count', { opportunity: opportunity.opportunity })).count).toBe(1);
  expect((await api.post<{ count: number }>('/Opportunity/Contact/Count', { opportunity: opportunity.opportunity })).count).toBe(1);
  const funnelOpened = await api.post<Funnel>('/Opportunity/Funnel/stage', {});
  expect(stageCount(funnelOpened, 'Prospecting')).toBe(stageCount(funnelBefore, 'Prospecting') + 1);

  // The pipeline: drag the card through the stages.
  await page.goto('/crm/opportunities');
  const pipeline = page.getByLabel('Pipeline by stage', { exact: true });
  const card = pipeline.getByRole('listitem', { name: name });
  await expect(card).toBeVisible({ timeout: 30_000 });
  for (const stage of ['Qualification', 'Proposal']) {
    await card.dragTo(pipeline.getByRole('region', { name: stage }));
    await expect(pipeline.getByRole('region', { name: stage }).getByRole('listitem', { name: name })).toBeVisible();
  }
  const funnel = page.getByRole('figure', { name: 'Opportunity funnel' });
  await expect(funnel).toContainText('Proposal');
  expect((await api.post<Record<string, any>>(`/Opportunity/Exact/${opportunity.opportunity}`)).probability).toBe(50);

  // Lost, by the card's stage picker (the keyboard's way; the last column is scrolled out of sight):
  // the board asks why.
  await card.getByRole('combobox', { name: `Stage of ${name}` }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Closed Lost', { exact: true }).click();
  const why = page.getByRole('dialog', { name: `Why was “${name}” lost?` });
  await expect(why).toBeVisible();
  await why.getByRole('combobox', { name: 'Lost reason' }).click();
  await page.getByTitle('Price', { exact: true }).click();
  await why.getByRole('button', { name: 'Mark lost' }).click();
  await expect(pipeline.getByRole('region', { name: 'Closed Lost' }).getByRole('listitem', { name: name })).toContainText('Price');
  const lost = await api.post<Record<string, any>>(`/Opportunity/Exact/${opportunity.opportunity}`);
  expect(lost).toMatchObject({ outcome: 'Lost', lostSales: 'Price', probability: 0 });
  const funnelAfter = await api.post<Funnel>('/Opportunity/Funnel/stage', {});
  expect(stageCount(funnelAfter, 'Closed Lost')).toBe(stageCount(funnelBefore, 'Closed Lost') + 1);
  expect(stageCount(funnelAfter, 'Prospecting')).toBe(stageCount(funnelBefore, 'Prospecting'));
  expect((await api.post<{ lostCount: number }>('/Opportunity/KPI', {})).lostCount).toBe(kpiBefore.lostCount + 1);
  // The page's figures follow without a reload.
  await expect(page.getByRole('definition').filter({ hasText: String(kpiBefore.lostCount + 1) }).first()).toBeVisible();
});

/** The screen widths and colour schemes the pages are looked at in. */
const LOOKS = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 375, scheme: 'light' },
  { width: 375, scheme: 'dark' },
] as const;

for (const { width, scheme } of LOOKS) {
  test(`the opportunities page and the crm board at ${width} px, ${scheme}: they fit the screen`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto('/crm/opportunities');
    await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Opportunity funnel' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await fits();
    await page.screenshot({ path: testInfo.outputPath(`opportunities-${width}-${scheme}.png`), fullPage: true });
    await page.getByLabel('Pipeline by stage', { exact: true }).getByRole('listitem').first().getByRole('button').click();
    const editor = page.getByRole('dialog', { name: 'Edit opportunity' });
    await expect(editor.getByRole('region', { name: 'Product groups' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath(`opportunity-editor-${width}-${scheme}.png`) });
    await page.keyboard.press('Escape');
    await page.goto('/crm');
    await expect(page.getByRole('figure', { name: 'Opportunity funnel' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Pipeline by stage', { exact: true }).first()).toBeVisible();
    await fits();
    await page.screenshot({ path: testInfo.outputPath(`crm-board-${width}-${scheme}.png`), fullPage: true });
  });
}

// ------------------------------------------------------------------------------ contacts
/** One of rep@'s customers with a ship-to, and that ship-to. */
async function aCustomerWithShipTo(page: Page): Promise<{ company: string; customer: string; shipTo: string; shipToName: string }> {
  const api = await apiClient(page.request);
  const sites = await api.post<{ rows: Array<Record<string, string>> }>('/ShipTo/List', { pageSize: 20, sortBy: 'shipTo', sortDir: 'asc' });
  const site = sites.rows[0];
  expect(site, 'rep@ has ship-tos').toBeTruthy();
  return { company: site!.company!, customer: site!.customer!, shipTo: site!.shipTo!, shipToName: site!.shipToName! };
}

const customerUrl = (c: { company: string; customer: string }) => `/accountSummary?accountType=customer&accountId=${c.customer}&company=${c.company}`;

test('a contact created on a customer from its summary, a ship-to linked in the editor and unlinked', async ({ page }) => {
  const c = await aCustomerWithShipTo(page);
  const api = await apiClient(page.request);
  const lastName = unique('Buyer').replace(' ', '');
  await page.goto(customerUrl(c));
  const section = page.getByRole('region', { name: 'Contacts' });
  await section.getByRole('button', { name: 'New contact' }).click();
  const editor = page.getByRole('dialog', { name: 'New contact' });
  await expect(editor.getByLabel('First name')).toBeFocused({ timeout: 30_000 });
  await editor.getByLabel('First name').fill('Dana');
  await editor.getByLabel('Last name').fill(lastName);
  await editor.getByLabel('Title').fill('Purchasing manager');
  await editor.getByLabel('E-mail').fill(`dana.${lastName.toLowerCase()}@example.com`);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();

  // Saved, the editor stays open as the contact's editor, on its ship-tos.
  const saved = page.getByRole('dialog', { name: 'Edit contact' });
  const shipTos = saved.getByRole('region', { name: 'Ship-tos' });
  // Its ship-tos load once it is saved (a cold, shared machine may take a while).
  await expect(shipTos.getByText('Not linked to a ship-to yet.')).toBeVisible({ timeout: 30_000 });
  const contact = (await api.post<{ rows: Array<Record<string, string>> }>('/Contact/List', { searchString: lastName })).rows[0]!;
  expect(contact).toMatchObject({ contactName: `Dana ${lastName}`, customer: c.customer, title: 'Purchasing manager' });
  await expect(section.getByRole('button', { name: `Dana ${lastName}` })).toBeVisible();

  await shipTos.getByRole('combobox', { name: 'Link a ship-to' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${c.shipToName} · ${c.shipTo}`, { exact: true }).click();
  await expect(shipTos.getByRole('listitem')).toHaveCount(1);
  await expect(shipTos.getByRole('listitem')).toContainText(c.shipTo);
  const linked = await api.post<{ rows: Array<{ code: string }> }>('/Contact/GetShipToList', { contact: contact.contact, company: contact.company });
  expect(linked.rows.map((row) => row.code)).toEqual([c.shipTo]);

  await shipTos.getByRole('button', { name: `Unlink ${c.shipToName}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Unlink' }).click();
  await expect(shipTos.getByText('Not linked to a ship-to yet.')).toBeVisible();
  expect((await api.post<{ rows: unknown[] }>('/Contact/GetShipToList', { contact: contact.contact, company: contact.company })).rows).toEqual([]);
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(saved).toBeHidden();
});

for (const { width, scheme } of LOOKS) {
  test(`the contacts strip and the contact editor at ${width} px, ${scheme}: they fit the screen`, async ({ page }, testInfo) => {
    const c = await aCustomerWithShipTo(page);
    const api = await apiClient(page.request);
    await api.post('/Contact', { company: c.company, customer: c.customer, shipTo: c.shipTo, firstName: 'Morgan', lastName: unique('Receiving').replace(' ', ''), title: 'Receiving lead', phone: '555-010-2030' });
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(customerUrl(c));
    const section = page.getByRole('region', { name: 'Contacts' });
    await expect(section.getByRole('list', { name: 'Account contacts' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await section.screenshot({ path: testInfo.outputPath(`contacts-${width}-${scheme}.png`) });
    await section.getByRole('list', { name: 'Account contacts' }).getByRole('button').first().click();
    const editor = page.getByRole('dialog', { name: 'Edit contact' });
    await expect(editor.getByRole('region', { name: 'Ship-tos' })).toBeVisible({ timeout: 30_000 });
    await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`contact-editor-${width}-${scheme}.png`) });
  });
}
