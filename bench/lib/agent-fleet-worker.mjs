// One process of simulated agents (agent-fleet.mjs starts it): each holds a real agent identity
// (a self-signed P-256 certificate, made by the agent's own code), says hello, signs the server's challenge and stays connected,
// reconnecting with the real agent's backoff when its connection drops. A process holds at most
// ~20,000 sockets here (ulimit -n), so a large fleet is several of these.
import { createHash, webcrypto, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { backoffDelay } from '../../agent/src/connection/backoff.ts';
import { selfSignedCertificateDer } from '../../agent/src/crypto/certificate.ts';
import { repoRoot } from './harness.mjs';

const requireFromAgent = createRequire(path.join(repoRoot, 'agent', 'package.json'));
const WebSocket = requireFromAgent('ws');
/** Handshakes in flight at once per process: a burst of thousands only queues at the server. */
const CONCURRENCY = 200;

let agents = [];
let welcomes = 0;
let failures = 0;

async function makeIdentity() {
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const der = await selfSignedCertificateDer(keys);
  return {
    pem: new X509Certificate(der).toString(),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    key: Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64'),
  };
}

/** `count` identities, from `cacheFile` when an earlier run made them (making one costs ~10 ms). */
async function identities(count, cacheFile) {
  let saved = [];
  if (fs.existsSync(cacheFile)) saved = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  if (saved.length < count) {
    while (saved.length < count) saved.push(await makeIdentity());
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(saved));
  }
  return Promise.all(
    saved.slice(0, count).map(async (identity) => ({
      ...identity,
      privateKey: await webcrypto.subtle.importKey(
        'pkcs8',
        Buffer.from(identity.key, 'base64'),
        { name: 'ECDSA', namedCurve: 'P-256' },
        false,
        ['sign'],
      ),
    })),
  );
}

/** Connects `agent` and keeps it connected; resolves at its first welcome or failure. */
function connect(agent, url, localAddress) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, localAddress });
    agent.socket = socket;
    socket.on('open', () =>
      socket.send(
        JSON.stringify({ type: 'hello', certificate: agent.pem, agent_version: 'bench', protocol: 1 }),
      ),
    );
    socket.on('message', async (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'challenge') {
        const signature = await webcrypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          agent.privateKey,
          Buffer.from(message.nonce),
        );
        socket.send(JSON.stringify({ type: 'proof', signature: Buffer.from(signature).toString('base64') }));
      } else if (message.type === 'welcome') {
        welcomes += 1;
        agent.online = true;
        agent.attempt = 0;
        resolve();
      }
    });
    socket.on('error', () => {
      failures += 1;
    });
    socket.on('close', () => {
      agent.online = false;
      resolve();
      if (agent.stopped) return;
      setTimeout(() => connect(agent, url, localAddress), backoffDelay(agent.attempt++));
    });
  });
}

// The bench ended (or died): nothing else stops these sockets.
process.on('disconnect', () => process.exit(0));

process.on('message', async (message) => {
  if (message.type === 'make') {
    agents = await identities(message.count, message.cacheFile);
    process.send({
      type: 'made',
      identities: agents.map(({ pem, fingerprint }) => ({ pem, fingerprint })),
    });
  } else if (message.type === 'connect') {
    for (const agent of agents) agent.attempt = 0;
    for (let start = 0; start < agents.length; start += CONCURRENCY)
      await Promise.all(
        agents
          .slice(start, start + CONCURRENCY)
          .map((agent) => connect(agent, message.url, message.localAddress)),
      );
  } else if (message.type === 'count') {
    process.send({
      type: 'count',
      online: agents.filter((agent) => agent.online).length,
      welcomes,
      failures,
    });
  } else if (message.type === 'stop') {
    for (const agent of agents) {
      agent.stopped = true;
      agent.socket?.terminate();
    }
    process.exit(0);
  }
});
