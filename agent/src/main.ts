import { startAgent } from './agent.js';
import { loadAgentConfig } from './config.js';

const config = loadAgentConfig();
const agent = await startAgent(config, (message) => console.log(`[dockhand-agent] ${message}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void agent.stop().then(() => process.exit(0));
  });
}
