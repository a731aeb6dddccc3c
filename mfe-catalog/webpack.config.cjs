const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

module.exports = (env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      kind: 'remote',
      federationName: 'mfe_catalog',
      devPort: 3001,
      exposes: {
        './CatalogPage': './src/pages/CatalogPage.tsx',
        './CatalogItemPage': './src/pages/CatalogItemPage.tsx',
      },
    },
    env,
    argv,
  );
