// Simulated agents for benchmarks: `count` real agent identities spread over worker processes
// (agent-fleet-worker.mjs), each connecting from its own loopback address, since one process may
// hold ~20,000 sockets here and one source address reaches one port from ~28,000 ports.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'agent-fleet-worker.mjs');
const cacheDir = path.join(os.tmpdir(), 'dockhand-bench-agent-identities');
const PER_WORKER = 10_000;

function ask(worker, message, answer) {
  return new Promise((resolve, reject) => {
    const onMessage = (reply) => {
      if (reply.type !== answer) return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code) => reject(new Error(`a simulated-agent process exited (${code})`));
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.send(message);
  });
}

/**
 * Makes `count` agent identities (kept in the temp folder for the next run) in processes of at most
 * 10,000 agents. `identities` lists their certificates and fingerprints, to register them as agents.
 */
export async function startFleet(count) {
  const workers = [];
  for (let start = 0; start < count; start += PER_WORKER)
    workers.push({
      // The worker runs the agent's own backoff (TypeScript), whatever the bench runs with.
      worker: fork(workerFile, { stdio: 'inherit', execArgv: ['--import', import.meta.resolve('tsx')] }),
      start,
      count: Math.min(PER_WORKER, count - start),
    });
  const made = await Promise.all(
    workers.map(({ worker, start, count: size }) =>
      ask(worker, { type: 'make', count: size, cacheFile: path.join(cacheDir, `${start}.json`) }, 'made'),
    ),
  );
  return {
    identities: made.flatMap((reply) => reply.identities),
    /** Starts connecting every agent to `url` (reconnecting with the agent's backoff ever after). */
    connect(url) {
      workers.forEach(({ worker }, index) =>
        worker.send({ type: 'connect', url, localAddress: `127.0.0.${11 + index}` }),
      );
    },
    /** Agents connected and welcomed now; welcomes and connection failures so far. */
    async counts() {
      const replies = await Promise.all(workers.map(({ worker }) => ask(worker, { type: 'count' }, 'count')));
      const sum = (key) => replies.reduce((total, reply) => total + reply[key], 0);
      return { online: sum('online'), welcomes: sum('welcomes'), failures: sum('failures') };
    },
    async stop() {
      await Promise.all(
        workers.map(
          ({ worker }) =>
            new Promise((resolve) => {
              if (worker.exitCode !== null) return resolve();
              worker.once('exit', resolve);
              worker.send({ type: 'stop' });
            }),
        ),
      );
    },
  };
}
