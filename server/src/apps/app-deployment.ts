/** The one place a stored app becomes what the agent deploys (create, update, control, rollback). */
import type { AppDeployment } from 'contract';
import type { AgentRecord } from '../agents/agent-store.js';
import { buildDeployment } from './app-config.js';
import { resolveExposure } from './app-extensions.js';
import { templateOf, type AppDeps } from './app-lookup.js';
import type { StoredApp } from './app-store.js';

/** Files and variables, the app's exposure (checked against the server's other apps) and, for a proxy, the service it provides. */
export async function deploymentOf(
  deps: AppDeps,
  agent: AgentRecord,
  stored: StoredApp,
): Promise<AppDeployment> {
  const template = templateOf(deps, stored.app, agent, stored.app.version);
  const deployment = buildDeployment(stored, template);
  const exposure = await resolveExposure(deps, agent, stored, template);
  if (exposure) deployment.exposure = exposure;
  if (template?.extension === 'expose' && template.extension_service)
    deployment.provides_expose = { service: template.extension_service };
  return deployment;
}
