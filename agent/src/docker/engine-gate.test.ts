import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppStatus, type AppDeployment } from 'contract';
import type { AppManager } from '../apps/app-manager.js';
import { outputOf } from '../errors.js';
import { DeployTrackers } from '../progress/deploy-tracker.js';
import {
  appTestBench,
  httpdCompose,
  labelledLeftovers,
  NO_LEFTOVERS,
  testGatesDir,
} from '../test/docker-fixtures.js';
import { detectComposeCli } from './compose.js';
import { runCommand } from './run-command.js';
import type { TestHold } from './test-hold.js';

/**
 * The `up` that follows admission starts beside `config` (Compose v1: half a second of start-up
 * each) with its engine connections held at a private socket until the deploy passed admission.
 */
let holdAt: { point: string; then: () => Promise<void> } | null = null;
const hold: TestHold = async (point) => {
  if (holdAt?.point === point) await holdAt.then();
};
let apps: AppManager;
/** Compose v1 holds `up` at a gate; v2 starts it only at its release. */
let gated: boolean;
const bench = appTestBench('gate', {
  ready: async (ready) => {
    apps = ready.apps(120_000, hold);
    gated = ((await detectComposeCli()).version?.major ?? 2) < 2;
  },
});
const { prefix, image } = bench;

function deployment(appId: string, extra = ''): AppDeployment {
  return {
    app_id: appId,
    project: appId,
    files: [{ filename: 'compose.yml', content: httpdCompose(image, extra), is_encrypted: false }],
    variables: [],
  };
}

/** Connections the gates hold or pipe now (the accepted end of each shows the gate's path). */
async function gateConnections(): Promise<number> {
  const gates = testGatesDir(bench.dir);
  const table = await readFile('/proc/net/unix', 'utf8');
  return table.split('\n').filter((line) => {
    const fields = line.trim().split(/\s+/);
    return fields[5] === '03' && fields[7]?.startsWith(`${gates}/`);
  }).length;
}

/** Waits until the held `up` connected to its gate (it asked Docker something and waits). */
async function untilUpIsHeld(): Promise<void> {
  for (let tries = 0; tries < 300 && (await gateConnections()) === 0; tries++) await sleep(100);
  assert.ok((await gateConnections()) > 0, 'the held up reached its gate');
}

/** Running processes whose command line names the compose project: pid → command line. */
async function composeProcesses(project: string): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.split('\0').includes(project)) found.set(Number(pid), commandLine.replace(/\0/g, ' '));
  }
  return found;
}

/** What the engine did to anything named after the project since `since` (seconds). */
async function engineEvents(project: string, since: number): Promise<string[]> {
  const events = await runCommand('docker', [
    'events',
    '--since',
    String(since),
    '--until',
    String(Math.ceil(Date.now() / 1000) + 1),
    '--format',
    '{{.Type}} {{.Action}} {{.Actor.Attributes.name}}',
  ]);
  return events.stdout.split('\n').filter((line) => line.includes(project));
}

async function assertNeverReachedDocker(appId: string, since: number): Promise<void> {
  const project = `${prefix}${appId}`;
  assert.deepEqual(await labelledLeftovers(project), NO_LEFTOVERS);
  assert.deepEqual(await engineEvents(project, since), [], 'the engine saw nothing of the project');
  assert.deepEqual([...(await composeProcesses(project)).values()], [], 'the held up is gone');
  assert.equal(await gateConnections(), 0);
  assert.deepEqual(await readdir(testGatesDir(bench.dir)).catch(() => []), [], 'no gate socket is left');
  assert.equal(existsSync(path.join(bench.dir, 'apps', appId)), false);
}

test("a refused deploy's held up never reaches Docker", async () => {
  const since = Math.floor(Date.now() / 1000);
  let heldWhileConfigEnded = false;
  holdAt = {
    point: 'after-config',
    then: async () => {
      if (gated) await untilUpIsHeld();
      heldWhileConfigEnded = gated;
    },
  };
  await assert.rejects(apps.deploy(deployment('refused', '    privileged: true')), (error: Error) => {
    assert.match(error.message, /^Refused by this server's admission policy: service web: privileged/);
    assert.match(error.message, /The app was not created and nothing of it was left on the server\.$/);
    // Only `config` ran as far as the user is concerned.
    assert.doesNotMatch(outputOf(error) ?? '', /docker compose up/);
    return true;
  });
  holdAt = null;
  assert.equal(heldWhileConfigEnded, gated);
  await assertNeverReachedDocker('refused', since);
});

test('a deploy cancelled during admission leaves nothing, its held up included', async () => {
  const since = Math.floor(Date.now() / 1000);
  const deploys = new DeployTrackers(() => undefined);
  holdAt = {
    point: 'before-config',
    then: async () => {
      if (gated) await untilUpIsHeld();
      assert.equal(deploys.cancel('op-cancel'), true);
    },
  };
  await assert.rejects(
    deploys.track('op-cancel', 'cancelled', (tracker) =>
      apps.deploy(deployment('cancelled'), undefined, tracker),
    ),
    (error: Error & { code?: string }) => {
      assert.equal(error.code, 'AGENT-023', error.message);
      return true;
    },
  );
  holdAt = null;
  await assertNeverReachedDocker('cancelled', since);
});

test('an admitted deploy: nothing of it is in Docker until its up is released, then it runs', async () => {
  const project = `${prefix}admitted`;
  let heldBeforeRelease = false;
  holdAt = {
    point: 'before-up',
    then: async () => {
      if (gated) await untilUpIsHeld();
      heldBeforeRelease = gated;
      assert.deepEqual(await labelledLeftovers(project), NO_LEFTOVERS, 'nothing before the release');
    },
  };
  const result = await apps.deploy(deployment('admitted'));
  holdAt = null;
  assert.equal(heldBeforeRelease, gated);
  assert.equal(result.status, AppStatus.Active);
  // The history shows the commands in the order they took effect.
  assert.match(
    result.output ?? '',
    /\$ docker compose config[\s\S]*\$ docker compose up -d --remove-orphans/,
  );
  assert.equal(await gateConnections(), 0);
  assert.deepEqual(await readdir(testGatesDir(bench.dir)), [], 'the gate went with its command');
  // A redeploy and a start follow an admission too.
  const updated = await apps.control('admitted', 'redeploy', deployment('admitted', '    labels: [v2=yes]'));
  assert.equal(updated.status, AppStatus.Active);
  await apps.control('admitted', 'stop');
  assert.equal((await apps.control('admitted', 'start')).status, AppStatus.Active);
  await apps.delete('admitted');
  assert.deepEqual(await labelledLeftovers(project), NO_LEFTOVERS);
});

/**
 * A deploy whose held up can no longer be released (it ended by itself, or its held request waited
 * past the limit, 20 s, before compose's own 60 s engine timeout) runs `up` afresh at the release:
 * the app runs, and the step log shows the held one was dropped.
 */
async function deployWithHeldUpDropped(appId: string, whileHeld: () => Promise<void>): Promise<void> {
  const steps: string[] = [];
  const deploys = new DeployTrackers(
    () => undefined,
    (line) => steps.push(line),
  );
  let holds = 0;
  holdAt = {
    point: 'before-up',
    then: async () => {
      if (holds++ > 0) return; // the fresh up
      await untilUpIsHeld();
      await whileHeld();
    },
  };
  const result = await deploys.track(`op-${appId}`, appId, (tracker) =>
    apps.deploy(deployment(appId), undefined, tracker),
  );
  holdAt = null;
  assert.equal(result.status, AppStatus.Active);
  assert.match(steps.join('\n'), /held-dropped/, 'the held up was dropped and up ran afresh');
  assert.match(result.output ?? '', /\$ docker compose up -d --remove-orphans/);
  assert.deepEqual([...(await composeProcesses(`${prefix}${appId}`)).values()], [], 'no compose is left');
  assert.equal(await gateConnections(), 0);
  assert.deepEqual(await readdir(testGatesDir(bench.dir)), [], 'no gate socket is left');
  await apps.delete(appId);
  assert.deepEqual(await labelledLeftovers(`${prefix}${appId}`), NO_LEFTOVERS);
}

test('a held up that ended by itself before its release: up runs afresh and the deploy succeeds', async (t) => {
  if (!gated) return t.diagnostic('Compose v2 holds no up');
  await deployWithHeldUpDropped('ended', async () => {
    const held = await composeProcesses(`${prefix}ended`);
    assert.equal(held.size, 1, 'only the held up runs');
    for (const pid of held.keys()) process.kill(pid, 'SIGKILL');
    while ((await composeProcesses(`${prefix}ended`)).size > 0) await sleep(50);
    await sleep(200); // its end reaches the agent
  });
});

test('a held up waiting past its limit: up runs afresh and the deploy succeeds', async (t) => {
  if (!gated) return t.diagnostic('Compose v2 holds no up');
  await deployWithHeldUpDropped('expired', () => sleep(21_500));
});
