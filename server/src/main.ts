import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ host: config.host, port: config.port });
console.log(`Dockhand is running at ${config.publicUrl}`);
