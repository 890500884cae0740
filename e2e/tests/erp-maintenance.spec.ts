import { expect, test } from '@playwright/test';
import { apiClient, setPreferences, useSignedInState } from './helpers.ts';

// Issue 29, SQLJob and Cache as admin@ on Settings → Data → Maintenance: the rebuild of the
// analytics rollups is confirmed, followed to its end like a load and listed with the loads; the
// cached answers are cleared with a message.
useSignedInState(test, 'admin@tradeboard.example');

type Run = { runId: number; source: string; status: string };

test('rebuilds the analytics rollups and clears the cached answers', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/settings/data');
  const panel = page.getByRole('region', { name: 'Maintenance' });
  await expect(panel).toBeVisible();

  await panel.getByRole('button', { name: 'Rebuild analytics' }).click();
  await page.getByRole('button', { name: 'Rebuild', exact: true }).click();
  const report = panel.getByRole('region', { name: 'Load report' });
  await expect(report).toContainText(/Rebuild \d+: loaded/, { timeout: 120_000 });
  await expect(report).toContainText('Rebuilt the analytics rollups');
  const api = await apiClient(page.request);
  const [latest] = await api.get<Run[]>('/ErpLoad/List');
  expect(latest).toMatchObject({ source: 'rebuild', status: 'loaded' });
  await expect(page.getByRole('region', { name: 'Loads' }).getByRole('row').nth(1)).toContainText(String(latest!.runId));

  await panel.getByRole('button', { name: 'Clear cached answers' }).click();
  await expect(page.getByText('Cached answers cleared')).toBeVisible();
  await panel.screenshot({ path: testInfo.outputPath('maintenance-1280-light.png') });

  // At 375 px in the dark theme the panel fits the screen.
  await setPreferences(page, { theme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(panel.getByRole('button', { name: 'Rebuild analytics' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await panel.screenshot({ path: testInfo.outputPath('maintenance-375-dark.png') });
});
