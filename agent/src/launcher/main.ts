import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Launcher } from './launcher.js';

/**
 * `node dockhand-agent-launcher.mjs {bundle}`: what systemd (or install.sh --no-systemd) runs.
 * DOCKHAND_UPDATE_TRIAL_MS shortens the 60 s trial of a new version (tests).
 */
const bundlePath = path.resolve(process.argv[2] ?? process.env.DOCKHAND_AGENT_BUNDLE ?? 'dockhand-agent.mjs');
const stateDir = path.resolve(process.env.DOCKHAND_STATE_DIR ?? '/var/lib/dockhand-agent');
const trialMs = Number(process.env.DOCKHAND_UPDATE_TRIAL_MS ?? 60_000);
const launcher = new Launcher({
  nodePath: process.execPath,
  bundlePath,
  stateDir,
  trialMs: Number.isFinite(trialMs) && trialMs > 0 ? trialMs : 60_000,
  env: process.env,
  log: (message) => console.log(`[dockhand-launcher] ${message}`),
});
await launcher.start();
await writeFile(path.join(stateDir, 'launcher.pid'), `${process.pid}\n`, { mode: 0o600 });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void launcher.stop().then(() => process.exit(0));
  });
}
