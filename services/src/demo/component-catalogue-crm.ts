import { DESC, list, master, rowsComponent, type CatalogueMaster } from './component-catalogue.ts';

const CRM = 'CRM';

/**
 * The CRM's components (issue 27): the activities and opportunities of the user's accounts (the
 * boards' list renderer draws them), the activity and opportunity figures, the funnel and the
 * pipeline by stage, drawn by the renderers the CRM remote contributes (mf-crm's manifest
 * `renderers`: crmActivityKpi, crmOpportunityKpi, crmOpportunityFunnel, crmOpportunityPipeline).
 * Ids 1101–1109.
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
    rowsComponent(
      { id: 1103, displayName: 'Opportunities', description: 'The opportunities on your accounts, latest expected close first: their stage, size, probability and outcome.' },
      list(CRM, '/Opportunity/List', DESC('expectedCloseDate'), [
        ['expectedCloseDate', 'Expected Close', 'date'],
        ['name', 'Opportunity', 'text'],
        ['accountName', 'Account', 'text'],
        ['stage', 'Stage', 'text'],
        ['opportunitySize', 'Size', 'money'],
        ['probability', 'Probability %', 'integer'],
        ['weightedSize', 'Weighted', 'money', { hidden: true }],
        ['outcome', 'Outcome', 'text'],
        ['salesRepName', 'Sales Rep', 'text'],
      ]),
    ),
    {
      ...master(
        { id: 1104, displayName: 'Opportunity Figures', description: 'Your open and weighted pipeline, won and lost opportunities, the win rate, and the weighted pipeline by expected close month.' },
        CRM,
        'Summary',
        { outputModel: 'OpportunityKpi', dataConfig: { queryString: '/Opportunity/KPI', isVisible: true, filterConfigs: [] }, displayConfigs: [] },
      ),
      renderer: 'crmOpportunityKpi',
    },
    {
      ...master(
        { id: 1105, displayName: 'Opportunity Funnel', description: 'Your opportunities per stage, in the stages\' order, each with its total (size, weighted size or count) and count.' },
        CRM,
        'Analysis',
        { outputModel: 'OpportunityFunnel', dataConfig: { queryString: '/Opportunity/Funnel/{groupBy}', pathParams: { groupBy: 'stage' }, isVisible: true, filterConfigs: [] }, displayConfigs: [] },
      ),
      renderer: 'crmOpportunityFunnel',
    },
    {
      ...master(
        { id: 1106, displayName: 'Pipeline by Stage', description: 'A column per stage with its opportunities; drag a card to another stage to move it (a lost stage asks for the reason).' },
        CRM,
        'Analysis',
        { outputModel: 'OpportunityPipeline', dataConfig: { queryString: '/Opportunity/List', isVisible: true, filterConfigs: [] }, displayConfigs: [] },
      ),
      renderer: 'crmOpportunityPipeline',
    },
  ];
}
