/** Builds the app, listens, and closes cleanly on SIGINT/SIGTERM (started by main.ts). */
import { startupDone } from './startup-memory.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataFolderError } from './db/connect.js';
import { holdSqliteDataFolder } from './db/folder-guard.js';

const config = loadConfig();
let app: FastifyInstance;
try {
  if (!config.databaseUrl) holdSqliteDataFolder(config.dataDir);
  app = await buildApp(config);
} catch (error) {
  // An operator's mistake gets one line saying what to fix, not a stack.
  if (!(error instanceof DataFolderError)) throw error;
  console.error(error.message);
  process.exit(1);
}
await app.listen({ host: config.host, port: config.port });
startupDone();
console.log(`Dockhand is running at ${config.publicUrl}`);
if (config.auth.devIdentityProvider) {
  console.log(
    `Sign-in uses the built-in development identity provider (${config.auth.issuer}); set NODE_ENV=production for real sign-in.`,
  );
}

// Finish in-flight requests and close the database cleanly on stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
