/**
 * What an app operation records before the agent is asked (the payload of its app_operations row)
 * and how a failed one is undone on the agent. The same undo runs right after the failure and,
 * when the agent could not be reached then, at its next connection (app-recovery.ts).
 */
import type { AppDeployment } from 'contract';
import type { AgentHub } from '../hub/agent-hub.js';
import type { StoredApp } from './app-store.js';

/** create, update (install-app is a create): the rows to save and the deployments sent and replaced. */
export interface DeployPayload {
  is_new: boolean;
  stored: StoredApp;
  deployment: AppDeployment;
  /** The deployment an update replaces (to roll back to); null for a create, or if it cannot be built. */
  previous_deployment: AppDeployment | null;
}

/** delete: whether the app's data volumes stay (a delete finished after a crash keeps its choice). */
export interface DeletePayload {
  keep_volumes: boolean;
}

/**
 * Puts the agent back where it was before a failed deploy: the previous deployment, or no app.
 * Undo requests carry no operation id: they are safe to repeat, and a failed attempt must be
 * able to run again when the agent is back.
 */
export async function undoDeploy(
  hub: AgentHub,
  agentId: string,
  payload: DeployPayload,
  timeoutMs: number,
): Promise<void> {
  if (payload.is_new)
    await hub.request(agentId, 'app.delete', { app_id: payload.deployment.app_id }, timeoutMs);
  else if (payload.previous_deployment)
    await hub.request(agentId, 'app.deploy', { deployment: payload.previous_deployment }, timeoutMs);
}
