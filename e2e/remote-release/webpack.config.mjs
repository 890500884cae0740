// The boards remote's next release, for deploy.spec.ts: its own build configuration and sources with
// one visible change (the "Manage Boards" button reads "Organize Boards"), written to `--env out=<dir>`.
import path from 'node:path';
import boards from '../../mf-boards/webpack.config.mjs';

export default (env, argv) => {
  const config = boards(env, argv);
  config.output.path = env.out;
  config.module.rules.push({
    test: /[\\/]mf-boards[\\/]src[\\/]BoardPage\.tsx$/,
    enforce: 'pre',
    loader: path.join(import.meta.dirname, 'replace-loader.cjs'),
    options: { from: '>Manage Boards<', to: '>Organize Boards<' },
  });
  return config;
};
