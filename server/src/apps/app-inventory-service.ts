/**
 * One inventory, reconciled (issue 15): what each connected agent reports it holds, compared with
 * the app records. An app the agent holds that no record and no unfinished operation explains is
 * 'found on this server' (the operator adopts or removes it); a record whose app the agent lacks
 * is 'missing' (redeploy or delete). Nothing is removed from a user's server without the operator.
 */
import type { InventoryEntry } from 'contract';
import type { AgentRecord } from '../agents/agent-store.js';
import { requireOnline } from '../agents/agent-access.js';
import { agentsWithOrphanedOperations, listUnfinishedOperations } from '../operations/operation-store.js';
import { buildDeployment } from './app-config.js';
import { newAppRow, type AppDeps } from './app-lookup.js';
import { recoverOperations } from './app-recovery.js';
import { loadInventory, saveInventory } from './inventory-store.js';
import { validateAppName } from './app-rules.js';
import type { OperationRequest } from '../operations/operation-log.js';
import type { DeletePayload } from './app-operations.js';
import {
  appNameTaken,
  listAppsOfAgents,
  saveAppStatuses,
  saveStoredApp,
  type StoredApp,
} from './app-store.js';
import { appErrors } from './errors.js';

export interface InventoryDifferences {
  /** Apps on the server that Dockhand has no record of. */
  found: InventoryEntry[];
  /** App ids with a record whose app the agent does not hold. */
  missing: string[];
}

export class AppInventoryService {
  /** One process (SQLite) keeps them here; replicas (PostgreSQL) share them in agent_inventories. */
  private readonly inventories = new Map<string, InventoryEntry[]>();

  constructor(
    private readonly deps: AppDeps,
    private readonly log: (message: string) => void,
  ) {}

  /** An agent's inventory arrived (on connect and after every change): finish interrupted operations. */
  async onInventory(agentId: string, held: InventoryEntry[]): Promise<void> {
    if (this.shared) await saveInventory(this.deps.context.db, agentId, held);
    else this.inventories.set(agentId, held);
    await recoverOperations(this.deps, agentId, held, this.log);
  }

  /**
   * PostgreSQL: settles the pending operations of dead replicas on the agents this replica holds.
   * The agent's answer went to the dead replica; its inventory, which settles them too, arrives
   * only on a reconnection or a change, and an agent connected to a live replica has neither.
   */
  async settleOrphaned(): Promise<void> {
    const { context, hub } = this.deps;
    const orphaned = await agentsWithOrphanedOperations(context.db);
    if (orphaned.length === 0) return;
    const here = new Set(hub.heldHere().map((held) => held.agentId));
    for (const agentId of orphaned.filter((id) => here.has(id))) {
      const held = await loadInventory(context.db, agentId);
      if (held) await recoverOperations(this.deps, agentId, held, this.log);
    }
  }

  private get shared(): boolean {
    return this.deps.context.database.engine === 'postgres';
  }

  /** Nothing is known while the agent is offline or has not reported yet. */
  async differences(agent: AgentRecord): Promise<InventoryDifferences> {
    const held = this.shared
      ? await loadInventory(this.deps.context.db, agent.id)
      : this.inventories.get(agent.id);
    if (!held || !this.deps.context.presence.isOnline(agent.id)) return { found: [], missing: [] };
    const { db } = this.deps.context;
    const [records, unfinished] = await Promise.all([
      listAppsOfAgents(db, [agent.id]),
      listUnfinishedOperations(db, agent.id),
    ]);
    // An unfinished operation explains a difference: it is being finished or undone.
    const explained = new Set(unfinished.map((row) => row.app_id));
    const recorded = new Set(records.map((app) => app.id));
    const heldIds = new Set(held.map((entry) => entry.app_id));
    return {
      found: held.filter((entry) => !recorded.has(entry.app_id) && !explained.has(entry.app_id)),
      missing: records.filter((app) => !heldIds.has(app.id) && !explained.has(app.id)).map((app) => app.id),
    };
  }

  /**
   * Makes a found app a custom app of this server from the deployment the agent holds (secrets stay
   * the ciphertext for the agent's key), keeping its id and compose project. An operation like every
   * mutating call: a retry with the same key gets the first outcome.
   */
  adopt(agent: AgentRecord, appId: string, request: OperationRequest): Promise<{ id: string }> {
    return this.deps.operations.run({ request, agentId: agent.id, kind: 'adopt' }, async () => {
      requireOnline(this.deps.context, agent);
      await this.requireFound(agent, appId);
      return { appId, payload: {}, work: () => this.adoptNow(agent, appId) };
    });
  }

  private async adoptNow(agent: AgentRecord, appId: string): Promise<{ id: string }> {
    const deployment = await this.deps.hub.request(agent.id, 'app.export', { app_id: appId });
    const stored: StoredApp = {
      app: newAppRow({
        id: appId,
        agent_id: agent.id,
        name: await this.freeName(agent.id, deployment.project),
        project: deployment.project,
      }),
      files: deployment.files.map((file, position) =>
        userEntry(
          appId,
          position,
          'f',
          { filename: file.filename, content: file.content },
          file.is_encrypted,
        ),
      ),
      variables: deployment.variables.map((variable, position) =>
        userEntry(
          appId,
          position,
          'v',
          { name: variable.name, value: variable.value },
          variable.is_encrypted,
        ),
      ),
    };
    // The record must describe exactly what runs, or a redeploy would change the app.
    buildDeployment(stored, null);
    await saveStoredApp(this.deps.context.db, stored, true);
    await this.saveStatusNow(agent.id, appId);
    return { id: appId };
  }

  /**
   * The agent reports a status when it changes, and its reports about this app were dropped while
   * no record held it: ask once, or an adopted app that keeps running would read Unknown. Best
   * effort: the app is adopted either way, and its next change reports its status.
   */
  private async saveStatusNow(agentId: string, appId: string): Promise<void> {
    try {
      const statuses = await this.deps.hub.request(agentId, 'app.statuses', {});
      const own = statuses.filter((entry) => entry.app_id === appId);
      await saveAppStatuses(this.deps.context.db, agentId, own);
    } catch (error) {
      this.log(`agent ${agentId}: adopted app ${appId} has no status yet: ${(error as Error).message}`);
    }
  }

  /**
   * Removes a found app from the server through the agent's normal delete (compose down, folder),
   * as an operation: the agent runs it once per key, and a lost answer is settled on reconnect.
   */
  async remove(agent: AgentRecord, appId: string, request: OperationRequest): Promise<void> {
    const { context, hub, operations } = this.deps;
    await operations.run({ request, agentId: agent.id, kind: 'remove' }, async () => {
      requireOnline(context, agent);
      await this.requireFound(agent, appId);
      return {
        appId,
        payload: { keep_volumes: false } satisfies DeletePayload,
        work: async (operationId) => {
          await hub.request(
            agent.id,
            'app.delete',
            { app_id: appId, operation_id: operationId },
            context.config.agentHub.deployTimeoutMs,
          );
          return { deleted: true };
        },
      };
    });
  }

  private async requireFound(agent: AgentRecord, appId: string): Promise<void> {
    const { found } = await this.differences(agent);
    if (!found.some((entry) => entry.app_id === appId)) throw appErrors.notFound();
  }

  /** The project's name part ('blog' of 'blog-0b6f7a3e'), made valid and free on this server. */
  private async freeName(agentId: string, project: string): Promise<string> {
    const base = project.replace(/-[0-9a-f]{8}$/, '');
    for (const candidate of [base, `${base}-adopted`, `adopted-${project}`]) {
      try {
        const name = validateAppName(candidate);
        if (!(await appNameTaken(this.deps.context.db, agentId, name, null))) return name;
      } catch {
        // Not a valid name: try the next.
      }
    }
    return validateAppName(`adopted-${Date.now()}`);
  }
}

/** A user file or variable row of an adopted app. */
function userEntry<T extends object>(
  appId: string,
  position: number,
  tag: string,
  fields: T,
  isEncrypted: boolean,
) {
  return {
    id: `${appId}-${tag}${position}`,
    app_id: appId,
    ...fields,
    is_encrypted: isEncrypted ? 1 : 0,
    type: 'user',
    position,
  };
}
