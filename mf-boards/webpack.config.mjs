import { federatedApp } from '@tradeboard/shared/webpack';

export default federatedApp({
  dir: import.meta.dirname,
  name: 'mf_boards',
  publicPath: 'auto',
  exposes: {
    './app': './src/app.tsx',
    './manifest': './src/manifest.ts',
    // Component renderers (manifest.json `renderers`: key → one of these).
    './notes': './src/renderers/NotesRenderer.tsx',
    './documentLinks': './src/renderers/DocumentLinksRenderer.tsx',
    './list': './src/renderers/data/ListRenderer.tsx',
    './comparison': './src/renderers/data/ComparisonRenderer.tsx',
    './summary': './src/renderers/data/SummaryRenderer.tsx',
    './analysis': './src/renderers/data/AnalysisRenderer.tsx',
    './whiteSpace': './src/renderers/data/WhiteSpaceRenderer.tsx',
    // The sidebar's board list of a section (for the shell: seed 000 §2 App shell).
    './SectionBoardList': './src/sidebar/SectionBoardList.tsx',
  },
});
