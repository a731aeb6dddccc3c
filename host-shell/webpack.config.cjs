const { createFederatedConfig } = require('../shared/webpack/createFederatedConfig.cjs');

module.exports = (env, argv) =>
  createFederatedConfig(
    { packageDir: __dirname, kind: 'host', federationName: 'dockhand_host', devPort: 3000 },
    env,
    argv,
  );
