/**
 * Deploying apps (spec section 7, create-app, update-app and the Catalog's install-app): each is an
 * operation (operations/operation-log.ts), written down before the agent is asked; the agent
 * deploys first, and the app's rows change only when it confirms; on failure the agent is put back
 * (now, or when it reconnects), so nothing is left half-applied.
 */
import { randomUUID } from 'node:crypto';
import type { AppDeployment, DeployAction } from 'contract';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { generateSecretValue } from '../catalog/templates.js';
import { parseUserEntries, type ConfigInput } from './app-config.js';
import { deploymentOf } from './app-deployment.js';
import {
  parseExtensionValues,
  parseSupportedExtensions,
  storedExtensionValues,
  supportedExtensionsOf,
} from './app-extensions.js';
import {
  catalogOf,
  claimAppId,
  DEFAULT_COLOR,
  DEFAULT_ICON,
  newAppRow,
  requireApp,
  requireWritable,
  templateOf,
  uniqueName,
  type AppDeps,
} from './app-lookup.js';
import type { OperationRequest, PreparedOperation } from '../operations/operation-log.js';
import { undoDeploy, type DeployPayload } from './app-operations.js';
import {
  optionalText,
  projectNameFor,
  validateColor,
  validateComposeSelection,
  validateIcon,
} from './app-rules.js';
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
export async function createApp(
  deps: AppDeps,
  agent: AgentRecord,
  input: ConfigInput,
  request: OperationRequest,
): Promise<{ id: string }> {
  return deps.operations.run({ request, agentId: agent.id, kind: 'create' }, async () => {
    requireWritable(deps, agent);
    const config = input.config ?? {};
    const name = await uniqueName(deps, agent.id, config.name, null);
    const id = await claimAppId(deps, agent, config.id);
    const app = newAppRow({
      id,
      agent_id: agent.id,
      name,
      project: projectNameFor(name, id),
      description: optionalText(config.description, null),
      version: optionalText(config.version, null, 100),
      icon: validateIcon(config.icon, DEFAULT_ICON),
      color: validateColor(config.color, DEFAULT_COLOR),
    });
    const supported = parseSupportedExtensions(config.supported_extensions);
    app.supported_extensions = JSON.stringify(supported);
    app.extension_values = JSON.stringify(parseExtensionValues(config.extension_values, supported, id));
    const stored: StoredApp = { app, ...parseUserEntries(input, id, null) };
    return deployThenSave(deps, agent, stored, null, 'create');
  });
}

/** An edited configuration (user entries replace the old ones; inherited secrets stay). */
export async function updateApp(
  deps: AppDeps,
  agent: AgentRecord,
  input: ConfigInput,
  request: OperationRequest,
): Promise<{ id: string }> {
  return deps.operations.run({ request, agentId: agent.id, kind: 'update' }, async () => {
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
      icon: validateIcon(config.icon, existing.app.icon),
      color: validateColor(config.color, existing.app.color),
      updated_at: Date.now(),
    };
    // A catalog app's extensions come from its template; a custom app keeps its own unless it sends new ones.
    if (!template && config.supported_extensions !== undefined)
      app.supported_extensions = JSON.stringify(parseSupportedExtensions(config.supported_extensions));
    const supported = supportedExtensionsOf(app, template);
    app.extension_values = JSON.stringify(
      config.extension_values === undefined
        ? storedExtensionValues(app).filter((value) =>
            supported.some((entry) => entry.extension === value.extension),
          )
        : parseExtensionValues(config.extension_values, supported, app.id),
    );
    const inherited = existing.variables.filter((variable) => variable.type === 'inherited');
    const user = parseUserEntries(input, app.id, existing);
    const stored: StoredApp = { app, files: user.files, variables: [...inherited, ...user.variables] };
    const action = app.version === existing.app.version ? 'configure' : 'version';
    return deployThenSave(deps, agent, stored, existing, action);
  });
}

/** A catalog template at a version the agent's plan allows, with its generated secrets. */
export async function installApp(
  deps: AppDeps,
  agent: AgentRecord,
  input: { app_id?: unknown; name?: unknown; template_id?: unknown; version?: unknown },
  request: OperationRequest,
): Promise<{ id: string }> {
  return deps.operations.run({ request, agentId: agent.id, kind: 'create' }, async () => {
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
    const id = await claimAppId(deps, agent, input.app_id);
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
    const app = newAppRow({
      id,
      agent_id: agent.id,
      name,
      project: projectNameFor(name, id),
      description: template.summary,
      version: deployment.version,
      template_id: template.id,
      extension: deployment.extension,
    });
    return deployThenSave(deps, agent, { app, files: [], variables }, null, 'install');
  });
}

/**
 * The prepared operation of a create (previous null) or an update: send the deployment, save the
 * rows when the agent confirms; after a failure put the agent back.
 */
async function deployThenSave(
  deps: AppDeps,
  agent: AgentRecord,
  stored: StoredApp,
  previous: StoredApp | null,
  action: DeployAction,
): Promise<PreparedOperation<{ id: string }>> {
  const { context, hub } = deps;
  requireOnline(context, agent);
  const timeout = context.config.agentHub.deployTimeoutMs;
  const deployment = await deploymentOf(deps, agent, stored);
  validateComposeSelection(deployment);
  const payload: DeployPayload = {
    is_new: previous === null,
    stored,
    deployment,
    previous_deployment: previous ? await previousDeployment(deps, agent, previous) : null,
  };
  return {
    appId: stored.app.id,
    payload,
    history: { action, version: stored.app.version },
    work: async (operationId, trace) => {
      const result = await hub.request(
        agent.id,
        'app.deploy',
        { deployment: payload.deployment, operation_id: operationId },
        timeout,
      );
      trace.output = result.output;
      stored.app.status = result.status;
      await saveStoredApp(context.db, stored, previous === null);
      return { id: stored.app.id };
    },
    undo: () => undoDeploy(hub, agent.id, payload, timeout),
  };
}

/** The running version's deployment, to roll back to; null when its template version (or proxy) is gone. */
async function previousDeployment(
  deps: AppDeps,
  agent: AgentRecord,
  previous: StoredApp,
): Promise<AppDeployment | null> {
  try {
    return await deploymentOf(deps, agent, previous);
  } catch {
    return null;
  }
}
