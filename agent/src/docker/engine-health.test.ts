import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { WebSocketServer, type WebSocket } from 'ws';
import { startAgent, type RunningAgent } from '../agent.js';
import { DEFAULT_POLICY } from '../policy/admission-policy.js';
import { DEFAULT_UPDATE_POLICY } from '../releases/update-policy.js';

/**
 * The whole agent against two stand-ins: a Docker engine on a unix socket that can stop answering
 * (requests hang, as a wedged or stopping dockerd does), and a Dockhand server that welcomes it and
 * records what it reports.
 */
let dir: string;
let engineSocket: http.Server;
let answering = true;
let dockhand: http.Server;
let agent: RunningAgent;
const received: Array<{ at: number; message: { type: string; is_responding?: boolean } }> = [];
const logs: string[] = [];

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-engine-health-'));
  const socketPath = path.join(dir, 'docker.sock');
  engineSocket = http.createServer((req, res) => {
    if (!answering) return; // the request hangs
    const route = (req.url ?? '').split('?')[0];
    if (route === '/_ping') return void res.end('OK');
    if (route === '/events') return void res.writeHead(200, { 'content-type': 'application/json' });
    if (route === '/containers/json') return void res.end('[]');
    res.writeHead(404).end('{"message":"no such route"}');
  });
  await new Promise<void>((resolve) => engineSocket.listen(socketPath, resolve));

  dockhand = http.createServer();
  const wss = new WebSocketServer({ server: dockhand, path: '/agent/connect' });
  wss.on('connection', (socket: WebSocket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; is_responding?: boolean };
      received.push({ at: Date.now(), message });
      if (message.type === 'hello') socket.send(JSON.stringify({ type: 'challenge', nonce: 'bm9uY2U=' }));
      if (message.type === 'proof') socket.send(JSON.stringify({ type: 'welcome', agent_id: 'agent-1' }));
    });
  });
  await new Promise<void>((resolve) => dockhand.listen(0, '127.0.0.1', resolve));
  const { port } = dockhand.address() as { port: number };
  agent = await startAgent(
    {
      serverUrl: `http://127.0.0.1:${port}`,
      stateDir: path.join(dir, 'state'),
      appsDir: path.join(dir, 'apps'),
      projectPrefix: 'engine-health-',
      dockerSocket: socketPath,
      composeCommand: 'docker-compose',
      composeTimeoutMs: 10_000,
      policy: DEFAULT_POLICY,
      updates: DEFAULT_UPDATE_POLICY,
      featuresOff: [],
      releaseKeyPath: null,
      testHoldDir: null,
      logDeploySteps: false,
    },
    (line) => logs.push(line),
  );
});

after(async () => {
  await agent.stop();
  engineSocket.closeAllConnections();
  dockhand.closeAllConnections();
  await new Promise((resolve) => engineSocket.close(resolve));
  await new Promise((resolve) => dockhand.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** The next docker-status report after `since`, waiting at most `withinMs`. */
async function dockerStatusAfter(
  since: number,
  withinMs: number,
): Promise<{ at: number; responding: boolean }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const report = received.find((entry) => entry.at >= since && entry.message.type === 'docker-status');
    if (report) return { at: report.at, responding: report.message.is_responding === true };
    if (Date.now() > deadline)
      throw new Error(`no docker-status within ${withinMs} ms: ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('the agent reports Docker not responding when the engine stops answering, and responding again within 5 s', async () => {
  const connected = await dockerStatusAfter(0, 10_000);
  assert.equal(connected.responding, true, 'after welcome the agent says Docker answers');

  answering = false;
  const stoppedAt = Date.now();
  const down = await dockerStatusAfter(stoppedAt, 5_000);
  assert.equal(down.responding, false);
  assert.ok(down.at - stoppedAt <= 5_000);
  assert.ok(
    logs.some((line) => line.startsWith('Docker is not responding')),
    logs.join('\n'),
  );

  answering = true;
  const resumedAt = Date.now();
  const up = await dockerStatusAfter(resumedAt, 5_000);
  assert.equal(up.responding, true);
  assert.ok(logs.includes('Docker is responding'));
  // Still connected throughout: nothing else changed but Docker's health.
  assert.equal(received.filter((entry) => entry.message.type === 'hello').length, 1);
});
