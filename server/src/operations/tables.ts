/**
 * The app_operations table (migration 101): every mutating app call, written before the agent is
 * asked, so a retry returns the first outcome and a crash leaves a trace to finish or undo.
 */
export interface AppOperationsTable {
  /** Also the operation id the agent sees (its journal answers a repeat with the first outcome). */
  id: string;
  user_id: string;
  /** The client's Idempotency-Key (one per user action), or a server-made UUID without one. */
  key: string;
  agent_id: string;
  app_id: string;
  /** 'create' | 'update' | 'delete' | 'control' | 'adopt' | 'remove' */
  kind: string;
  /** JSON: what finishing or undoing needs (see operations/operation-log.ts, OperationPayload). */
  payload: string;
  /** 'pending' | 'done' | 'failed' | 'undo-pending' | 'unknown' (operation-store.ts, OperationState) */
  state: string;
  /** JSON of the first outcome, null while pending. */
  outcome: string | null;
  created_at: number;
  updated_at: number;
  /** A deploy of the app's history (DeployAction), or null for an operation the history leaves out. */
  action: string | null;
  /** The app's version the deploy went to, when it has one. */
  version: string | null;
  /** What the agent's compose printed (bounded, the user's paths), null when nothing came back. */
  output: string | null;
  /** When the agent answered (the deploy's duration is finished_at - created_at); null while running. */
  finished_at: number | null;
  /** The replica running it (PostgreSQL, migration 108): recovery elsewhere waits while it lives. */
  replica_id: string | null;
}

export interface OperationTables {
  app_operations: AppOperationsTable;
}
