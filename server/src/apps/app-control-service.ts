/** Operating apps (spec section 7, control-app and delete-app): the agent acts, the stored status follows. */
import { requireDockerResponding, requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import type { AppDeployment, AppOperation, DeployAction } from 'contract';
import { deploymentOf } from './app-deployment.js';
import { requireApp, type AppDeps } from './app-lookup.js';
import type { OperationRequest } from '../operations/operation-log.js';
import { deleteApp, loadStoredApp, updateAppFields } from './app-store.js';
import type { DeletePayload } from './app-operations.js';
import { appErrors } from './errors.js';

const OPERATIONS: Record<string, 'active' | 'stopped'> = {
  start: 'active',
  restart: 'active',
  update: 'active',
  redeploy: 'active',
  stop: 'stopped',
};

/** Every control is listed in the app's history, with its outcome and compose's output. */
const HISTORY_ACTIONS: Record<AppOperation, DeployAction> = {
  start: 'start',
  stop: 'stop',
  restart: 'restart',
  update: 'update',
  redeploy: 'redeploy',
};

export async function controlApp(
  deps: AppDeps,
  agent: AgentRecord,
  input: { app_id?: unknown; action?: unknown; operation?: unknown },
  request: OperationRequest,
): Promise<{ app_id: string; status: number; operation: AppOperation }> {
  const { context, hub } = deps;
  return deps.operations.run({ request, agentId: agent.id, kind: 'control' }, async () => {
    const app = await requireApp(deps, agent, input.app_id);
    requireOnline(context, agent);
    requireDockerResponding(hub, agent);
    const operation = controlOperation(input.action, input.operation);
    let deployment: AppDeployment | undefined;
    if (operation === 'update' || operation === 'redeploy') {
      const stored = await loadStoredApp(context.db, app);
      deployment = await deploymentOf(deps, agent, stored);
    }
    return {
      appId: app.id,
      payload: { operation },
      history: { action: HISTORY_ACTIONS[operation], version: app.version },
      work: async (operationId, trace) => {
        const result = await hub.request(
          agent.id,
          'app.control',
          { app_id: app.id, operation, deployment, operation_id: operationId },
          context.config.agentHub.deployTimeoutMs,
        );
        trace.output = result.output;
        await updateAppFields(context.db, app.id, { status: result.status });
        return { app_id: app.id, status: result.status, operation };
      },
    };
  });
}

/**
 * Removes the app from its server first (containers, networks, named volumes unless kept, images
 * built for it, files), then its rows (a delete interrupted by a crash is finished later).
 */
export async function removeApp(
  deps: AppDeps,
  agent: AgentRecord,
  appId: unknown,
  options: { keepVolumes: boolean },
  request: OperationRequest,
): Promise<void> {
  const { context, hub } = deps;
  await deps.operations.run({ request, agentId: agent.id, kind: 'delete' }, async () => {
    const app = await requireApp(deps, agent, appId);
    requireOnline(context, agent);
    return {
      appId: app.id,
      payload: { keep_volumes: options.keepVolumes } satisfies DeletePayload,
      history: { action: 'delete', version: app.version },
      work: async (operationId, trace) => {
        const result = await hub.request(
          agent.id,
          'app.delete',
          { app_id: app.id, operation_id: operationId, keep_volumes: options.keepVolumes },
          context.config.agentHub.deployTimeoutMs,
        );
        trace.output = result.output;
        await deleteApp(context.db, app.id);
        return { deleted: true };
      },
    };
  });
}

/** Wire action per spec is 'active' | 'stopped'; `operation` refines it (restart, update, redeploy). */
export function controlOperation(action: unknown, operation: unknown): AppOperation {
  if (action !== 'active' && action !== 'stopped') throw appErrors.actionInvalid();
  if (operation === undefined || operation === null || operation === '')
    return action === 'active' ? 'start' : 'stop';
  if (typeof operation !== 'string' || OPERATIONS[operation] !== action) throw appErrors.operationInvalid();
  return operation as AppOperation;
}
