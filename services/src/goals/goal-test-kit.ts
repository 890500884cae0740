/** What the goal tests share: a config's spreadsheet template filled in. */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';

export type Cells = Array<string | number | null>;

/** The sales config's template, downloaded, with `rows` written below its header on the "Goals" sheet. */
export async function filledTemplate(browser: TestBrowser, configId: number, rows: Cells[]): Promise<Buffer> {
  const answer = await browser.request('POST', `/api/SalesGoal/SalesGoalsTemplateGenerator/${configId}`, { body: {}, headers: { 'export-results': 'true' } });
  expect(answer.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Goals')!;
  sheet.spliceRows(2, sheet.rowCount);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
