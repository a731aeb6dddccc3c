const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

module.exports = (env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      kind: 'remote',
      federationName: 'mfe_apps',
      devPort: 3002,
      exposes: {
        './AppDetailPage': './src/pages/AppDetailPage.tsx',
        './CreateAppPage': './src/pages/CreateAppPage.tsx',
      },
    },
    env,
    argv,
  );
