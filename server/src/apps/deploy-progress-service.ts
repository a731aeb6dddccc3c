/**
 * Watching and cancelling a running deploy (issue 14): the app's deploy that runs now, with the
 * latest progress its agent reported (kept in memory by the hub, hub/deploy-progress-board.ts),
 * and its cancel, which asks the agent to stop it; the deploy then fails and is put back by the
 * path every failed deploy takes (the agent's rollback, then the operation's undo).
 */
import { DEPLOY_ACTIONS, type DeployAction, type RunningDeploy } from 'contract';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { findRunningDeploy } from '../operations/operation-store.js';
import type { AppDeps } from './app-lookup.js';
import { appErrors } from './errors.js';

/** The deploys a user watches and may cancel; the plain controls and delete are over in seconds. */
const UNWATCHED: readonly DeployAction[] = ['start', 'stop', 'restart', 'delete'];
const WATCHED_ACTIONS = DEPLOY_ACTIONS.filter((action) => !UNWATCHED.includes(action));

/** The app's running deploy, or null. A create is found before its app is saved (by its app id). */
export async function runningDeploy(
  deps: AppDeps,
  agent: AgentRecord,
  appId: string,
): Promise<RunningDeploy | null> {
  const row = await findRunningDeploy(deps.context.db, agent.id, appId, WATCHED_ACTIONS);
  if (!row) return null;
  return {
    id: row.id,
    action: row.action as DeployAction,
    version: row.version,
    started_at: row.created_at,
    elapsed_ms: Math.max(0, Date.now() - row.created_at),
    progress: await deps.hub.deployProgress(agent.id, row.id),
  };
}

/** Stops the app's running deploy `deployId`; refused when it is not (or no longer) running. */
export async function cancelDeploy(
  deps: AppDeps,
  agent: AgentRecord,
  appId: string,
  deployId: string,
): Promise<void> {
  const running = await findRunningDeploy(deps.context.db, agent.id, appId, WATCHED_ACTIONS);
  if (running?.id !== deployId) throw appErrors.deployNotRunning();
  requireOnline(deps.context, agent);
  const { cancelled } = await deps.hub.request(agent.id, 'operation.cancel', { operation_id: deployId });
  if (!cancelled) throw appErrors.deployNotRunning();
}
