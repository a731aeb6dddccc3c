/**
 * Finishing or rolling back operations a crash interrupted, once their agent says what it holds
 * (its inventory, sent on every connection). The rules (README 'Crash safety'):
 * - create/install, pending: the agent holds the app with the digest of the deployment the
 *   operation sent → the record is saved from the operation's payload (done); otherwise whatever
 *   the agent holds of it is removed through the normal delete (failed, 'interrupted').
 * - update, pending: the agent holds the new deployment → the new rows are saved (done); it holds
 *   the previous one → nothing to do (failed); anything else → the previous one is redeployed.
 * - delete, pending: the delete is sent again (the agent's journal answers it if it already ran),
 *   then the rows go (done).
 * - control, pending: nothing to undo; statuses follow from the agent (failed, 'interrupted').
 * - undo-pending (the undo after a failure could not reach the agent): the undo runs now.
 */
import { deploymentDigest, type InventoryEntry } from 'contract';
import type { OperationRow } from '../operations/operation-store.js';
import { listUnfinishedOperations } from '../operations/operation-store.js';
import { interruptedOutcome } from '../operations/operation-log.js';
import type { AppDeps } from './app-lookup.js';
import { undoDeploy, type DeletePayload, type DeployPayload } from './app-operations.js';
import { deleteApp, findApp, saveStoredApp } from './app-store.js';

export async function recoverOperations(
  deps: AppDeps,
  agentId: string,
  held: InventoryEntry[],
  log: (message: string) => void,
): Promise<void> {
  for (const row of await listUnfinishedOperations(deps.context.db, agentId)) {
    // Operations this process is still running are not interrupted.
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

async function recoverOne(deps: AppDeps, row: OperationRow, held: InventoryEntry | null): Promise<void> {
  const { context, hub, operations } = deps;
  const timeout = context.config.agentHub.deployTimeoutMs;
  if (row.kind === 'create' || row.kind === 'update') {
    const payload = JSON.parse(row.payload) as DeployPayload;
    if (row.state === 'undo-pending') {
      await undoDeploy(hub, row.agent_id, payload, timeout);
      await operations.finish(row.id, 'failed');
      return;
    }
    if (held?.digest === deploymentDigest(payload.deployment)) {
      const exists = (await findApp(context.db, row.app_id)) !== null;
      await saveStoredApp(context.db, payload.stored, !exists);
      await operations.finish(row.id, 'done', { ok: true, result: { id: row.app_id } });
      return;
    }
    const holdsPrevious =
      payload.previous_deployment !== null && held?.digest === deploymentDigest(payload.previous_deployment);
    if (held && !holdsPrevious) await undoDeploy(hub, row.agent_id, payload, timeout);
    await operations.finish(row.id, 'failed', interruptedOutcome());
    return;
  }
  if (row.kind === 'delete') {
    const { keep_volumes } = JSON.parse(row.payload) as Partial<DeletePayload>;
    await hub.request(
      row.agent_id,
      'app.delete',
      { app_id: row.app_id, operation_id: row.id, keep_volumes: keep_volumes === true },
      timeout,
    );
    await deleteApp(context.db, row.app_id);
    await operations.finish(row.id, 'done', { ok: true, result: { deleted: true } });
    return;
  }
  await operations.finish(row.id, 'failed', interruptedOutcome());
}
