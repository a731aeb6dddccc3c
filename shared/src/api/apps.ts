import type { AppStatusCode } from '../types';
import { apiCall } from './client';

/** Control operations and the action the control call carries (spec section 4: only active or stopped). */
export type AppOperation = 'start' | 'stop' | 'restart' | 'update' | 'redeploy';
const ACTION_OF: Record<AppOperation, 'active' | 'stopped'> = {
  start: 'active',
  stop: 'stopped',
  restart: 'active',
  update: 'active',
  redeploy: 'active',
};

export async function controlApp(
  agentId: string,
  appId: string,
  operation: AppOperation,
): Promise<AppStatusCode | null> {
  const { data } = await apiCall<{ status?: AppStatusCode } | null>('/api/v1/apps/control-app', {
    method: 'POST',
    query: { agent_id: agentId },
    body: { app_id: appId, action: ACTION_OF[operation], operation },
    failureMessage: `Failed to ${operation} app`,
    idempotent: true,
  });
  return data?.status ?? null;
}

/**
 * Expose Port asked before Deploy: why the server would refuse `port` for the app (null: one not
 * created yet), a proxy's port, another app's or anything else on the host holding it; null when free.
 */
export async function checkHostPort(
  agentId: string,
  appId: string | null,
  port: number,
): Promise<string | null> {
  const { data } = await apiCall<{ refusal?: string | null } | null>('/api/v1/apps/check-host-port', {
    method: 'POST',
    query: { agent_id: agentId },
    body: { app_id: appId ?? '', port },
    failureMessage: 'Failed to check the host port',
  });
  return data?.refusal ?? null;
}

/** Deletes an app from its server and Dockhand; its named volumes stay when `keepVolumes`. */
export async function deleteApp(agentId: string, appId: string, keepVolumes: boolean): Promise<void> {
  await apiCall<unknown>('/api/v1/apps/delete-app', {
    method: 'POST',
    query: { agent_id: agentId },
    body: { app_id: appId, keep_volumes: keepVolumes },
    failureMessage: 'Failed to delete app',
    idempotent: true,
  });
}

/** What the server's agent holds that Dockhand has no record of, and records whose app it lacks. */
export interface AppInventory {
  found: { app_id: string; project: string }[];
  missing: string[];
}

export async function fetchAppInventory(agentId: string, signal?: AbortSignal): Promise<AppInventory> {
  const { data } = await apiCall<AppInventory | null>('/api/v1/apps/get-inventory', {
    query: { agent_id: agentId },
    failureMessage: 'Failed to fetch the server inventory',
    signal,
  });
  return data ?? { found: [], missing: [] };
}

/** Adopt (make it a Dockhand app) or remove (the agent's normal delete) an app found on the server. */
export async function settleFoundApp(
  agentId: string,
  appId: string,
  action: 'adopt' | 'remove',
): Promise<string> {
  const { message } = await apiCall<unknown>(
    `/api/v1/apps/${action === 'adopt' ? 'adopt-app' : 'remove-found-app'}`,
    {
      method: 'POST',
      query: { agent_id: agentId },
      body: { app_id: appId },
      failureMessage: action === 'adopt' ? 'Failed to adopt app' : 'Failed to remove app',
      idempotent: true,
    },
  );
  return message;
}
