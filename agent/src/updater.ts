import { spawn } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import { AgentError, AgentErrorCode } from './errors.js';

/**
 * Self-update of a bundled agent: download the new bundle, swap it in atomically, then restart —
 * under systemd by exiting (Restart=always), otherwise by re-spawning itself detached.
 */
export async function updateAgentBundle(
  version: string,
  url: string,
  scriptPath: string,
  log: (m: string) => void,
): Promise<{ version: string }> {
  if (!scriptPath.endsWith('.mjs')) {
    throw new AgentError(AgentErrorCode.UpdateFailed, 'This agent runs from source and cannot update itself');
  }
  const response = await fetch(url);
  if (!response.ok)
    throw new AgentError(
      AgentErrorCode.UpdateFailed,
      `Download of agent ${version} failed: HTTP ${response.status}`,
    );
  const bundle = Buffer.from(await response.arrayBuffer());
  if (bundle.length < 1000)
    throw new AgentError(AgentErrorCode.UpdateFailed, `Download of agent ${version} is not a valid bundle`);
  await writeFile(`${scriptPath}.new`, bundle, { mode: 0o755 });
  await rename(`${scriptPath}.new`, scriptPath);
  log(`updated to ${version}; restarting`);
  setTimeout(() => {
    if (!process.env.INVOCATION_ID) {
      spawn(process.execPath, process.argv.slice(1), {
        detached: true,
        stdio: 'ignore',
        env: process.env,
      }).unref();
    }
    process.exit(0);
  }, 500).unref();
  return { version };
}
