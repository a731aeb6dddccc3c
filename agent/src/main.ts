import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startAgent } from './agent.js';
import { runCli } from './cli.js';
import { loadAgentConfig } from './config.js';
import { hostConfigPath, loadHostConfig } from './host-config.js';

const config = loadAgentConfig();
if (process.argv.length > 2) {
  process.exit(
    await runCli(process.argv.slice(2), hostConfigPath(config.stateDir), console.log, console.error),
  );
}
let hostConfig;
try {
  hostConfig = await loadHostConfig(hostConfigPath(config.stateDir));
} catch (error) {
  // Refuse to start rather than guess: the file says what the host's owner allows.
  console.error(`[dockhand-agent] ${(error as Error).message}`);
  process.exit(1);
}
const agent = await startAgent(
  { ...config, policy: hostConfig.policy, updates: hostConfig.updates, featuresOff: hostConfig.featuresOff },
  (message) => console.log(`[dockhand-agent] ${message}`),
);
// Lets install scripts and tests find the running agent, also after a self-update re-spawned it.
await writeFile(path.join(config.stateDir, 'agent.pid'), `${process.pid}\n`, { mode: 0o600 });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void agent.stop().then(() => process.exit(0));
  });
}
