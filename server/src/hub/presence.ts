import type { DeployProgress } from 'contract';

/**
 * Who is connected right now. The app context holds one `AgentPresence`; it starts as
 * `noAgentsOnline` and app.ts replaces it with the agent hub (`context.presence = hub`).
 * Services read `context.presence` at call time, never a copy.
 */
export interface AgentPresence {
  isOnline(agentId: string): boolean;
}

export const noAgentsOnline: AgentPresence = {
  isOnline: () => false,
};

/** The agent hub also knows whether each connected agent's Docker engine answers it. */
export interface DockerHealth {
  /** The agent's last `docker-status` (an agent that never sent one: yes); false when offline. */
  isDockerResponding(agentId: string): boolean;
}

/** Reported app statuses hold only while the agent is connected and its Docker answers; else Unknown. */
export function statusesAreLive(presence: AgentPresence & DockerHealth, agentId: string): boolean {
  return presence.isOnline(agentId) && presence.isDockerResponding(agentId);
}

/**
 * The other replicas on one PostgreSQL database (replicas/replica-link.ts); the hub works alone
 * without it (SQLite, one process). The hub tells it what its own sockets do and asks it for
 * agents whose socket another replica holds.
 */
export interface ReplicaLink {
  claim(agentId: string, dockerResponding: boolean): void;
  dockerChanged(agentId: string, dockerResponding: boolean): void;
  release(agentId: string): void;
  /** The agent's Docker flag when another live replica holds its socket; null otherwise. */
  heldElsewhere(agentId: string): { dockerResponding: boolean } | null;
  /** A request through the replica holding the agent ('Agent is offline' when none does). */
  request(agentId: string, method: string, params: unknown, timeoutMs: number): Promise<unknown>;
  /** The latest progress of a deploy, asked of the replica holding the agent (null when unknown). */
  deployProgress(agentId: string, operationId: string): Promise<DeployProgress | null>;
  /** Tells the other replicas a code was claimed: the one where that agent waits welcomes it. */
  agentClaimed(fingerprint: string, agentId: string): Promise<void>;
  /** Tells the other replicas to cut the agent's connection (a deleted agent). */
  revoke(agentId: string | null, fingerprint: string | null): void;
}
