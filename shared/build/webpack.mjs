// One webpack configuration for the shell and every remote: Module Federation with the
// agreed singletons, TypeScript through esbuild, minified by esbuild.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { KIT_FILES } from './antd-styles.mjs';

const sharedPackage = createRequire(import.meta.url)('../package.json');

/** The federation SDK's modules, as the runtime the federation plugin bundles resolves them (federation-sdk-remote.mjs). */
const FEDERATION_SDK_DIST = (() => {
  const bundlerRuntime = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced/webpack')).resolve('@module-federation/webpack-bundler-runtime');
  return path.dirname(createRequire(bundlerRuntime).resolve('@module-federation/sdk'));
})();

/**
 * The libraries every app must load exactly once (DESIGN §3). antd and @ant-design/icons are not
 * among them: they reach the apps only through the UI kit (`@tradeboard/shared/ui`, shared below
 * with the rest of shared), which bundles them tree-shaken to the components it re-exports — the
 * same set in every app by construction, so one antd instance serves every remote.
 */
function singletons(appDir, isHost) {
  const requireFromApp = createRequire(path.join(appDir, 'package.json'));
  const versionOf = (pkg) => requireFromApp(`${pkg}/package.json`).version;
  const libraries = {
    react: 'react',
    'react/jsx-runtime': 'react',
    'react-dom': 'react-dom',
    'react-dom/client': 'react-dom',
    zustand: 'zustand',
    swr: 'swr',
  };
  const shared = {};
  for (const [request, pkg] of Object.entries(libraries)) {
    const version = versionOf(pkg);
    shared[request] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  // The contracts are not shared: they are data (a call's method and path) with nothing to keep
  // once per page, so each app bundles the contracts it calls and no page downloads all of them.
  for (const entry of Object.keys(sharedPackage.exports).filter((e) => e !== './webpack' && e !== './contracts' && !e.startsWith('./testing/'))) {
    shared[`@tradeboard/shared${entry.slice(1)}`] = {
      singleton: true,
      requiredVersion: `^${sharedPackage.version}`,
      version: sharedPackage.version,
      // The UI kit's entries come from the shell only (one antd: its ConfigProvider, theme and
      // code), also those a remote is the first to load (ui/data, ui/edit): a remote has no copy.
      ...(!isHost && entry.startsWith('./ui') ? { import: false } : {}),
    };
  }
  return shared;
}

/**
 * Files the host page loads in its <head>: plain scripts it runs, blocking, before the bundle (e.g.
 * the theme before the first paint) and stylesheets. Emitted under content-hashed names and listed
 * for index.html as `htmlWebpackPlugin.options.headScripts` and `.stylesheets`. Files, not inline
 * code, so the CSP stays `script-src 'self'`.
 * @param {{ files?: string[], name: string, extension: string, source: Buffer }[]} assets
 */
function headAssets(assets, publicPath) {
  const emitted = assets.map((asset) => {
    const hash = createHash('sha256').update(asset.source).digest('hex').slice(0, 20);
    return { ...asset, emittedName: `${asset.name}.${hash}${asset.extension}` };
  });
  const plugin = {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('HeadAssets', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'HeadAssets', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            for (const asset of emitted) {
              for (const file of asset.files ?? []) compilation.fileDependencies.add(file);
              compilation.emitAsset(asset.emittedName, new sources.RawSource(asset.source));
            }
          },
        );
      });
    },
  };
  const urls = (extension) => emitted.filter((asset) => asset.extension === extension).map((asset) => `${publicPath}${asset.emittedName}`);
  return { plugin, scripts: urls('.js'), stylesheets: urls('.css') };
}

/** A script of the app, emitted as it is. */
function scriptAsset(dir, file) {
  const absolute = path.join(dir, file);
  return { files: [absolute], name: path.basename(file, '.js'), extension: '.js', source: readFileSync(absolute) };
}

/** antd's styles for the UI kit's components (shared/build/antd-styles.mjs, run in a production-mode child process). */
function antdStylesheet() {
  const script = path.join(import.meta.dirname, 'antd-styles.mjs');
  const result = spawnSync(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'buffer',
  });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr?.toString() ?? result.error}`);
  return { files: KIT_FILES, name: 'antd', extension: '.css', source: result.stdout };
}

/**
 * A remote's manifest as data (DESIGN §3): `src/manifest.json` (id, routes, public, renderers, sidebar, slots, slotSections) is emitted as
 * `dist/manifest.json`, so the gateway can list the routes in /remotes/manifest.json and the shell
 * need not load the remote's code to learn them. `src/manifest.ts` re-exports the same file as the
 * exposed `./manifest`. Returns undefined when the app has no src/manifest.json.
 */
function manifestAsset(dir) {
  const file = path.join(dir, 'src', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const read = () => {
    const { id, routes, public: isPublic, renderers = {}, sidebar, slots, slotSections } = JSON.parse(readFileSync(file, 'utf8'));
    const isStrings = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');
    const isModuleMap = (value) => typeof value === 'object' && value !== null && Object.values(value).every((module) => typeof module === 'string');
    const validSidebar = sidebar === undefined || typeof sidebar === 'string';
    const validSlots = slots === undefined || isModuleMap(slots);
    const validSlotSections =
      slotSections === undefined || (typeof slotSections === 'object' && slotSections !== null && Object.entries(slotSections).every(([slot, sections]) => slots?.[slot] && isStrings(sections)));
    if (typeof id !== 'string' || !isStrings(routes) || !isModuleMap(renderers) || !validSidebar || !validSlots || !validSlotSections) {
      throw new Error(
        `${file}: expected { id: string, routes: string[], public?: boolean, renderers?: Record<string, string>, sidebar?: string, slots?: Record<string, string>, slotSections?: Record<slot, string[]> }`,
      );
    }
    return JSON.stringify({
      id,
      routes,
      ...(isPublic === undefined ? {} : { public: isPublic === true }),
      renderers,
      ...(sidebar === undefined ? {} : { sidebar }),
      ...(slots === undefined ? {} : { slots }),
      ...(slotSections === undefined ? {} : { slotSections }),
    });
  };
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('RemoteManifest', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'RemoteManifest', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            compilation.fileDependencies.add(file);
            compilation.emitAsset('manifest.json', new sources.RawSource(read()));
          },
        );
      });
    },
  };
}

/**
 * The host's `provideExternalRuntime` adds a runtime plugin by the path `require.resolve` gives: its
 * CommonJS build, which requires the CommonJS build of the federation runtime while the rest of the
 * runtime imports the ES modules, so main.js carried the runtime twice (~20 KiB gzip). Its ES module
 * build instead: one runtime.
 */
const esmRuntimeCorePlugin = {
  apply(compiler) {
    new compiler.webpack.NormalModuleReplacementPlugin(/[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
      resource.request = resource.request.replace(/\.cjs$/, '.js');
    }).apply(compiler);
  },
};

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder (import.meta.dirname of its webpack.config)
 * @param {string} app.name       Module Federation container name, an identifier (mf_auth)
 * @param {string} app.publicPath where the built files are served (/ or /remotes/auth/)
 * @param {Record<string,string>} [app.exposes] exposed modules (remotes)
 * @param {string} [app.title]    page title (host only: emits index.html)
 * @param {string[]} [app.headScripts] plain scripts index.html runs before the bundle (host only)
 */
export function federatedApp({ dir, name, publicPath, exposes, title, headScripts: headScriptFiles = [] }) {
  const isHost = !exposes;
  const manifest = isHost ? undefined : manifestAsset(dir);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const head = isHost ? headAssets([...headScriptFiles.map((file) => scriptAsset(dir, file)), antdStylesheet()], publicPath) : undefined;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // The host's entry is main.js (never hashed: DESIGN §8); a remote needs only its container,
      // plus src/index.ts when it has one (e.g. to run on its own).
      entry: isHost || existsSync(path.join(dir, 'src/index.ts')) ? { main: './src/index.ts' } : {},
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
      resolve: {
        extensions: ['.ts', '.tsx', '.mjs', '.js'],
        // The contracts' schemas are the server's business: the browser gets schema builders that build nothing.
        alias: {
          typebox$: path.join(import.meta.dirname, 'typebox-browser.mjs'),
          ...(isHost ? {} : { '@module-federation/sdk$': path.join(import.meta.dirname, 'federation-sdk-remote.mjs'), 'federation-sdk-dist': FEDERATION_SDK_DIST }),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            loader: 'esbuild-loader',
            options: { target: 'es2020', jsx: 'automatic' },
          },
          { test: /\.(png|svg)$/, type: 'asset' },
          // The contracts' schemas stay on the server: the browser calls by method and path. A
          // contracts module only declares, so an app's build leaves out the ones it does not call.
          { test: /[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/, enforce: 'post', loader: path.join(import.meta.dirname, 'contracts-browser-loader.cjs'), sideEffects: false },
          // Nor do the dates on import: the date choices' schema (contracts/choices.ts) reads the
          // slugs, a schema the browser's build leaves out, so its copy of the dates goes with it
          // (an app's own imports of @tradeboard/shared/dates are the shell's singleton).
          { test: /[\\/]shared[\\/]src[\\/]dates[\\/][^\\/]+\.ts$/, sideEffects: false },
          // antd's helper packages do nothing on import but do not say so (package.json sideEffects):
          // without this every module of e.g. @rc-component/form is bundled for one context it exports.
          { test: /[\\/](?:@rc-component[\\/]|@ant-design[\\/](?:colors|fast-color|cssinjs|cssinjs-utils)[\\/])/, sideEffects: false },
          // antd's style functions never run in zero-runtime mode: build them away.
          { test: /[\\/]antd[\\/]es[\\/](?:[^\\/]+[\\/])*style[\\/][^\\/]+\.js$/, loader: path.join(import.meta.dirname, 'antd-zero-runtime-loader.cjs') },
          // `import css from 'pkg/file.css?raw'`: a library's stylesheet as text (the build has no CSS loader).
          { resourceQuery: /raw/, type: 'asset/source' },
        ],
      },
      optimization: {
        // TB_KEEP_NAMES=1 keeps function and component names in the minified code (CPU profiles, React commits).
        minimizer: [new EsbuildPlugin({ target: 'es2020', format: undefined, css: false, keepNames: process.env.TB_KEEP_NAMES === '1' })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes,
          shared: singletons(dir, isHost),
          // 'version-first' (the default) downloads every registered remote's remoteEntry.js at start
          // to compare shared versions. The host provides every singleton, so take what is loaded:
          // a remote's code then loads only when one of its routes is active (/home loads none).
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          // Remotes are registered by their entry's URL: no manifest snapshots; browser code only.
          // One federation runtime, the host's: a remote's entry leaves it out (a board page
          // loads four remotes' entries).
          experiments: {
            optimization: { disableSnapshot: true, target: 'web' },
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
          },
        }),
        ...(manifest ? [manifest] : []),
        ...(isHost
          ? [
              esmRuntimeCorePlugin,
              head.plugin,
              new HtmlWebpackPlugin({
                title,
                template: './src/index.html',
                scriptLoading: 'defer',
                headScripts: head.scripts,
                stylesheets: head.stylesheets,
              }),
            ]
          : []),
      ],
    };
  };
}
