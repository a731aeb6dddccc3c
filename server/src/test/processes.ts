/** Child processes for integration tests: a real server and a real agent, with captured output. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output (waiting for it to appear). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

function run(cwd: string, env: Record<string, string>, captured: string[]): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    captured.push(chunk.toString('utf8'));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => text,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = text.match(pattern);
        if (match) return match;
        if (child.exitCode !== null)
          throw new Error(`process exited (${child.exitCode}) before ${pattern}:\n${text}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export function startServerProcess(env: Record<string, string>, captured: string[]): RunningProcess {
  return run(path.join(repoRoot, 'server'), env, captured);
}

export function startAgentProcess(env: Record<string, string>, captured: string[]): RunningProcess {
  return run(path.join(repoRoot, 'agent'), env, captured);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitUntil<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
