/**
 * Idempotent, resumable operations (issue 15). Every mutating app call runs through `run`: the
 * operation is written (pending) before the agent is asked; a retry with the same key by the same
 * user gets the first outcome (a 409 while the first run is still going); a failure whose undo
 * could not reach the agent stays 'undo-pending', and one whose agent went offline before it
 * answered stays 'unknown', until the agent reconnects and says what happened (apps/app-recovery.ts).
 */
import { randomUUID } from 'node:crypto';
import { DEPLOY_HISTORY_LIMIT, DEPLOY_OUTPUT_MAX_CHARS, type DeployAction } from 'contract';
import type { Kysely } from 'kysely';
import { databaseFailureOf } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { DomainError } from '../errors/domain-error.js';
import { hubErrors } from '../hub/errors.js';
import { operationErrors } from './errors.js';
import {
  findOperationByKey,
  insertOperation,
  pruneFinishedOperations,
  setOperationState,
  trimDeployHistory,
  type OperationRow,
  type OperationState,
} from './operation-store.js';

type OperationKind = 'create' | 'update' | 'delete' | 'control' | 'adopt' | 'remove';

/** Who asks, and the key of their action (the Idempotency-Key header, or a fresh UUID). */
export interface OperationRequest {
  userId: string;
  key: string;
}

export interface OperationStart {
  request: OperationRequest;
  agentId: string;
  kind: OperationKind;
}

/** What `work` learned besides its result: the agent's compose output, for the deploy history. */
interface OperationTrace {
  output?: string;
}

/** An operation checked and ready to run: written down first, then `work` asks the agent. */
export interface PreparedOperation<T> {
  appId: string;
  /** JSON-serialisable: what finishing or undoing the operation needs after a crash. */
  payload: unknown;
  /** A deploy the app's history lists (issue 14): its action and the version it goes to. */
  history?: { action: DeployAction; version: string | null };
  work(operationId: string, trace: OperationTrace): Promise<T>;
  /**
   * Runs after a failure of `work` (the agent may hold a half-applied change); when it cannot
   * reach the agent the operation stays 'undo-pending' until the agent's next connection.
   */
  undo?(operationId: string): Promise<void>;
}

export type Outcome = { ok: true; result: unknown } | { ok: false; code: string; message: string };

/** Finished operations are kept this long for retries. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The key of a request: the client's Idempotency-Key when sent (checked), else a new one. */
export function operationKey(header: string | string[] | undefined): string {
  if (header === undefined) return randomUUID();
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw operationErrors.keyInvalid();
  return header;
}

export class OperationLog {
  /** Operations this process is running (or undoing) now: recovery leaves them alone. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: (message: string) => void,
    /** This process among the replicas (PostgreSQL); null when it is the only one. */
    readonly replicaId: string | null = null,
  ) {}

  /**
   * Runs an operation once per (user, key): a known key replays the first outcome before anything
   * is checked again; otherwise `prepare` checks the input (refusals are not recorded), then the
   * operation is written as pending and only then run.
   */
  async run<T>(start: OperationStart, prepare: () => Promise<PreparedOperation<T>>): Promise<T> {
    const { request } = start;
    const existing = await findOperationByKey(this.db, request.userId, request.key);
    if (existing) return this.replay<T>(existing, start);
    const { appId, payload, history, work, undo } = await prepare();
    const id = randomUUID();
    const now = Date.now();
    const inserted = await insertOperation(this.db, {
      id,
      user_id: request.userId,
      key: request.key,
      agent_id: start.agentId,
      app_id: appId,
      kind: start.kind,
      replica_id: this.replicaId,
      payload: JSON.stringify(payload),
      state: 'pending',
      outcome: null,
      created_at: now,
      updated_at: now,
      action: history?.action ?? null,
      version: history?.version ?? null,
    });
    if (!inserted) {
      // A concurrent retry inserted it first.
      const winner = await findOperationByKey(this.db, request.userId, request.key);
      if (winner) return this.replay<T>(winner, start);
    }
    this.inFlight.add(id);
    if (history) await this.trimHistory(appId);
    let undoing = false;
    const trace: OperationTrace = {};
    try {
      const result = await work(id, trace);
      await setOperationState(this.db, id, 'done', JSON.stringify({ ok: true, result } satisfies Outcome), {
        output: boundedOutput(trace.output),
      });
      return result;
    } catch (error) {
      const outcome = JSON.stringify(outcomeOf(error));
      if (isOutcomeUnknown(error)) {
        // The agent may have finished, failed or stopped in the middle: its journal tells on reconnect.
        await setOperationState(this.db, id, 'unknown', outcome).catch((stateError: Error) =>
          this.log(`operation ${id}: could not record its unknown outcome: ${stateError.message}`),
        );
        if (history && error instanceof DomainError) error.operationId = id;
        throw error;
      }
      undoing = undo !== undefined;
      const output = boundedOutput(error instanceof DomainError ? error.output : undefined);
      await setOperationState(this.db, id, undoing ? 'undo-pending' : 'failed', outcome, { output }).catch(
        (stateError: Error) =>
          this.log(`operation ${id}: could not record its failure: ${stateError.message}`),
      );
      if (history && error instanceof DomainError) error.operationId = id;
      if (undo) void this.undoNow(id, undo);
      throw error;
    } finally {
      if (!undoing) this.inFlight.delete(id);
    }
  }

  /** Recovery takes an operation only when no run of this process holds it. */
  claim(id: string): boolean {
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  release(id: string): void {
    this.inFlight.delete(id);
  }

  /** Records how recovery ended an operation; an interrupted one answers its retries with `outcome`. */
  async finish(id: string, state: OperationState, outcome?: Outcome): Promise<void> {
    await setOperationState(this.db, id, state, outcome === undefined ? undefined : JSON.stringify(outcome));
  }

  async prune(now = Date.now()): Promise<void> {
    await pruneFinishedOperations(this.db, now - KEEP_FINISHED_MS);
  }

  /** An app keeps its last DEPLOY_HISTORY_LIMIT deploys: a new one makes room (never for running ones). */
  private async trimHistory(appId: string): Promise<void> {
    await trimDeployHistory(this.db, appId, DEPLOY_HISTORY_LIMIT).catch((error: Error) =>
      this.log(`deploy history of app ${appId}: could not trim it: ${error.message}`),
    );
  }

  private async undoNow(id: string, undo: (operationId: string) => Promise<void>): Promise<void> {
    try {
      await undo(id);
      await setOperationState(this.db, id, 'failed');
    } catch (error) {
      this.log(
        `operation ${id}: undo kept for when the agent reconnects (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      this.inFlight.delete(id);
    }
  }

  private replay<T>(row: OperationRow, start: OperationStart): T {
    if (row.agent_id !== start.agentId || row.kind !== start.kind) throw operationErrors.keyReused();
    if (row.state === 'unknown') throw operationErrors.outcomeUnknown();
    if (row.state === 'pending' || row.outcome === null) throw operationErrors.inProgress();
    const outcome = JSON.parse(row.outcome) as Outcome;
    if (outcome.ok) return outcome.result as T;
    const error = new DomainError(outcome.code, outcome.message);
    if (row.action !== null) error.operationId = row.id;
    throw error;
  }
}

/** The agent bounds its output already; an older or misbehaving one must not fill the database. */
function boundedOutput(output: string | undefined): string | null {
  if (!output) return null;
  return output.length <= DEPLOY_OUTPUT_MAX_CHARS ? output : output.slice(-DEPLOY_OUTPUT_MAX_CHARS);
}

/** A retry replays what the user was told: a database failure by its meaning, not as a bug. */
function outcomeOf(error: unknown): Outcome {
  const known = error instanceof DomainError ? error : databaseFailureOf(error);
  if (known) return failedOutcome(known);
  return { ok: false, code: 'INTERNAL', message: 'Internal server error' };
}

/** The agent's connection dropped before it answered: whether it acted is not known here. */
function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof DomainError && error.code === hubErrors.disconnected().code;
}

/** The outcome recovery records for a failure: what a retry with the same key is answered. */
export function failedOutcome(error: DomainError): Outcome {
  return { ok: false, code: error.code, message: error.message };
}
