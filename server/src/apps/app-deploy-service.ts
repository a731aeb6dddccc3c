/**
 * Deploying apps (spec section 7, create-app, update-app and the Catalog's install-app): the agent
 * deploys first, and the database changes only when it confirms; on failure nothing is left
 * half-applied.
 */
import { randomUUID } from 'node:crypto';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { generateSecretValue } from '../catalog/templates.js';
import { buildDeployment, parseUserEntries, type ConfigInput } from './app-config.js';
import {
  catalogOf,
  DEFAULT_COLOR,
  DEFAULT_ICON,
  requireApp,
  requireWritable,
  templateOf,
  uniqueName,
  type AppDeps,
} from './app-lookup.js';
import { optionalText, projectNameFor, validateColor } from './app-rules.js';
import {
  loadStoredApp,
  saveStoredApp,
  type AppRow,
  type AppVariableRow,
  type StoredApp,
} from './app-store.js';
import { appErrors } from './errors.js';
import { encryptForCertificate } from './secret-envelope.js';

/** A custom app from the configuration editor. */
export async function createApp(deps: AppDeps, agent: AgentRecord, input: ConfigInput) {
  requireWritable(deps, agent);
  const config = input.config ?? {};
  const name = await uniqueName(deps, agent.id, config.name, null);
  const now = Date.now();
  const id = randomUUID();
  const app: AppRow = {
    id,
    agent_id: agent.id,
    name,
    project: projectNameFor(name, id),
    description: optionalText(config.description, null),
    version: optionalText(config.version, null, 100),
    template_id: null,
    extension: null,
    icon: optionalText(config.icon, DEFAULT_ICON, 100) ?? DEFAULT_ICON,
    color: validateColor(config.color, DEFAULT_COLOR),
    extension_values: '[]',
    status: 0,
    created_at: now,
    updated_at: now,
  };
  const stored: StoredApp = { app, ...parseUserEntries(input, id, null) };
  await deployThenSave(deps, agent, stored, null, true);
  return { id };
}

/** An edited configuration (user entries replace the old ones; inherited secrets stay). */
export async function updateApp(deps: AppDeps, agent: AgentRecord, input: ConfigInput) {
  requireWritable(deps, agent);
  const config = input.config ?? {};
  if (typeof config.id !== 'string' || !config.id) throw appErrors.idRequiredForUpdate();
  const existing = await loadStoredApp(deps.context.db, await requireApp(deps, agent, config.id));
  const version = optionalText(config.version, existing.app.version, 100);
  const template = templateOf(deps, { ...existing.app, version }, agent, version);
  const app: AppRow = {
    ...existing.app,
    name:
      config.name === undefined
        ? existing.app.name
        : await uniqueName(deps, agent.id, config.name, existing.app.id),
    description: optionalText(config.description, existing.app.description),
    version: template?.version ?? version,
    icon: optionalText(config.icon, existing.app.icon, 100) ?? existing.app.icon,
    color: validateColor(config.color, existing.app.color),
    updated_at: Date.now(),
  };
  const inherited = existing.variables.filter((variable) => variable.type === 'inherited');
  const user = parseUserEntries(input, app.id, existing);
  const stored: StoredApp = { app, files: user.files, variables: [...inherited, ...user.variables] };
  await deployThenSave(deps, agent, stored, existing, false);
  return { id: app.id };
}

/** A catalog template at a version the agent's plan allows, with its generated secrets. */
export async function installApp(
  deps: AppDeps,
  agent: AgentRecord,
  input: { name?: unknown; template_id?: unknown; version?: unknown },
) {
  requireWritable(deps, agent);
  const name = await uniqueName(deps, agent.id, input.name, null);
  if (typeof input.template_id !== 'string' || !input.template_id) throw appErrors.templateRequired();
  const catalog = catalogOf(deps);
  const template = catalog.getTemplate(input.template_id);
  const deployment = catalog.getDeployment(
    template.id,
    typeof input.version === 'string' ? input.version : null,
    {
      freePlanOnly: agent.subscription_status === 'free',
    },
  );
  const now = Date.now();
  const id = randomUUID();
  const variables: AppVariableRow[] = [];
  for (const variable of deployment.variables) {
    if (!variable.is_encrypted || variable.value !== '' || !variable.generate) continue;
    // Generated secrets go straight into ciphertext for the agent; the plaintext is never stored.
    const value = await encryptForCertificate(generateSecretValue(variable.generate), agent.certificate);
    variables.push({
      id: randomUUID(),
      app_id: id,
      name: variable.name,
      value,
      is_encrypted: 1,
      type: 'inherited',
      position: variables.length,
    });
  }
  const app: AppRow = {
    id,
    agent_id: agent.id,
    name,
    project: projectNameFor(name, id),
    description: template.summary,
    version: deployment.version,
    template_id: template.id,
    extension: deployment.extension,
    icon: DEFAULT_ICON,
    color: DEFAULT_COLOR,
    extension_values: '[]',
    status: 0,
    created_at: now,
    updated_at: now,
  };
  await deployThenSave(deps, agent, { app, files: [], variables }, null, true);
  return { id };
}

/** Sends the deployment first; the database changes only when the agent confirms. */
async function deployThenSave(
  deps: AppDeps,
  agent: AgentRecord,
  stored: StoredApp,
  previous: StoredApp | null,
  isNew: boolean,
): Promise<void> {
  const { context, hub } = deps;
  requireOnline(context, agent);
  const template = templateOf(deps, stored.app, agent, stored.app.version);
  const timeout = context.config.agentHub.deployTimeoutMs;
  try {
    const result = await hub.request(
      agent.id,
      'app.deploy',
      { deployment: buildDeployment(stored, template) },
      timeout,
    );
    stored.app.status = result.status;
  } catch (error) {
    // Leave nothing half-applied on the server; undo on the agent as far as it can be reached.
    const undo =
      isNew || !previous
        ? hub.request(agent.id, 'app.delete', { app_id: stored.app.id }, timeout)
        : hub.request(
            agent.id,
            'app.deploy',
            {
              deployment: buildDeployment(
                previous,
                templateOf(deps, previous.app, agent, previous.app.version),
              ),
            },
            timeout,
          );
    undo.catch(() => undefined);
    throw error;
  }
  await saveStoredApp(context.db, stored, isNew);
}
