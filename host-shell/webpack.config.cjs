const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

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
        login: ['./bootstrap', './pages/LoginPage'],
        signedIn: ['./bootstrap', './pages/ProtectedLayout', './pages/DashboardPage'],
      },
    },
    env,
    argv,
  );
