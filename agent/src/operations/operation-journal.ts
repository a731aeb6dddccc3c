import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentError, type AgentErrorCodeValue } from '../errors.js';

/** How one operation ended, as the server was (or would have been) told. */
type Outcome = { ok: true; result: unknown } | { ok: false; code: string; message: string };

interface JournalEntry {
  id: string;
  outcome: Outcome;
}

/** The first outcome replayed as an error the connection answers with the same code and text. */
class ReplayedError extends AgentError {
  constructor(code: string, message: string) {
    super(code as AgentErrorCodeValue, message);
  }
}

/**
 * Remembers the outcome of the last `limit` operations (by the server's operation id) in
 * `{state}/operations.json`, so a request repeated after a lost answer or a server restart gets
 * the first outcome and runs nothing again. A repeat that arrives while the first run is still
 * going waits for it.
 */
export class OperationJournal {
  private entries: JournalEntry[] | null = null;
  private readonly running = new Map<string, Promise<unknown>>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly limit = 500,
  ) {}

  async run<T>(operationId: string | undefined, work: () => Promise<T>): Promise<T> {
    if (!operationId) return work();
    let run = this.running.get(operationId) as Promise<T> | undefined;
    if (!run) {
      run = this.runOnce(operationId, work);
      this.running.set(operationId, run);
      const forget = () => void this.running.delete(operationId);
      run.then(forget, forget);
    }
    return run;
  }

  private async runOnce<T>(operationId: string, work: () => Promise<T>): Promise<T> {
    const known = (await this.load()).find((entry) => entry.id === operationId);
    if (known) return replay<T>(known.outcome);
    return this.runAndRecord(operationId, work);
  }

  private async runAndRecord<T>(operationId: string, work: () => Promise<T>): Promise<T> {
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

  /** Appends, drops the oldest beyond the limit and writes atomically, one write at a time. */
  private async record(entry: JournalEntry): Promise<void> {
    const entries = await this.load();
    entries.push(entry);
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

function replay<T>(outcome: Outcome): T {
  if (outcome.ok) return outcome.result as T;
  throw new ReplayedError(outcome.code, outcome.message);
}
