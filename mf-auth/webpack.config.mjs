import path from 'node:path';
import { federatedApp } from '@tradeboard/shared/webpack';

const config = federatedApp({
  dir: import.meta.dirname,
  name: 'mf_auth',
  publicPath: 'auto',
  exposes: { './app': './src/app.tsx', './manifest': './src/manifest.ts' },
});

/**
 * @tradeboard/shared/web imports antd, which shared/ does not install: let modules outside this
 * folder fall back to this app's node_modules (the same pnpm store copies the shared scope uses).
 */
export default (env, argv) => {
  const built = config(env, argv);
  built.resolve = {
    ...built.resolve,
    modules: ['node_modules', path.join(import.meta.dirname, 'node_modules')],
  };
  return built;
};
