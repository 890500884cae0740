// One webpack configuration for the shell and every remote: Module Federation with the
// agreed singletons, TypeScript through esbuild, minified by esbuild.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';

const sharedPackage = createRequire(import.meta.url)('../package.json');

/** The libraries every app must load exactly once (DESIGN §3). */
function singletons(appDir) {
  const requireFromApp = createRequire(path.join(appDir, 'package.json'));
  const versionOf = (pkg) => requireFromApp(`${pkg}/package.json`).version;
  const libraries = {
    react: 'react',
    'react/jsx-runtime': 'react',
    'react-dom': 'react-dom',
    'react-dom/client': 'react-dom',
    antd: 'antd',
    '@ant-design/icons': '@ant-design/icons',
    zustand: 'zustand',
    swr: 'swr',
  };
  const shared = {};
  for (const [request, pkg] of Object.entries(libraries)) {
    const version = versionOf(pkg);
    shared[request] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  for (const entry of Object.keys(sharedPackage.exports).filter((e) => e !== './webpack')) {
    shared[`@tradeboard/shared${entry.slice(1)}`] = {
      singleton: true,
      requiredVersion: `^${sharedPackage.version}`,
      version: sharedPackage.version,
    };
  }
  return shared;
}

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder (import.meta.dirname of its webpack.config)
 * @param {string} app.name       Module Federation container name, an identifier (mf_auth)
 * @param {string} app.publicPath where the built files are served (/ or /remotes/auth/)
 * @param {Record<string,string>} [app.exposes] exposed modules (remotes)
 * @param {string} [app.title]    page title (host only: emits index.html)
 */
export function federatedApp({ dir, name, publicPath, exposes, title }) {
  const isHost = !exposes;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        // Entries keep a stable name (served without cache); chunks carry a hash (cached long).
        filename: '[name].js',
        chunkFilename: '[name].[contenthash].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            loader: 'esbuild-loader',
            options: { target: 'es2020', jsx: 'automatic' },
          },
          { test: /\.(png|svg)$/, type: 'asset' },
        ],
      },
      optimization: {
        minimizer: [new EsbuildPlugin({ target: 'es2020', format: undefined, css: false })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes,
          shared: singletons(dir),
          dts: false,
          manifest: false,
        }),
        ...(isHost ? [new HtmlWebpackPlugin({ title, template: './src/index.html', scriptLoading: 'defer' })] : []),
      ],
    };
  };
}
