// What the browser benchmarks of bench/scale stand up before they measure: the built server on
// SQLite, a signed-in user with an organization, the built agent paired to it (its server online,
// on the free plan), and headless Chromium.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { apiCall, CHROMIUM_ARGS, repoRoot, signIn, startProcess, startServer, waitFor } from './harness.mjs';

const { chromium } = createRequire(path.join(repoRoot, 'bench', 'package.json'))('@playwright/test');

/** Headless Chromium with this machine's flags (CHROMIUM_PATH, default Debian's chromium). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * Starts the server, the agent (its Compose projects named `projectPrefix`...) and Chromium, signs
 * in and pairs the agent. `api(method, url, body)` calls the API as the signed-in user;
 * `signedInContext(options)` is a browser context carrying the user's session; `stop()` ends all
 * of it and removes the agent's state.
 */
export async function startPairedDashboard(projectPrefix) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `dockhand-bench-${projectPrefix}-`));
  const server = await startServer('sqlite');
  const agent = startProcess(process.execPath, [path.join(repoRoot, 'agent', 'dist', 'main.js')], {
    DOCKHAND_SERVER_URL: server.base,
    DOCKHAND_STATE_DIR: path.join(workDir, 'agent-state'),
    DOCKHAND_PROJECT_PREFIX: projectPrefix,
  });
  let browser = null;
  const stop = async () => {
    await browser?.close();
    if (agent.exitCode === null) agent.kill('SIGTERM');
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  try {
    browser = await launchChromium();
    const token = await signIn(server.base);
    const api = (method, url, body) => apiCall(server.base, token, method, url, body);
    const organization = await api('POST', '/api/v1/organization/create-organization', { name: 'Bench org' });
    const code = await waitFor(async () => /Pairing code: (\w{6})/.exec(agent.output)?.[1], 'pairing code');
    const { agent: paired } = await api('POST', '/api/v1/agents/register-agent', {
      code,
      organization_id: organization.id,
    });
    await server.sql("UPDATE agents SET subscription_status = 'free' WHERE id = $1", [paired.id]);
    const signedInContext = async (options) => {
      const context = await browser.newContext(options);
      await context.addCookies([{ name: 'access_token', value: token, url: server.base }]);
      return context;
    };
    return { server, agent, agentId: paired.id, api, signedInContext, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
