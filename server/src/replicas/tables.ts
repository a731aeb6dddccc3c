import type { Generated } from 'kysely';

/**
 * The replica tables (migration 107, PostgreSQL only): which server processes are alive and which
 * of them holds each connected agent's socket. SQLite serves one process (db/folder-guard.ts),
 * whose hub keeps presence in memory alone.
 */
interface ServerReplicasTable {
  /** Made at start, new for every process. */
  id: string;
  /** Where other replicas reach this one for a hop (REPLICA_URL, or its listener); null until it listens. */
  url: string | null;
  /** Database clock, ms: the replica and every agent it holds count as offline after this. */
  lease_until: number;
}

interface AgentPresenceTable {
  agent_id: string;
  /**
   * The replica holding the agent's socket; the row lives only as long as that replica's lease.
   * Null once released: the row stays so that other replicas read the release as a change.
   */
  replica_id: string | null;
  /** The agent's last `docker-status` (0/1). */
  docker_responding: number;
  updated_at: number;
  /** The transaction that last changed the row (migration 111): replicas read only newer changes. */
  changed_in: Generated<number>;
}

export interface ReplicaTables {
  server_replicas: ServerReplicasTable;
  agent_presence: AgentPresenceTable;
}
