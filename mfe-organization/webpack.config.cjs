const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

module.exports = (env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      kind: 'remote',
      federationName: 'mfe_organization',
      devPort: 3004,
      exposes: {
        './OrganizationPage': './src/pages/OrganizationPage.tsx',
      },
    },
    env,
    argv,
  );
