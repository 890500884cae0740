import type { CatalogueMaster } from './component-catalogue.ts';

/** The goal against actual cards (mf-goals' `goalProgress` renderer, issue 28): ids 960–962. */
export const SALES_GOAL_COMPONENT_ID = 960;

const goalCard = (id: number, kind: 'Sales' | 'Bookings' | 'Activity', description: string): CatalogueMaster => ({
  id,
  displayName: `${kind} Goal vs Actual`,
  description,
  componentType: 'Summary',
  componentCategory: 'Goals',
  hasVisual: true,
  hasKpi: false,
  showInComponentLibrary: true,
  renderer: 'goalProgress',
  configs: {
    displayConfigs: [
      { controlName: 'goalKind', controlValue: kind },
      { controlName: 'groupBy', controlValue: 'SalesRep' },
    ],
  },
});

export const goalComponents = (): CatalogueMaster[] => [
  goalCard(SALES_GOAL_COMPONENT_ID, 'Sales', "Each rep's invoiced sales against goal, this month and the year to date, with the pace and what is needed per working day."),
  goalCard(961, 'Bookings', "Each rep's bookings against goal, this month and the year to date, with the pace."),
  goalCard(962, 'Activity', "Each rep's activity goals for the month and year (actuals once the CRM records activities)."),
];
