/**
 * Docker volumes on an agent's engine (Server Settings, Docker volumes): nothing is stored here,
 * the agent lists and removes them and refuses to remove a volume one of its apps owns.
 */
import { Type, type Static } from '@sinclair/typebox';
import { VolumeEntry } from 'contract';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { listAppsOfAgents } from '../apps/app-store.js';
import type { AppContext } from '../context.js';
import type { AgentHub } from '../hub/agent-hub.js';

/** A volume as get-volumes answers it (the route's response schema): the agent's entry and its app's name. */
export const VolumeView = Type.Composite([
  VolumeEntry,
  Type.Object({
    /** The owning app's name here, or null (no app, or an app this server no longer knows). */
    app_name: Type.Union([Type.String(), Type.Null()]),
  }),
]);
export type VolumeView = Static<typeof VolumeView>;

export class VolumeService {
  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
  ) {}

  async list(agent: AgentRecord): Promise<VolumeView[]> {
    requireOnline(this.context, agent);
    const volumes = await this.hub.request(agent.id, 'volume.list', {});
    const names = new Map(
      (await listAppsOfAgents(this.context.db, [agent.id])).map((app) => [app.id, app.name]),
    );
    return volumes.map((volume) => ({
      ...volume,
      app_name: (volume.app_id && names.get(volume.app_id)) ?? null,
    }));
  }

  async delete(agent: AgentRecord, name: string) {
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'volume.delete', { name });
  }
}
