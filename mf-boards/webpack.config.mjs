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
    // The sidebar's board list of a section (for the shell: seed 000 §2 App shell).
    './SectionBoardList': './src/sidebar/SectionBoardList.tsx',
  },
});
