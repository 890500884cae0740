import { federatedApp } from '@tradeboard/shared/webpack';

export default federatedApp({
  dir: import.meta.dirname,
  name: 'mf_goals',
  publicPath: 'auto',
  exposes: {
    './app': './src/app.tsx',
    './manifest': './src/manifest.ts',
    // Renderer modules (manifest.json `renderers`): what boards mount from this remote.
    './goalProgress': './src/board/GoalProgress.tsx',
  },
});
