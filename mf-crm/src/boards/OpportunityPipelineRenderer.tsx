import { OpportunityPipeline } from '../opportunities/OpportunityPipeline.tsx';
import { crmRenderer } from './crmRenderer.tsx';

/** The "Pipeline by Stage" board component (renderer crmOpportunityPipeline): a column per stage; drag a card to move it (a lost stage asks for the reason). */
export default crmRenderer(OpportunityPipeline, '/Opportunity/List');
