const fs = require('node:fs');
const path = require('node:path');
const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

const repoRoot = path.dirname(__dirname);

module.exports = (env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      kind: 'host',
      federationName: 'dockhand_host',
      devPort: 3000,
      // The server preloads these with the page: the login route for visitors, the signed-in
      // shell and dashboard for a browser with a session cookie.
      preloadRoutes: {
        login: ['./bootstrap', './sign-in/LoginPage'],
        signedIn: ['./bootstrap', './layout/ProtectedLayout', './dashboard/DashboardPage'],
      },
      // Shares the host's federation runtime with the remotes' entries.
      runtimePlugins: [path.join(__dirname, 'src', 'federation', 'share-runtime-core.ts')],
      // What the remotes bundle: their own sources and the shared/src/ui components they import by path.
      remoteSourceDirs: [
        ...fs
          .readdirSync(repoRoot)
          .filter((name) => name.startsWith('mfe-'))
          .map((name) => path.join(repoRoot, name, 'src')),
        path.join(repoRoot, 'shared', 'src', 'ui'),
      ],
    },
    env,
    argv,
  );
