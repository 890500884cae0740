/**
 * The goal spreadsheet template of a config (seed 000 "Goal management screens": fill it keeping
 * the columns in their exact order): sheet "Goals" with the header row and the config's company,
 * year, goal type and hierarchy types filled in on the first twelve rows (one a month), and sheet
 * "Example" with the seed's example (a rep with a 30,000 goal for January and 10,000 per customer).
 */
import ExcelJS from 'exceljs';
import { GOAL_HIERARCHY_DEPTH, type GoalKind } from '@tradeboard/shared/contracts';
import { hierarchyOf, type GoalConfigRow } from './goal-store.ts';

/** The goal value columns of each kind, as the seed names them. */
export const TEMPLATE_GOAL_COLUMNS: Readonly<Record<GoalKind, readonly [string, string]>> = {
  Sales: ['SalesGoalDollars', 'ProfitGoalDollars'],
  Bookings: ['BookingsGoalDollars', 'ProfitGoalDollars'],
  Activity: ['ActivityCreatedGoal', 'ActivityCompletedGoal'],
};

/** The template's columns for a config, in order. */
export function templateColumns(kind: GoalKind, config: GoalConfigRow): string[] {
  const levels = hierarchyOf(config).flatMap((_, i) => [`HierarchyType${i + 1}`, `HierarchyID${i + 1}`]);
  return ['Company', 'Goal Year', 'GoalMonth', ...TEMPLATE_GOAL_COLUMNS[kind], 'GoalType', 'GoalTypeID', ...levels].slice(0, 7 + GOAL_HIERARCHY_DEPTH * 2);
}

export async function goalTemplate(kind: GoalKind, config: GoalConfigRow): Promise<{ fileName: string; data: Buffer }> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tradeboard';
  const columns = templateColumns(kind, config);
  const hierarchy = hierarchyOf(config);
  const sheet = workbook.addWorksheet('Goals');
  sheet.columns = columns.map((header) => ({ header, key: header, width: Math.max(12, header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  const fill = (month: number, goal: number, second: number, typeId: string, ids: string[]) => ({
    Company: config.company,
    'Goal Year': config.goalYear,
    GoalMonth: month,
    [TEMPLATE_GOAL_COLUMNS[kind][0]]: goal,
    [TEMPLATE_GOAL_COLUMNS[kind][1]]: second,
    GoalType: config.goalType,
    GoalTypeID: typeId,
    ...Object.fromEntries(hierarchy.flatMap((type, i) => [[`HierarchyType${i + 1}`, type], [`HierarchyID${i + 1}`, ids[i] ?? '']])),
  });
  const example = workbook.addWorksheet('Example');
  example.columns = columns.map((header) => ({ header, key: header, width: Math.max(12, header.length + 2) }));
  example.getRow(1).font = { bold: true };
  const [total, perCustomer, second] = kind === 'Activity' ? [30, 10, 7] : [30000, 10000, 0];
  example.addRow(fill(1, total, kind === 'Activity' ? 21 : second, 'SR01', []));
  for (const customer of ['C0001', 'C0002', 'C0003']) example.addRow(fill(1, perCustomer, kind === 'Activity' ? second : 0, 'SR01', [customer]));
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  const fileName = `${kind}GoalSetupTemplate_${config.company}_${config.goalYear}_${config.id}.xlsx`.replace(/[^\w.-]/g, '_');
  return { fileName, data };
}
