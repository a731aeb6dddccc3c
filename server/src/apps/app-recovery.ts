/**
 * Finishing or rolling back operations whose outcome this server does not know, once their agent
 * is connected and has said what it holds (its inventory, sent on every connection and after every
 * change): interrupted by a server restart ('pending'), cut off by the agent's connection dropping
 * before it answered ('unknown'), or failed with an undo that could not reach the agent
 * ('undo-pending'). The rules are written down in server/README.md, 'Crash safety':
 * 1. undo-pending: the undo runs now (failed; the retry keeps the first outcome).
 * 2. Otherwise the agent's journal is asked (operation.status):
 *    - running: left alone; the agent's next inventory, sent when it ends, brings it back here.
 *    - done: the server side is finished as the answer would have done it (done).
 *    - failed: the agent refused it and put back what it had changed (failed, its message).
 *    - interrupted (the agent stopped in the middle) or unknown (never reached, or forgotten): by
 *      kind, below (`settleWithoutAnswer`).
 */
import { deploymentDigest, type InventoryEntry, type OperationStatus } from 'contract';
import { hubErrors } from '../hub/errors.js';
import { operationErrors } from '../operations/errors.js';
import { failedOutcome } from '../operations/operation-log.js';
import type { OperationRow } from '../operations/operation-store.js';
import { listUnfinishedOperations } from '../operations/operation-store.js';
import type { AppDeps } from './app-lookup.js';
import { undoDeploy, type DeletePayload, type DeployPayload } from './app-operations.js';
import { deleteApp, findApp, saveStoredApp, updateAppFields } from './app-store.js';
import { isReplicaLive } from '../replicas/replica-store.js';

export async function recoverOperations(
  deps: AppDeps,
  agentId: string,
  held: InventoryEntry[],
  log: (message: string) => void,
): Promise<void> {
  for (const row of await listUnfinishedOperations(deps.context.db, agentId)) {
    // Operations this process, or another live replica, is still running are not interrupted.
    if (await runningElsewhere(deps, row)) continue;
    if (!deps.operations.claim(row.id)) continue;
    try {
      await recoverOne(deps, row, held.find((entry) => entry.app_id === row.app_id) ?? null);
    } catch (error) {
      log(
        `operation ${row.id} (${row.kind}) not recovered yet: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      deps.operations.release(row.id);
    }
  }
}

/** A pending operation another replica runs: that replica answers it, unless it has died. */
async function runningElsewhere(deps: AppDeps, row: OperationRow): Promise<boolean> {
  if (row.state !== 'pending' || !row.replica_id || row.replica_id === deps.operations.replicaId)
    return false;
  return isReplicaLive(deps.context.db, row.replica_id);
}

async function recoverOne(deps: AppDeps, row: OperationRow, held: InventoryEntry | null): Promise<void> {
  const { context, hub, operations } = deps;
  if (row.state === 'undo-pending') {
    if (row.kind === 'create' || row.kind === 'update')
      await undoDeploy(hub, row.agent_id, deployPayload(row), context.config.agentHub.deployTimeoutMs);
    await operations.finish(row.id, 'failed');
    return;
  }
  // An adopt changes nothing on the agent: its record was saved in one transaction, or not at all.
  if (row.kind === 'adopt') {
    if (await findApp(context.db, row.app_id))
      await operations.finish(row.id, 'done', { ok: true, result: { id: row.app_id } });
    else await operations.finish(row.id, 'failed', failedOutcome(operationErrors.interrupted('server')));
    return;
  }
  const status = await journalStatus(deps, row);
  if (status.state === 'running') return;
  if (status.state === 'done') return finishDone(deps, row, status.result);
  if (status.state === 'failed') {
    await operations.finish(row.id, 'failed', failedOutcome(hubErrors.agentFailed(status.message)));
    return;
  }
  // Who stopped in the middle, for the retry's message: the agent says so; else the row tells.
  const by = status.state === 'interrupted' || row.state === 'unknown' ? 'agent' : 'server';
  await settleWithoutAnswer(deps, row, held, status.state === 'interrupted', by);
}

/** What the agent's journal knows of the operation; an agent older than the question knows nothing. */
async function journalStatus(deps: AppDeps, row: OperationRow): Promise<OperationStatus> {
  try {
    return await deps.hub.request(row.agent_id, 'operation.status', { operation_id: row.id });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === hubErrors.agentFailed('').code)
      return { state: 'unknown' };
    throw error;
  }
}

/** The agent finished the operation: the server side is completed as the lost answer would have. */
async function finishDone(deps: AppDeps, row: OperationRow, result: unknown): Promise<void> {
  const { context, operations } = deps;
  if (row.kind === 'create' || row.kind === 'update') {
    const payload = deployPayload(row);
    const status = (result as { status?: unknown } | null)?.status;
    if (typeof status === 'number') payload.stored.app.status = status;
    await saveStoredApp(context.db, payload.stored, (await findApp(context.db, row.app_id)) === null);
    await operations.finish(row.id, 'done', { ok: true, result: { id: row.app_id } });
  } else if (row.kind === 'delete' || row.kind === 'remove') {
    await deleteApp(context.db, row.app_id);
    await operations.finish(row.id, 'done', { ok: true, result: { deleted: true } });
  } else {
    const status = (result as { status: number }).status;
    const { operation } = JSON.parse(row.payload) as { operation: string };
    await updateAppFields(context.db, row.app_id, { status });
    await operations.finish(row.id, 'done', {
      ok: true,
      result: { app_id: row.app_id, status, operation },
    });
  }
}

/**
 * No answer to go by (the agent stopped in the middle: `interrupted`; or it never got the request):
 * - create: interrupted → rolled back through the agent's normal delete; never got it → the agent
 *   holds exactly the deployment sent: the record is saved (done), else what it holds is removed.
 * - update: interrupted → the previous deployment is redeployed; never got it → the agent holds
 *   the new deployment: saved (done), the previous one: kept, anything else: previous redeployed.
 * - delete, remove: sent again (safe to repeat), then the rows go (done).
 * - control: nothing to undo, statuses follow from the agent (failed).
 */
async function settleWithoutAnswer(
  deps: AppDeps,
  row: OperationRow,
  held: InventoryEntry | null,
  interrupted: boolean,
  by: 'server' | 'agent',
): Promise<void> {
  const { context, hub, operations } = deps;
  const timeout = context.config.agentHub.deployTimeoutMs;
  const failed = failedOutcome(operationErrors.interrupted(by));
  if (row.kind === 'create' || row.kind === 'update') {
    const payload = deployPayload(row);
    if (!interrupted && held?.digest === deploymentDigest(payload.deployment))
      return finishDone(deps, row, null);
    const holdsPrevious =
      payload.previous_deployment !== null && held?.digest === deploymentDigest(payload.previous_deployment);
    if (held && !holdsPrevious) await undoDeploy(hub, row.agent_id, payload, timeout);
    await operations.finish(row.id, 'failed', failed);
    return;
  }
  if (row.kind === 'delete' || row.kind === 'remove') {
    const { keep_volumes } = JSON.parse(row.payload) as Partial<DeletePayload>;
    await hub.request(
      row.agent_id,
      'app.delete',
      { app_id: row.app_id, keep_volumes: keep_volumes === true },
      timeout,
    );
    return finishDone(deps, row, null);
  }
  await operations.finish(row.id, 'failed', failed);
}

function deployPayload(row: OperationRow): DeployPayload {
  return JSON.parse(row.payload) as DeployPayload;
}
