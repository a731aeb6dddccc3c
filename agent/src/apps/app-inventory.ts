import { deploymentDigest, type AppDeployment, type InventoryEntry } from 'contract';
import { AgentError, AgentErrorCode } from '../errors.js';
import type { AppStore } from './app-store.js';

/** What this agent holds, as the server reconciles it: every app folder with its deployment's digest. */
export class AppInventory {
  constructor(private readonly store: AppStore) {}

  async list(): Promise<InventoryEntry[]> {
    const records = await this.store.list();
    return records.map((record) => ({
      app_id: record.deployment.app_id,
      project: record.projectName,
      digest: deploymentDigest(record.deployment),
    }));
  }

  /** The deployment as received (secrets stay ciphertext for this agent's key): for the server to adopt it. */
  async export(appId: string): Promise<AppDeployment> {
    const record = await this.store.get(appId);
    if (!record)
      throw new AgentError(AgentErrorCode.AppNotFound, `App ${appId} is not deployed on this server`);
    return record.deployment;
  }
}
