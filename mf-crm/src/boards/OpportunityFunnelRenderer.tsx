import { OpportunityFunnel } from '../opportunities/OpportunityViews.tsx';
import { crmRenderer } from './crmRenderer.tsx';

/** The "Opportunity Funnel" board component (renderer crmOpportunityFunnel): each stage in its order with its total (OpportunityDefaultReportTotal basis) and count. */
export default crmRenderer(OpportunityFunnel, '/Opportunity/Funnel/{groupBy}');
