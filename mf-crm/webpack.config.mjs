import { federatedApp } from '@tradeboard/shared/webpack';

export default federatedApp({
  dir: import.meta.dirname,
  name: 'mf_crm',
  publicPath: 'auto',
  exposes: {
    './app': './src/app.tsx',
    './manifest': './src/manifest.ts',
    // Slot modules (manifest.json `slots`): what other apps' pages mount from this remote.
    './SectionHeader': './src/SectionHeader.tsx',
    './ActivityEditor': './src/activities/ActivityEditor.tsx',
    './OpportunityEditor': './src/opportunities/OpportunityEditor.tsx',
    './ContactEditor': './src/contacts/ContactEditor.tsx',
    // Board component renderers (manifest.json `renderers`).
    './activityKpi': './src/boards/ActivityKpiRenderer.tsx',
    './opportunityKpi': './src/boards/OpportunityKpiRenderer.tsx',
    './opportunityFunnel': './src/boards/OpportunityFunnelRenderer.tsx',
    './opportunityPipeline': './src/boards/OpportunityPipelineRenderer.tsx',
  },
});
