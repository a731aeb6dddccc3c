/**
 * What every app use case needs: the app of an agent, the plan check for edits, a free name, and
 * the catalog template an app was installed from.
 */
import { isAppId, newAppId } from 'contract';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { getCatalog, type Catalog } from '../catalog/templates.js';
import type { TemplateDeployment } from '../catalog/template-types.js';
import type { AppContext } from '../context.js';
import type { AgentHub } from '../hub/agent-hub.js';
import { operationErrors } from '../operations/errors.js';
import type { OperationLog } from '../operations/operation-log.js';
import { listOperationsOfApp } from '../operations/operation-store.js';
import { validateAppName } from './app-rules.js';
import { appNameTaken, findApp, type AppRow } from './app-store.js';
import { appErrors } from './errors.js';

/** The app use cases act through the database and, on the server itself, through the agent hub. */
export interface AppDeps {
  context: AppContext;
  hub: AgentHub;
  /** Mutating calls run as operations: idempotent retries, undo kept across agent outages. */
  operations: OperationLog;
}

export const DEFAULT_ICON = 'Package';
export const DEFAULT_COLOR = '#3B82F6';

type NewAppFields = Pick<AppRow, 'id' | 'agent_id' | 'name' | 'project'> &
  Partial<Pick<AppRow, 'description' | 'version' | 'template_id' | 'extension' | 'icon' | 'color'>>;

/** The row of an app about to be deployed (or adopted): no status yet, default icon and colour. */
export function newAppRow(fields: NewAppFields): AppRow {
  const now = Date.now();
  return {
    description: null,
    version: null,
    template_id: null,
    extension: null,
    icon: DEFAULT_ICON,
    color: DEFAULT_COLOR,
    ...fields,
    extension_values: '[]',
    supported_extensions: '[]',
    status: 0,
    created_at: now,
    updated_at: now,
  };
}

export function catalogOf(deps: AppDeps): Catalog {
  return getCatalog(deps.context.config);
}

/** The app `appId` of this agent; another agent's app answers like an unknown one. */
export async function requireApp(deps: AppDeps, agent: AgentRecord, appId: unknown): Promise<AppRow> {
  if (typeof appId !== 'string' || !appId) throw appErrors.idRequired();
  const app = await findApp(deps.context.db, appId);
  if (!app || app.agent_id !== agent.id) throw appErrors.notFound();
  return app;
}

/**
 * The id of an app about to be created or installed: the one the dashboard proposes (contract
 * app-id.ts: it watches the deploy by it, and a retry after a failed create stays the same app, so
 * both attempts are in its history), or a new one. A proposed id is refused once an app has it or
 * anything but a failed create of this server used it (a deleted app's history stays its own).
 */
export async function claimAppId(deps: AppDeps, agent: AgentRecord, proposed: unknown): Promise<string> {
  if (proposed === undefined || proposed === null || proposed === '') return newAppId();
  if (typeof proposed !== 'string' || !isAppId(proposed)) throw appErrors.idInvalid();
  if (await findApp(deps.context.db, proposed)) throw appErrors.idTaken();
  const earlier = await listOperationsOfApp(deps.context.db, proposed);
  const usedOtherwise = (operation: (typeof earlier)[number]) =>
    operation.agent_id !== agent.id || operation.kind !== 'create' || operation.state === 'done';
  if (earlier.some(usedOtherwise)) throw appErrors.idTaken();
  // A create of this id still running, or still being undone on the agent, goes first.
  if (earlier.some((operation) => operation.state !== 'failed')) throw operationErrors.inProgress();
  return proposed;
}

/** Installing and editing need a plan (and, to deploy, the agent online). */
export function requireWritable(deps: AppDeps, agent: AgentRecord, needsOnline = true): void {
  if (agent.subscription_status !== 'free' && agent.subscription_status !== 'paid')
    throw appErrors.agentUnpaid();
  if (needsOnline) requireOnline(deps.context, agent);
}

/** A valid name no other app of the agent has (case-insensitive). */
export async function uniqueName(
  deps: AppDeps,
  agentId: string,
  name: unknown,
  exceptAppId: string | null,
): Promise<string> {
  const valid = validateAppName(name);
  if (await appNameTaken(deps.context.db, agentId, valid, exceptAppId)) throw appErrors.nameTaken();
  return valid;
}

/** The template deployment of a catalog app at `version`, as the agent's plan allows; null for custom apps. */
export function templateOf(
  deps: AppDeps,
  app: Pick<AppRow, 'template_id' | 'version'>,
  agent: AgentRecord,
  version: string | null,
): TemplateDeployment | null {
  if (!app.template_id) return null;
  return catalogOf(deps).getDeployment(app.template_id, version ?? app.version, {
    freePlanOnly: agent.subscription_status === 'free',
  });
}

export function templateMeta(deps: AppDeps, templateId: string) {
  const template = catalogOf(deps).getTemplate(templateId);
  return {
    tags: template.registry.tags,
    versions: template.registry.releases.map((release) => ({
      name: release.name,
      breaking_changes: release.breaking_changes,
    })),
  };
}
