import { OpportunityKpis } from '../opportunities/OpportunityViews.tsx';
import { crmRenderer } from './crmRenderer.tsx';

/** The "Opportunity Figures" board component (renderer crmOpportunityKpi): open and weighted pipeline, won, lost, win rate, and the weighted pipeline by expected close month. */
export default crmRenderer(OpportunityKpis, '/Opportunity/KPI');
