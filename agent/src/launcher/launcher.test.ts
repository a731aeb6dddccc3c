import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Launcher } from './launcher.js';
import { previousBundle, readUpdateState, writeUpdateState } from './update-state.js';

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'dh-launcher-'));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A stand-in agent: records that it ran, says it is healthy as `version`, runs until stopped. */
const agentSource = (version: string, marker: string) =>
  `require('fs').writeFileSync(${JSON.stringify(marker)}, ${JSON.stringify(version)});\n` +
  `process.send({ type: 'healthy', version: ${JSON.stringify(version)} });\n` +
  `setInterval(() => undefined, 1000);\n`;

async function waitFor(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('a fresh state folder is made; a trial cut short by a launcher restart is rolled back at start', async () => {
  const bundle = path.join(tmp, 'dockhand-agent.cjs');
  const stateDir = path.join(tmp, 'fresh', 'state');
  const marker = path.join(tmp, 'ran');
  await writeFile(bundle, agentSource('2.0.0', marker));
  await writeFile(previousBundle(bundle), agentSource('1.0.0', marker));
  const launcher = new Launcher({
    nodePath: process.execPath,
    bundlePath: bundle,
    stateDir,
    trialMs: 60_000,
    env: { PATH: process.env.PATH ?? '' },
    log: () => undefined,
  });
  await launcher.start();
  await waitFor(async () => (await readFile(marker, 'utf8').catch(() => '')) === '2.0.0', 'the agent ran');
  await launcher.stop();

  // The state a power cut leaves: 2.0.0 was on trial, 1.0.0 kept as the previous bundle.
  await writeUpdateState(stateDir, { status: 'trial', version: '2.0.0', previous_version: '1.0.0', at: 1 });
  const restarted = new Launcher({
    nodePath: process.execPath,
    bundlePath: bundle,
    stateDir,
    trialMs: 60_000,
    env: { PATH: process.env.PATH ?? '' },
    log: () => undefined,
  });
  await restarted.start();
  await waitFor(
    async () => (await readFile(marker, 'utf8').catch(() => '')) === '1.0.0',
    'the previous agent ran',
  );
  await restarted.stop();
  const state = await readUpdateState(stateDir);
  assert.equal(state?.status, 'rolled_back');
  assert.equal(state?.version, '2.0.0');
  assert.equal(state?.reason, 'the trial was interrupted');
  assert.match(await readFile(bundle, 'utf8'), /1\.0\.0/);
});
