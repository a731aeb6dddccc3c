/**
 * Three server replicas as real processes on one PostgreSQL database behind Debian's haproxy,
 * with the configuration the README documents (scripts/replicas/haproxy.cfg).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServerProcess, waitUntil, type RunningProcess } from './processes.js';

const haproxyConfig = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scripts/replicas/haproxy.cfg',
);

export interface Replica {
  port: number;
  url: string;
  process: RunningProcess;
}

export interface ReplicaSet {
  balancerUrl: string;
  replicas: Replica[];
  /** Starts replica `index` again on its port (after a kill or a stop) and waits until it answers. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}

export async function startReplicaSet(
  databaseEnv: Record<string, string>,
  log: string[],
): Promise<ReplicaSet> {
  const balancerPort = await freePort();
  const balancerUrl = `http://127.0.0.1:${balancerPort}`;
  const dataDirs: string[] = [];
  const start = async (port: number, index: number): Promise<Replica> => {
    dataDirs[index] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-replica-'));
    const process = startServerProcess(
      {
        ...databaseEnv,
        DATA_DIR: dataDirs[index]!,
        PORT: String(port),
        PUBLIC_URL: balancerUrl,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      log,
    );
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitUntil(
        async () => process.child.exitCode === null && (await answers(url)),
        // Three fresh processes compile and migrate at once: slow on a busy two-core machine.
        120_000,
        `replica ${index + 1}`,
      );
    } catch (error) {
      // A replica too slow to answer must not outlive the test (node --test would wait for it).
      await process.kill('SIGKILL');
      throw error;
    }
    return { port, url, process };
  };
  const ports = [await freePort(), await freePort(), await freePort()];
  const started = ports.map((port, index) => start(port, index));
  const settled = await Promise.allSettled(started);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) {
    // None of them may outlive a failed start.
    for (const result of settled)
      if (result.status === 'fulfilled') await result.value.process.kill('SIGKILL');
    throw new Error(`${(failed.reason as Error).message}; the replicas said:\n${log.join('').slice(-4000)}`);
  }
  const replicas = settled.map((result) => (result as PromiseFulfilledResult<Replica>).value);
  const haproxy = spawn('haproxy', ['-f', haproxyConfig, '-db'], {
    env: {
      PATH: process.env.PATH ?? '',
      BALANCER_ADDRESS: `127.0.0.1:${balancerPort}`,
      REPLICA_1: `127.0.0.1:${ports[0]}`,
      REPLICA_2: `127.0.0.1:${ports[1]}`,
      REPLICA_3: `127.0.0.1:${ports[2]}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  haproxy.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  try {
    await waitUntil(async () => haproxy.exitCode === null && (await answers(balancerUrl)), 20_000, 'haproxy');
  } catch (error) {
    haproxy.kill('SIGKILL');
    for (const replica of replicas) await replica.process.kill('SIGKILL');
    throw error;
  }
  return {
    balancerUrl,
    replicas,
    async restart(index) {
      replicas[index] = await start(replicas[index]!.port, index);
    },
    async stop() {
      haproxy.kill('SIGTERM');
      await haproxyExited;
      await Promise.all(replicas.map((replica) => replica.process.kill('SIGTERM')));
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
