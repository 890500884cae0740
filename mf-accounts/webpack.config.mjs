import { federatedApp } from '@tradeboard/shared/webpack';

export default federatedApp({
  dir: import.meta.dirname,
  name: 'mf_accounts',
  publicPath: 'auto',
  exposes: {
    './app': './src/app.tsx',
    './manifest': './src/manifest.ts',
    // Slot modules (manifest.json `slots`): what other apps' pages mount from this remote.
    './CommandPalette': './src/palette/CommandPalette.tsx',
    './SectionHeader': './src/header/SectionHeader.tsx',
  },
});
