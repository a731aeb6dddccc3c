/**
 * The hub's link to the other replicas (hub/presence.ts, ReplicaLink): presence through the shared
 * tables (shared-presence.ts), calls and notices through signed HTTP hops (replica-hop.ts).
 */
import type { DeployProgress } from 'contract';
import { agentErrors } from '../agents/errors.js';
import type { ReplicaLink } from '../hub/presence.js';
import { HOP_PATHS, type ReplicaHop } from './replica-hop.js';
import type { SharedPresence } from './shared-presence.js';

export class Replicas implements ReplicaLink {
  constructor(
    private readonly presence: SharedPresence,
    private readonly hop: ReplicaHop,
    private readonly log: (message: string) => void,
  ) {}

  claim(agentId: string, dockerResponding: boolean): void {
    this.presence.claim(agentId, dockerResponding);
  }

  dockerChanged(agentId: string, dockerResponding: boolean): void {
    this.presence.dockerChanged(agentId, dockerResponding);
  }

  release(agentId: string): void {
    this.presence.release(agentId);
  }

  heldElsewhere(agentId: string): { dockerResponding: boolean } | null {
    return this.presence.holderOf(agentId);
  }

  async request(agentId: string, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const holder = this.presence.holderOf(agentId);
    if (!holder) throw agentErrors.offline();
    return this.hop.request(holder.url, { agentId, method, params, timeoutMs });
  }

  async deployProgress(agentId: string, operationId: string): Promise<DeployProgress | null> {
    const holder = this.presence.holderOf(agentId);
    if (!holder) return null;
    try {
      return (await this.hop.ask(holder.url, HOP_PATHS.deployProgress, {
        operationId,
      })) as DeployProgress | null;
    } catch (error) {
      // Progress is something to watch, not a result: without it the deploy shows as running.
      this.log(`deploy progress from the agent's replica failed: ${(error as Error).message}`);
      return null;
    }
  }

  async agentClaimed(fingerprint: string, agentId: string): Promise<void> {
    await this.tellOthers(HOP_PATHS.claimed, { fingerprint, agentId });
  }

  revoke(agentId: string | null, fingerprint: string | null): void {
    void this.tellOthers(HOP_PATHS.revoked, { agentId, fingerprint });
  }

  private async tellOthers(path: string, body: unknown): Promise<void> {
    try {
      const failures = await this.hop.tell(await this.presence.otherReplicaUrls(), path, body);
      for (const failure of failures) this.log(`telling a replica ${path} failed: ${failure}`);
    } catch (error) {
      this.log(`telling the replicas ${path} failed: ${(error as Error).message}`);
    }
  }
}
