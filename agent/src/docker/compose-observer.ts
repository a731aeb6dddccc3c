import type { ComposeTranscript } from './compose-transcript.js';
import type { EnginePullEvent } from './image-pull.js';
import type { RunOptions } from './run-command.js';

/**
 * Who watches an app operation's compose commands: given by the operation's caller to every
 * ComposeRunner command it runs, so the deploy path only ever calls down.
 */
export interface ComposeObserver {
  /** Writes down every command and the agent's own steps (the deploy history's output). */
  transcript?: ComposeTranscript;
  /** A deploy the server watches (progress/deploy-tracker.ts); none when nobody does. */
  deploy?: DeployWatch;
}

export type OutputHandler = NonNullable<RunOptions['onOutput']>;

/** A watched deploy: what compose prints becomes its progress; it may cancel; it logs its steps. */
export interface DeployWatch {
  /** Kills the running command when it fires; none when commands must run to their end. */
  cancelSignal(): AbortSignal | undefined;
  /** Throws the cancellation once no further command may start. */
  throwIfCancelled(): void;
  /** Reads what `subcommand` prints, as it prints it (none for a subcommand that tells nothing). */
  outputOf(subcommand: string | undefined, project: string): OutputHandler | undefined;
  /** An image the agent pulls through the engine (Compose v1) for `services`: its state, then its stream. */
  imagePull(project: string, services: string[]): ImagePullWatch;
  /** Notes that `step` ended at `at` (now by default), for the deploy's step log. */
  mark(step: string, at?: number): void;
}

export interface ImagePullWatch {
  state(state: 'pulling' | 'pulled' | 'failed'): void;
  event(event: EnginePullEvent): void;
}
