import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Runs /install.sh exactly as the dialog's command does (`curl … | sh`), with the test flags. */
export function runInstaller(
  base: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const curl = spawn('curl', ['-fsSL', `${base}/install.sh`]);
    const sh = spawn('sh', ['-s', '--', ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    curl.stdout.pipe(sh.stdin);
    let output = '';
    sh.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    sh.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    sh.on('close', (code) => resolve({ code, output }));
  });
}

const readPid = async (file: string) => Number((await readFile(file, 'utf8').catch(() => '0')).trim());

/** The running agent process (it changes when an update or a rollback restarts the agent). */
export const agentPid = (stateDir: string) => readPid(path.join(stateDir, 'agent.pid'));

/** Stops an agent installed with --no-systemd: its launcher, which stops the agent. */
export async function stopInstalledAgent(stateDir: string): Promise<void> {
  const pid = await readPid(path.join(stateDir, 'launcher.pid'));
  if (pid <= 0) return;
  try {
    process.kill(pid);
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 50; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
