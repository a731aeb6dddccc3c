// One webpack + Module Federation configuration for the host and every remote, so they share the
// same singletons, loaders and output conventions (the why of each: STACK.md of the team handbook,
// 'Module Federation facts').
const path = require('node:path');
const fs = require('node:fs');
const { PrecompressPlugin } = require('./PrecompressPlugin.cjs');
const { PreloadManifestPlugin } = require('./PreloadManifestPlugin.cjs');
const { writeFacades } = require('./sharedFacades.cjs');

/**
 * Libraries that must exist once per page, with their subpaths (react-dom/client must not load a
 * second copy). framer-motion, emotion and react-router's own entries are not shared: only Chakra
 * and react-router-dom use them, and those reach the remotes as facades (sharedFacades.cjs).
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@tanstack/react-query',
  '@chakra-ui/react',
  'shared',
];

function packageRoot(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The installed version as seen from the package (react-router comes through react-router-dom). */
function installedVersion(packageDir, name) {
  const lookupPaths = [
    packageDir,
    path.dirname(require.resolve('react-router-dom/package.json', { paths: [packageDir] })),
  ];
  const manifest = require.resolve(`${name}/package.json`, { paths: lookupPaths });
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
}

/**
 * react-router 7 maps every import to its development build, warnings and checks included
 * (remix-run/react-router#14102); its package also holds the production build, which a production
 * bundle takes instead.
 */
function reactRouterProductionBuild(packageDir) {
  const routerDir = path.dirname(
    require.resolve('react-router/package.json', {
      paths: [path.dirname(require.resolve('react-router-dom/package.json', { paths: [packageDir] }))],
    }),
  );
  return {
    'react-router$': path.join(routerDir, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(routerDir, 'dist', 'production', 'dom-export.mjs'),
  };
}

/**
 * @param {boolean} consumeOnly a remote's production build takes every singleton from the host
 *   (`import: false`): no fallback copy is bundled, which keeps builds fast and makes a second
 *   React impossible. Its standalone dev server keeps the fallbacks, since no host is there.
 * @param {Record<string, string>} facades host only: per library, the facade module it provides
 *   under the library's share key instead of the whole library (sharedFacades.cjs)
 */
function sharedConfig(packageDir, consumeOnly, facades = {}) {
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const version = installedVersion(packageDir, packageRoot(request));
      // strictVersion: a remote built against an incompatible major fails to load (and the host
      // falls back to its previous version) instead of running with a second copy.
      const config = { singleton: true, requiredVersion: `^${version}`, strictVersion: true, version };
      // Keyed by the facade's path, which nothing imports: the host's own imports of the library
      // stay direct (tree-shaken) and only the provide side exists.
      if (facades[request])
        return [facades[request], { ...config, import: facades[request], shareKey: request }];
      return [request, consumeOnly ? { ...config, import: false } : config];
    }),
  );
}

function requireFrom(packageDir, request) {
  return require(require.resolve(request, { paths: [packageDir] }));
}

/**
 * @param {object} options
 * @param {string} options.packageDir    the package folder (its package.json gives name and version)
 * @param {'host' | 'remote'} options.kind
 * @param {string} options.federationName JavaScript identifier of the container, e.g. 'mfe_catalog'
 * @param {Record<string, string>} [options.exposes]
 * @param {Record<string, string[]>} [options.preloadRoutes] host only: per route, the dynamic
 *   imports its first paint waits for (see PreloadManifestPlugin)
 * @param {string[]} [options.runtimePlugins] Module Federation runtime plugins (module paths)
 * @param {string[]} [options.remoteSourceDirs] host only: the source folders of the remotes, whose
 *   imports of the tree-shaken libraries the host's facades serve
 * @param {number} options.devPort
 * @param {object} env  webpack's --env values; env.version (release version) and env.outputDir (release folder)
 * @param {object} argv webpack's argv (mode)
 */
function createFederatedConfig(options, env = {}, argv = {}) {
  const {
    packageDir,
    kind,
    federationName,
    exposes = {},
    preloadRoutes,
    runtimePlugins = [],
    remoteSourceDirs = [],
    devPort,
  } = options;
  const webpack = requireFrom(packageDir, 'webpack');
  const { ModuleFederationPlugin } = requireFrom(packageDir, '@module-federation/enhanced/webpack');
  const webpackDir = path.dirname(require.resolve('webpack/package.json', { paths: [packageDir] }));
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const production = (argv.mode ?? 'production') === 'production';
  const version = env.version ?? pkg.version;
  const serverUrl = process.env.DOCKHAND_SERVER ?? 'http://localhost:8080';
  // A remote's production build is only its container (remoteEntry.js + exposed pages); the
  // standalone harness entry exists for its dev server.
  const releaseOnly = kind === 'remote' && production;
  const facades =
    kind === 'host'
      ? writeFacades(
          packageDir,
          remoteSourceDirs,
          path.join(packageDir, 'node_modules', '.cache', 'shared-facades'),
        )
      : {};

  const plugins = [
    new ModuleFederationPlugin({
      name: federationName,
      filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
      exposes,
      // The host resolves remotes at runtime from /remotes.json: no URL is baked into any build.
      remotes: {},
      shared: sharedConfig(packageDir, releaseOnly, facades),
      manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
      dts: false,
      // Remotes are registered by their remoteEntry.js, never by manifest snapshot, and everything
      // runs in a browser: the runtime's snapshot and Node code paths are left out of every bundle.
      runtimePlugins,
      // One federation runtime per page: the host puts its runtime-core on the page (its runtime
      // plugin host-shell/src/federation/share-runtime-core.ts) and a released remote's entry uses
      // it instead of carrying its own copy. A remote built with another @module-federation version
      // therefore needs a host released with it first; its standalone dev server keeps its own
      // runtime, since no host is there.
      experiments: {
        optimization: { disableSnapshot: true, target: 'web' },
        ...(releaseOnly ? { externalRuntime: true } : {}),
      },
    }),
    new webpack.DefinePlugin({ __REMOTE_BUILD__: JSON.stringify(`${pkg.name}@${version}`) }),
  ];
  if (production && preloadRoutes) plugins.push(new PreloadManifestPlugin({ routes: preloadRoutes }));
  if (production) plugins.push(new PrecompressPlugin());
  if (kind === 'host' || !production) {
    const HtmlWebpackPlugin = requireFrom(packageDir, 'html-webpack-plugin');
    const template = path.join(packageDir, 'public', 'index.html');
    plugins.push(new HtmlWebpackPlugin(fs.existsSync(template) ? { template } : { title: pkg.name }));
  }

  return {
    mode: production ? 'production' : 'development',
    context: packageDir,
    entry: releaseOnly ? {} : { main: './src/index.ts' },
    // Source maps double a production build's time; ask for them with --env sourcemaps.
    devtool: production ? (env.sourcemaps ? 'source-map' : false) : 'eval-cheap-module-source-map',
    output: {
      path: env.outputDir ? path.resolve(env.outputDir) : path.join(packageDir, 'dist'),
      // A remote's entry keeps its plain name (the MF runtime rejects a [contenthash] there): the
      // version folder is its cache key. The host's entry is named in index.html only, so it is
      // hashed like any chunk: browsers keep it (immutable) and a warm load does not revalidate it.
      filename: kind === 'host' && production ? '[name].[fullhash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Remotes load their chunks from wherever their entry came from; the host lives at '/'.
      publicPath: kind === 'remote' ? 'auto' : '/',
      // Two versions of one remote must not share a chunk-loading global.
      uniqueName: `${federationName}_${version.replace(/[^a-zA-Z0-9]/g, '_')}`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // The contract package is compiled from its TypeScript source ('source' export condition),
      // whose imports name the emitted '.js' files.
      conditionNames: ['source', '...'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      alias: production ? reactRouterProductionBuild(packageDir) : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader', { paths: [packageDir] }),
            options: {
              jsc: {
                target: 'es2020',
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
            },
          },
        },
        { test: /\.(png|svg|jpg|jpeg|gif|webp)$/i, type: 'asset/resource' },
        // A stylesheet is its own hashed file; the import gives its URL (the host's global styles).
        { test: /\.css$/i, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: true, mangle: true },
        }),
      ],
    },
    performance: { hints: false },
    plugins,
    devServer: {
      port: devPort,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/api', '/auth', '/catalog-assets', '/remotes', '/remotes.json'],
          target: serverUrl,
          changeOrigin: false,
        },
      ],
    },
  };
}

module.exports = { createFederatedConfig };
