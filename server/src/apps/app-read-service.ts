/** Reading apps (spec section 7, Apps): the list, statuses, one app's details and its logs. */
import { requireAgentAccess, requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { statusesAreLive } from '../hub/presence.js';
import { invalidRequest } from '../errors/domain-error.js';
import { LogLimits, ORGANIZATION_ROLES, type AppLogs } from 'contract';
import { toAppDetails } from './app-config.js';
import { requireApp, templateMeta, templateOf, type AppDeps } from './app-lookup.js';
import { storedExtensionValues, supportedExtensionsOf } from './app-extensions.js';
import {
  findApp,
  listAppStatusesOfUser,
  listAppsOfAgents,
  listExtensionUsers,
  loadStoredApp,
} from './app-store.js';

/** The apps of an offline agent, or of one whose Docker does not answer, show status 0 (unknown). */
export async function listApps(deps: AppDeps, agent: AgentRecord) {
  const apps = await listAppsOfAgents(deps.context.db, [agent.id]);
  const live = statusesAreLive(deps.hub, agent.id);
  return apps.map((app) => ({
    id: app.id,
    name: app.name,
    icon: app.icon,
    color: app.color,
    extension: app.extension,
    status: live ? app.status : 0,
  }));
}

/** Statuses of one agent's apps, or of every app on the user's agents when none is given. */
export async function appStatuses(deps: AppDeps, userId: string, agentId: string | undefined) {
  const { context, hub } = deps;
  const apps = agentId
    ? await listAppsOfAgents(context.db, [
        (await requireAgentAccess(context, userId, agentId, { roles: ORGANIZATION_ROLES })).id,
      ])
    : await listAppStatusesOfUser(context.db, userId);
  return apps.map((app) => ({ app_id: app.id, status: statusesAreLive(hub, app.agent_id) ? app.status : 0 }));
}

/** The app with its configuration, at its own version or at `version` of its template. */
export async function getApp(deps: AppDeps, agent: AgentRecord, appId: unknown, version: unknown) {
  const stored = await loadStoredApp(deps.context.db, await requireApp(deps, agent, appId));
  const wanted = typeof version === 'string' && version.trim() ? version.trim() : null;
  const template = templateOf(deps, stored.app, agent, wanted);
  const meta = stored.app.template_id
    ? templateMeta(deps, stored.app.template_id)
    : { tags: [], versions: [] };
  // A value naming a proxy that was deleted shows as None, not as a dangling reference.
  const values = [];
  for (const value of storedExtensionValues(stored.app)) {
    const provider =
      value.extension_app_id === stored.app.id
        ? stored.app
        : await findApp(deps.context.db, value.extension_app_id);
    if (provider?.agent_id === agent.id) values.push(value);
  }
  const supported = supportedExtensionsOf(stored.app, template);
  // A provider (a proxy) names the apps that use it: deleting it leaves them with None.
  const users = stored.app.extension
    ? await listExtensionUsers(deps.context.db, agent.id, stored.app.id)
    : [];
  return toAppDetails(stored, template, meta, template?.version ?? stored.app.version, {
    values,
    supported,
    users,
  });
}

/** The latest 50 lines first, then the lines since the last one (at most 2000 per answer). */
export async function appLogs(
  deps: AppDeps,
  agent: AgentRecord,
  query: { app_id: string; tail?: string; since?: string; until?: string },
): Promise<AppLogs> {
  const app = await requireApp(deps, agent, query.app_id);
  requireOnline(deps.context, agent);
  const since = optionalMs(query.since);
  const tail = optionalMs(query.tail) ?? (since === undefined ? LogLimits.firstTail : undefined);
  return deps.hub.request(agent.id, 'app.logs', {
    app_id: app.id,
    tail: tail === undefined ? undefined : Math.min(tail, LogLimits.maxLines),
    since_ms: since,
    until_ms: optionalMs(query.until),
  });
}

function optionalMs(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw invalidRequest();
  return Math.floor(number);
}
