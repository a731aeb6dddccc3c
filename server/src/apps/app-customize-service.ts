/** Customizing apps (spec section 7, update-app-icon and update-app-name): no redeploy needed. */
import type { AgentRecord } from '../agents/agent-store.js';
import { requireApp, requireWritable, uniqueName, type AppDeps } from './app-lookup.js';
import { validateColor, validateIcon } from './app-rules.js';
import { updateAppFields } from './app-store.js';

export async function updateAppIcon(
  deps: AppDeps,
  agent: AgentRecord,
  input: { app_id?: unknown; icon?: unknown; color?: unknown },
) {
  requireWritable(deps, agent, false);
  const app = await requireApp(deps, agent, input.app_id);
  const icon = validateIcon(input.icon, app.icon);
  const color = validateColor(input.color, app.color);
  await updateAppFields(deps.context.db, app.id, { icon, color });
  return { icon, color };
}

export async function updateAppName(
  deps: AppDeps,
  agent: AgentRecord,
  input: { app_id?: unknown; name?: unknown },
) {
  requireWritable(deps, agent, false);
  const app = await requireApp(deps, agent, input.app_id);
  const name = await uniqueName(deps, agent.id, input.name, app.id);
  await updateAppFields(deps.context.db, app.id, { name });
  return { name };
}
