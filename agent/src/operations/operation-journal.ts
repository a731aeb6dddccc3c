import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OperationStatus } from 'contract';
import { AgentError, AgentErrorCode, type AgentErrorCodeValue } from '../errors.js';

/** How one operation ended, as the server was (or would have been) told. */
type Outcome = { ok: true; result: unknown } | { ok: false; code: string; message: string };

/** What an operation is about, written before it starts: what start-up needs to clean up after it. */
export interface OperationSubject {
  method: string;
  app_id: string;
  /** app.deploy: the full compose project name the deployment uses. */
  project?: string;
}

interface JournalEntry {
  id: string;
  subject?: OperationSubject;
  /** Absent while the operation runs; absent after a restart: it was interrupted. */
  outcome?: Outcome;
}

/** The first outcome replayed as an error the connection answers with the same code and text. */
class ReplayedError extends AgentError {
  constructor(code: string, message: string) {
    super(code as AgentErrorCodeValue, message);
  }
}

/**
 * Remembers the last `limit` operations (by the server's operation id) in `{state}/operations.json`:
 * each is written when it starts and again with its outcome, so a request repeated after a lost
 * answer or a server restart gets the first outcome and runs nothing again, and an operation the
 * agent itself stopped in the middle of is known as interrupted at its next start. A repeat that
 * arrives while the first run is still going waits for it.
 */
export class OperationJournal {
  private entries: JournalEntry[] | null = null;
  private readonly running = new Map<string, Promise<unknown>>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly limit = 500,
  ) {}

  async run<T>(
    operationId: string | undefined,
    subject: OperationSubject | null,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!operationId) return work();
    let run = this.running.get(operationId) as Promise<T> | undefined;
    if (!run) {
      run = this.runOnce(operationId, subject, work);
      this.running.set(operationId, run);
      const forget = () => void this.running.delete(operationId);
      run.then(forget, forget);
    }
    return run;
  }

  /** What the journal knows of `operationId`, for a server that lost its answer. */
  async status(operationId: string): Promise<OperationStatus> {
    if (this.running.has(operationId)) return { state: 'running' };
    const entry = (await this.load()).find((known) => known.id === operationId);
    if (!entry) return { state: 'unknown' };
    if (!entry.outcome) return { state: 'interrupted' };
    return entry.outcome.ok
      ? { state: 'done', result: entry.outcome.result }
      : { state: 'failed', code: entry.outcome.code, message: entry.outcome.message };
  }

  /** Operations that started and never ended: the agent stopped in the middle (read at start-up). */
  async interrupted(): Promise<Array<{ id: string; subject: OperationSubject | null }>> {
    return (await this.load())
      .filter((entry) => !entry.outcome && !this.running.has(entry.id))
      .map((entry) => ({ id: entry.id, subject: entry.subject ?? null }));
  }

  private async runOnce<T>(
    operationId: string,
    subject: OperationSubject | null,
    work: () => Promise<T>,
  ): Promise<T> {
    const known = (await this.load()).find((entry) => entry.id === operationId);
    if (known?.outcome) return replay<T>(known.outcome);
    if (known) throw interruptedError();
    await this.record({ id: operationId, ...(subject ? { subject } : {}) });
    try {
      const result = await work();
      await this.record({ id: operationId, outcome: { ok: true, result: withoutOutput(result) } });
      return result;
    } catch (error) {
      const code = error instanceof AgentError ? error.code : 'AGENT-000';
      const message = error instanceof Error ? error.message : String(error);
      await this.record({ id: operationId, outcome: { ok: false, code, message } });
      throw error;
    }
  }

  private async load(): Promise<JournalEntry[]> {
    if (this.entries) return this.entries;
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      this.entries = Array.isArray(parsed) ? (parsed as JournalEntry[]) : [];
    } catch {
      // Missing or unreadable: start empty (only repeats of older operations run again).
      this.entries = [];
    }
    return this.entries;
  }

  /**
   * Adds an entry or completes the one with its id (keeping its subject), drops the oldest beyond
   * the limit and writes atomically, one write at a time.
   */
  private async record(entry: JournalEntry): Promise<void> {
    const entries = await this.load();
    const index = entries.findIndex((known) => known.id === entry.id);
    if (index >= 0) entries[index] = { ...entries[index], ...entry };
    else entries.push(entry);
    if (entries.length > this.limit) entries.splice(0, entries.length - this.limit);
    const text = JSON.stringify(entries);
    this.writing = this.writing.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      await writeFile(`${this.file}.tmp`, text, { mode: 0o600 });
      await rename(`${this.file}.tmp`, this.file);
    });
    await this.writing;
  }
}

/**
 * The compose output of a deploy reaches the server with the first answer; the journal keeps only
 * what a repeat needs, so 500 entries stay small.
 */
function withoutOutput(result: unknown): unknown {
  if (typeof result !== 'object' || result === null || !('output' in result)) return result;
  const { output: _output, ...rest } = result as Record<string, unknown>;
  return rest;
}

/** A repeat of an operation the agent stopped in the middle of: it is not run a second time. */
function interruptedError(): AgentError {
  return new AgentError(
    AgentErrorCode.OperationInterrupted,
    'The agent stopped before this operation finished',
  );
}

function replay<T>(outcome: Outcome): T {
  if (outcome.ok) return outcome.result as T;
  throw new ReplayedError(outcome.code, outcome.message);
}
