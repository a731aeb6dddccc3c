import type { EngineGate } from './engine-gate.js';
import type { CommandResult } from './run-command.js';

/**
 * A compose command that follows an admission (`up` after `config`), started before the admission
 * ends so that compose's start-up (about half a second of Python for v1) runs beside `config`'s. It
 * reaches Docker only once released; a discarded one never does.
 */
export interface HeldCommand {
  /** Runs it to its end from here; a non-zero exit throws as ComposeRunner.runOrThrow does. */
  release(): Promise<CommandResult>;
  /** Ends it unreleased (nothing once released); its process is gone when this resolves. */
  discard(): Promise<void>;
}

/** A command that starts only when released (where no gate can hold it). */
export function deferredCommand(run: () => Promise<CommandResult>): HeldCommand {
  return { release: run, discard: async () => undefined };
}

/**
 * Compose v1 gives up on an engine request after 60 s (COMPOSE_HTTP_TIMEOUT): a command held longer
 * than this (the agent pulled large images first) is replaced by a fresh one at its release.
 */
const HOLD_LIMIT_MS = 20_000;

/** The steps of a compose command around its process, as ComposeRunner runs them. */
export interface GatedSteps {
  /** The test hold and the cancel check before a command starts. */
  before(): Promise<void>;
  /** The transcript, the cancel check, the test hold after it and its failure, once it ended. */
  after(result: CommandResult): Promise<void>;
  /** The same command run afresh, ungated. */
  afresh(): Promise<CommandResult>;
  /** Notes for the deploy's step log that `step` ended at `at` (now by default). */
  mark(step: string, at?: number): void;
}

/** A compose process already running whose engine connections an EngineGate holds. */
export class GatedCommand implements HeldCommand {
  private state: 'held' | 'released' | 'discarded' = 'held';
  private ended = false;

  constructor(
    private readonly gate: EngineGate,
    private readonly running: Promise<CommandResult>,
    private readonly stop: AbortController,
    private readonly steps: GatedSteps,
  ) {
    void running.then(() => (this.ended = true));
  }

  async release(): Promise<CommandResult> {
    if (this.state !== 'held') throw new Error(`a ${this.state} compose command cannot be released`);
    await this.steps.before();
    // Ended before its release, or waited too long: it never reached Docker, so it runs again.
    if (this.ended || this.gate.heldFor() > HOLD_LIMIT_MS) {
      this.steps.mark('held-dropped');
      await this.discard();
      return this.steps.afresh();
    }
    this.state = 'released';
    this.gate.open();
    this.steps.mark('released');
    const result = await this.running;
    if (this.gate.firstHeldAt !== null) this.steps.mark('held-waiting', this.gate.firstHeldAt);
    await this.gate.close();
    await this.steps.after(result);
    return result;
  }

  async discard(): Promise<void> {
    if (this.state !== 'held') return;
    this.state = 'discarded';
    await this.gate.close();
    this.stop.abort();
    await this.running;
  }
}
