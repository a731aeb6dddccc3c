const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

module.exports = (env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      kind: 'remote',
      federationName: 'mfe_server_settings',
      devPort: 3003,
      exposes: {
        './ServerSettingsPage': './src/pages/ServerSettingsPage.tsx',
      },
    },
    env,
    argv,
  );
