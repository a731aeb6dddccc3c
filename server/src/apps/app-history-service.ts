/**
 * Reading an app's deploy history (issue 14): its last deploys, who started each, how it ended
 * and how long it took, and on request what compose printed. The history is the app's recorded
 * operations (operations/operation-log.ts), so nothing else has to be written to keep it.
 */
import {
  DEPLOY_HISTORY_LIMIT,
  type DeployAction,
  type DeployHistoryEntry,
  type DeployResult,
} from 'contract';
import type { AgentRecord } from '../agents/agent-store.js';
import { findDeployOutput, listDeployHistory, type DeployHistoryRow } from '../operations/operation-store.js';
import { requireApp, type AppDeps } from './app-lookup.js';
import { appErrors } from './errors.js';

export async function deployHistory(
  deps: AppDeps,
  agent: AgentRecord,
  appId: string,
): Promise<DeployHistoryEntry[]> {
  const app = await requireApp(deps, agent, appId);
  const rows = await listDeployHistory(deps.context.db, app.id, DEPLOY_HISTORY_LIMIT);
  return rows.map(historyEntry);
}

/**
 * One deploy's output: of the app when `appId` is given, else of any deploy of the agent (a failed
 * create or install leaves no app to name; its error block still shows what compose printed).
 */
export async function deployOutput(
  deps: AppDeps,
  agent: AgentRecord,
  appId: string | undefined,
  deployId: string,
): Promise<{ output: string }> {
  const owner = appId ? { appId: (await requireApp(deps, agent, appId)).id } : { agentId: agent.id };
  const found = await findDeployOutput(deps.context.db, owner, deployId);
  if (!found) throw appErrors.deployNotFound();
  return { output: found.output ?? '' };
}

function historyEntry(row: DeployHistoryRow): DeployHistoryEntry {
  const result = resultOf(row.state);
  return {
    id: row.id,
    action: row.action as DeployAction,
    version: row.version,
    result,
    message: result === 'failed' ? failureMessage(row.outcome) : null,
    user: row.user_name || row.user_email,
    started_at: row.created_at,
    duration_ms: row.finished_at === null ? null : row.finished_at - row.created_at,
    output_chars: row.output_chars,
  };
}

/** An operation waiting for its undo failed as far as the user is concerned. */
function resultOf(state: string): DeployResult {
  if (state === 'done') return 'succeeded';
  if (state === 'pending') return 'running';
  return 'failed';
}

function failureMessage(outcome: string | null): string | null {
  if (outcome === null) return null;
  const parsed = JSON.parse(outcome) as { ok: boolean; message?: string };
  return parsed.ok ? null : (parsed.message ?? null);
}
