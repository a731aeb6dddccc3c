import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startAgent } from './agent.js';
import { loadAgentConfig } from './config.js';

const config = loadAgentConfig();
const agent = await startAgent(config, (message) => console.log(`[dockhand-agent] ${message}`));
// Lets install scripts and tests find the running agent, also after a self-update re-spawned it.
await writeFile(path.join(config.stateDir, 'agent.pid'), `${process.pid}\n`, { mode: 0o600 });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void agent.stop().then(() => process.exit(0));
  });
}
