import { randomUUID } from 'node:crypto';
import { memberRoles, requireAgentAccess, requireOnline } from '../agents/agent-access.js';
import { listAgentsOfUser, type AgentRecord } from '../agents/agent-store.js';
import { generateSecretValue, getCatalog, type Catalog } from '../catalog/templates.js';
import type { TemplateDeployment } from '../catalog/template-types.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors/domain-error.js';
import type { AgentHub } from '../hub/agent-hub.js';
import type { AppDeployment, AppLogs, AppOperation } from 'contract';
import { buildDeployment, parseUserEntries, toAppDetails, type ConfigInput } from './app-config.js';
import { optionalText, projectNameFor, validateAppName, validateColor } from './app-rules.js';
import {
  appNameTaken,
  deleteApp,
  findApp,
  listAppsOfAgents,
  loadStoredApp,
  saveStoredApp,
  updateAppFields,
  type AppRow,
  type AppVariableRow,
  type StoredApp,
} from './app-store.js';
import { encryptForCertificate } from './secret-envelope.js';

const DEFAULT_ICON = 'Package';
const DEFAULT_COLOR = '#3B82F6';
const OPERATIONS: Record<string, 'active' | 'stopped'> = {
  start: 'active',
  restart: 'active',
  update: 'active',
  redeploy: 'active',
  stop: 'stopped',
};

function appNotFound(): DomainError {
  return new DomainError('APP_NOT_FOUND', 'App ID not found');
}

/** Apps on agents (spec section 7, Apps and Catalog install): rules here, Docker on the agent. */
export class AppService {
  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
  ) {}

  private get catalog(): Catalog {
    return getCatalog(this.context.config);
  }

  async list(agent: AgentRecord) {
    const apps = await listAppsOfAgents(this.context.db, [agent.id]);
    const online = this.hub.isOnline(agent.id);
    return apps.map((app) => ({
      id: app.id,
      name: app.name,
      icon: app.icon,
      color: app.color,
      extension: app.extension,
      status: online ? app.status : 0,
    }));
  }

  /** Statuses of one agent's apps, or of every app on the user's agents when none is given. */
  async statuses(userId: string, agentId: string | undefined) {
    const agentIds = agentId
      ? [(await requireAgentAccess(this.context, userId, agentId, memberRoles)).id]
      : (await listAgentsOfUser(this.context.db, userId)).map((agent) => agent.id);
    const apps = await listAppsOfAgents(this.context.db, agentIds);
    return apps.map((app) => ({ app_id: app.id, status: this.hub.isOnline(app.agent_id) ? app.status : 0 }));
  }

  async get(agent: AgentRecord, appId: unknown, version: unknown) {
    const stored = await loadStoredApp(this.context.db, await this.requireApp(agent, appId));
    const wanted = typeof version === 'string' && version.trim() ? version.trim() : null;
    const template = this.templateOf(stored.app, agent, wanted);
    const meta = stored.app.template_id
      ? this.templateMeta(stored.app.template_id)
      : { tags: [], versions: [] };
    return toAppDetails(stored, template, meta, template?.version ?? stored.app.version);
  }

  async create(agent: AgentRecord, input: ConfigInput) {
    this.requireWritable(agent);
    const config = input.config ?? {};
    const name = await this.uniqueName(agent.id, config.name, null);
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
    await this.deployThenSave(agent, stored, null, true);
    return { id };
  }

  async update(agent: AgentRecord, input: ConfigInput) {
    this.requireWritable(agent);
    const config = input.config ?? {};
    if (typeof config.id !== 'string' || !config.id)
      throw new DomainError('APP_ID_REQUIRED', 'App ID is required for update');
    const existing = await loadStoredApp(this.context.db, await this.requireApp(agent, config.id));
    const version = optionalText(config.version, existing.app.version, 100);
    const template = this.templateOf({ ...existing.app, version }, agent, version);
    const app: AppRow = {
      ...existing.app,
      name:
        config.name === undefined
          ? existing.app.name
          : await this.uniqueName(agent.id, config.name, existing.app.id),
      description: optionalText(config.description, existing.app.description),
      version: template?.version ?? version,
      icon: optionalText(config.icon, existing.app.icon, 100) ?? existing.app.icon,
      color: validateColor(config.color, existing.app.color),
      updated_at: Date.now(),
    };
    const inherited = existing.variables.filter((variable) => variable.type === 'inherited');
    const user = parseUserEntries(input, app.id, existing);
    const stored: StoredApp = { app, files: user.files, variables: [...inherited, ...user.variables] };
    await this.deployThenSave(agent, stored, existing, false);
    return { id: app.id };
  }

  async install(agent: AgentRecord, input: { name?: unknown; template_id?: unknown; version?: unknown }) {
    this.requireWritable(agent);
    const name = await this.uniqueName(agent.id, input.name, null);
    if (typeof input.template_id !== 'string' || !input.template_id)
      throw new DomainError('TEMPLATE_REQUIRED', 'Template ID is required');
    const template = this.catalog.getTemplate(input.template_id);
    const deployment = this.catalog.getDeployment(
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
    await this.deployThenSave(agent, { app, files: [], variables }, null, true);
    return { id };
  }

  async control(agent: AgentRecord, input: { app_id?: unknown; action?: unknown; operation?: unknown }) {
    const app = await this.requireApp(agent, input.app_id);
    requireOnline(this.context, agent);
    const operation = controlOperation(input.action, input.operation);
    let deployment: AppDeployment | undefined;
    if (operation === 'update' || operation === 'redeploy') {
      const stored = await loadStoredApp(this.context.db, app);
      deployment = buildDeployment(stored, this.templateOf(app, agent, app.version));
    }
    const result = await this.hub.request(
      agent.id,
      'app.control',
      { app_id: app.id, operation, deployment },
      this.context.config.agentHub.deployTimeoutMs,
    );
    await updateAppFields(this.context.db, app.id, { status: result.status });
    return { app_id: app.id, status: result.status, operation };
  }

  async delete(agent: AgentRecord, appId: unknown) {
    const app = await this.requireApp(agent, appId);
    requireOnline(this.context, agent);
    await this.hub.request(
      agent.id,
      'app.delete',
      { app_id: app.id },
      this.context.config.agentHub.deployTimeoutMs,
    );
    await deleteApp(this.context.db, app.id);
  }

  async updateIcon(agent: AgentRecord, input: { app_id?: unknown; icon?: unknown; color?: unknown }) {
    this.requireWritable(agent, false);
    const app = await this.requireApp(agent, input.app_id);
    const icon = optionalText(input.icon, app.icon, 100) ?? app.icon;
    const color = validateColor(input.color, app.color);
    await updateAppFields(this.context.db, app.id, { icon, color });
    return { icon, color };
  }

  async updateName(agent: AgentRecord, input: { app_id?: unknown; name?: unknown }) {
    this.requireWritable(agent, false);
    const app = await this.requireApp(agent, input.app_id);
    const name = await this.uniqueName(agent.id, input.name, app.id);
    await updateAppFields(this.context.db, app.id, { name });
    return { name };
  }

  async logs(agent: AgentRecord, query: Record<string, unknown>): Promise<AppLogs> {
    const app = await this.requireApp(agent, query.app_id);
    requireOnline(this.context, agent);
    const since = optionalMs(query.since);
    const tail = optionalMs(query.tail) ?? (since === undefined ? 50 : undefined);
    return this.hub.request(agent.id, 'app.logs', {
      app_id: app.id,
      tail: tail === undefined ? undefined : Math.min(tail, 2000),
      since_ms: since,
      until_ms: optionalMs(query.until),
    });
  }

  /** Sends the deployment first; the database changes only when the agent confirms. */
  private async deployThenSave(
    agent: AgentRecord,
    stored: StoredApp,
    previous: StoredApp | null,
    isNew: boolean,
  ): Promise<void> {
    requireOnline(this.context, agent);
    const template = this.templateOf(stored.app, agent, stored.app.version);
    const timeout = this.context.config.agentHub.deployTimeoutMs;
    try {
      const result = await this.hub.request(
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
          ? this.hub.request(agent.id, 'app.delete', { app_id: stored.app.id }, timeout)
          : this.hub.request(
              agent.id,
              'app.deploy',
              {
                deployment: buildDeployment(
                  previous,
                  this.templateOf(previous.app, agent, previous.app.version),
                ),
              },
              timeout,
            );
      undo.catch(() => undefined);
      throw error;
    }
    await saveStoredApp(this.context.db, stored, isNew);
  }

  /** Installing and editing need a plan (and, to deploy, the agent online). */
  private requireWritable(agent: AgentRecord, needsOnline = true): void {
    if (agent.subscription_status !== 'free' && agent.subscription_status !== 'paid') {
      throw new DomainError(
        'AGENT_UNPAID',
        'This server has no active plan. Assign it a Free or Pro plan to install or edit apps.',
      );
    }
    if (needsOnline) requireOnline(this.context, agent);
  }

  private async requireApp(agent: AgentRecord, appId: unknown): Promise<AppRow> {
    if (typeof appId !== 'string' || !appId) throw new DomainError('APP_ID_REQUIRED', 'App ID is required');
    const app = await findApp(this.context.db, appId);
    if (!app || app.agent_id !== agent.id) throw appNotFound();
    return app;
  }

  private async uniqueName(agentId: string, name: unknown, exceptAppId: string | null): Promise<string> {
    const valid = validateAppName(name);
    if (await appNameTaken(this.context.db, agentId, valid, exceptAppId))
      throw new DomainError('APP_NAME_TAKEN', 'An app with this name already exists');
    return valid;
  }

  private templateOf(
    app: Pick<AppRow, 'template_id' | 'version'>,
    agent: AgentRecord,
    version: string | null,
  ): TemplateDeployment | null {
    if (!app.template_id) return null;
    return this.catalog.getDeployment(app.template_id, version ?? app.version, {
      freePlanOnly: agent.subscription_status === 'free',
    });
  }

  private templateMeta(templateId: string) {
    const template = this.catalog.getTemplate(templateId);
    return {
      tags: template.registry.tags,
      versions: template.registry.releases.map((release) => ({
        name: release.name,
        breaking_changes: release.breaking_changes,
      })),
    };
  }
}

/** Wire action per spec is 'active' | 'stopped'; `operation` refines it (restart, update, redeploy). */
export function controlOperation(action: unknown, operation: unknown): AppOperation {
  if (action !== 'active' && action !== 'stopped')
    throw new DomainError('APP_ACTION_INVALID', "Action must be 'active' or 'stopped'");
  if (operation === undefined || operation === null || operation === '')
    return action === 'active' ? 'start' : 'stop';
  if (typeof operation !== 'string' || OPERATIONS[operation] !== action) {
    throw new DomainError(
      'APP_OPERATION_INVALID',
      `Operation must be one of start, restart, update, redeploy (action 'active') or stop (action 'stopped')`,
    );
  }
  return operation as AppOperation;
}

function optionalMs(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new DomainError('INVALID_REQUEST', 'Invalid request');
  return Math.floor(number);
}
