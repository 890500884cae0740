import { DESC, list, master, rowsComponent, type CatalogueMaster } from './component-catalogue.ts';

const CRM = 'CRM';

/**
 * The CRM's components (issue 27): the activities of the user's accounts (the boards' list
 * renderer draws them), and their figures, drawn by the renderer the CRM remote contributes
 * (mf-crm's manifest `renderers`: crmActivityKpi). Ids 1101–1109.
 */
export function crmComponents(): CatalogueMaster[] {
  return [
    rowsComponent(
      { id: 1101, displayName: 'Activities', description: 'The activities logged on your accounts, latest due first: calls, visits, e-mails and meetings, their status and follow-ups.' },
      list(CRM, '/ActivityTransaction/List', DESC('dueDate'), [
        ['dueDate', 'Due', 'date'],
        ['activityType', 'Type', 'text'],
        ['subject', 'Subject', 'text'],
        ['accountName', 'Account', 'text'],
        ['status', 'Status', 'text'],
        ['salesRepName', 'Sales Rep', 'text'],
        ['completedDate', 'Completed', 'date', { hidden: true }],
      ]),
    ),
    {
      ...master(
        { id: 1102, displayName: 'Activity Figures', description: 'How many activities your accounts have: open, overdue, completed and GPS verified.' },
        CRM,
        'Summary',
        { outputModel: 'ActivityKpi', dataConfig: { queryString: '/ActivityTransaction/KPI', isVisible: true, filterConfigs: [] }, displayConfigs: [] },
      ),
      renderer: 'crmActivityKpi',
    },
  ];
}
