/**
 * The deploys in flight on this agent: each one's progress (read from compose's output as it
 * streams) goes to the server as `deploy-progress` events, at most one per
 * PROGRESS_EVENT_INTERVAL_MS, and only while the operation runs: nothing is sent when no deploy
 * runs. A deploy can be cancelled: its compose command is killed and no further one starts, then
 * the app is put back by the same path as a failed deploy (apps/app-create.ts, app-update.ts),
 * whose own compose commands are never cancelled. The deploy's caller hands its tracker down to
 * every compose command (docker/compose-observer.ts).
 */
import { PROGRESS_EVENT_INTERVAL_MS, type DeployProgress, type ServiceState } from 'contract';
import type { DeployWatch, ImagePullWatch, OutputHandler } from '../docker/compose-observer.js';
import { cancelledError } from '../errors.js';
import { ComposeProgress, type OutputStream } from './compose-progress.js';

/** compose subcommands whose output tells the deploy's progress (never `config`: it prints the model). */
const WATCHED_SUBCOMMANDS = new Set(['pull', 'build', 'up', 'start', 'create']);

export type ProgressSender = (operationId: string, appId: string, progress: DeployProgress) => void;

export class DeployTracker implements DeployWatch {
  private readonly abort = new AbortController();
  private progress: ComposeProgress | null = null;
  private rollingBack = false;
  private ended = false;
  private timer: NodeJS.Timeout | null = null;
  private lastSent = 0;
  private readonly startedAt: number;
  /** When each step ended (ms since the deploy started), for the step log (DeployTrackers). */
  private readonly steps: Array<{ step: string; at: number }> = [];

  constructor(
    readonly operationId: string,
    readonly appId: string,
    private readonly sendProgress: ProgressSender,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  get cancelled(): boolean {
    return this.abort.signal.aborted;
  }

  /** Aborts compose when cancelled; none while the app is put back (that must run to its end). */
  cancelSignal(): AbortSignal | undefined {
    return this.rollingBack ? undefined : this.abort.signal;
  }

  /** Refuses to start another compose command once the deploy is cancelled (rollback aside). */
  throwIfCancelled(): void {
    if (this.cancelled && !this.rollingBack) throw cancelledError();
  }

  /** A handler for what one compose command prints (undefined for a subcommand that tells nothing). */
  outputOf(subcommand: string | undefined, project: string): OutputHandler | undefined {
    if (!subcommand || !WATCHED_SUBCOMMANDS.has(subcommand)) return undefined;
    const progress = this.progressOf(project);
    const partial: Record<OutputStream, string> = { stdout: '', stderr: '' };
    return (text, stream) => {
      // Compose ends a line with \n, and redraws one with \r.
      const lines = (partial[stream] + text).split(/\r\n|\r|\n/);
      partial[stream] = lines.pop() ?? '';
      let changed = false;
      for (const line of lines) changed = progress.line(line, stream) || changed;
      if (changed) this.changed();
    };
  }

  /** An image the agent pulls through the engine (Compose v1) for `services`: its state, then its stream. */
  imagePull(project: string, services: string[]): ImagePullWatch {
    const progress = this.progressOf(project);
    return {
      state: (state) => {
        progress.imagePull(services, state);
        this.changed();
      },
      event: (event) => {
        if (progress.enginePullEvent(services, event)) this.changed();
      },
    };
  }

  /** The services' states read from the engine once compose is done. */
  serviceStates(project: string, states: { service: string; state: ServiceState }[]): void {
    const progress = this.progressOf(project);
    for (const { service, state } of states) progress.serviceState(service, state);
    this.changed();
  }

  /** Notes that `step` ended at `at` (now by default). */
  mark(step: string, at = this.now()): void {
    this.steps.push({ step, at: at - this.startedAt });
  }

  /** 'files 4, config 640, …': each step's end in ms since the deploy started, in time order. */
  stepsText(): string {
    return [...this.steps]
      .sort((a, b) => a.at - b.at)
      .map(({ step, at }) => `${step} ${at}`)
      .join(', ');
  }

  cancel(): void {
    if (this.ended || this.cancelled) return;
    this.abort.abort();
    if (this.progress) this.progress.cancelled = true;
    this.changed(true);
  }

  /** Runs the put-back of a failed or cancelled deploy, shown as its own step and never cancelled. */
  async rollback<T>(work: () => Promise<T>): Promise<T> {
    this.rollingBack = true;
    if (this.progress) this.progress.step = 'rolling-back';
    this.changed(true);
    return work();
  }

  /** The deploy's answer goes now: a change still waiting for its interval is sent first, then nothing. */
  end(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.send();
    }
    this.ended = true;
  }

  private progressOf(project: string): ComposeProgress {
    if (!this.progress) {
      this.progress = new ComposeProgress(project, this.startedAt, this.now);
      this.progress.cancelled = this.cancelled;
      if (this.rollingBack) this.progress.step = 'rolling-back';
    }
    return this.progress;
  }

  /** Sends now, or once the interval since the last event has passed (the latest state then). */
  private changed(urgent = false): void {
    if (this.ended || this.timer) return;
    const wait = urgent ? 0 : this.lastSent + PROGRESS_EVENT_INTERVAL_MS - this.now();
    if (wait <= 0) {
      this.send();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.ended) this.send();
    }, wait);
  }

  private send(): void {
    this.lastSent = this.now();
    const progress = this.progress?.snapshot() ?? emptyProgress(this.cancelled, this.rollingBack);
    this.sendProgress(this.operationId, this.appId, progress);
  }
}

function emptyProgress(cancelled: boolean, rollingBack: boolean): DeployProgress {
  return {
    step: rollingBack ? 'rolling-back' : 'preparing',
    cancelled,
    images: [],
    builds: [],
    services: [],
  };
}

/** The deploys in flight, by operation id: to cancel one. */
export class DeployTrackers {
  private readonly running = new Map<string, DeployTracker>();

  /** `logSteps`: where each deploy's step times go once it ended (DOCKHAND_LOG_DEPLOY_STEPS). */
  constructor(
    private readonly sendProgress: ProgressSender,
    private readonly logSteps?: (line: string) => void,
  ) {}

  /**
   * Runs a deploy with its progress tracked: `work` hands the tracker to what it runs (none without
   * an operation id, as nothing can watch it then).
   */
  track<T>(
    operationId: string | undefined,
    appId: string,
    work: (tracker: DeployTracker | undefined) => Promise<T>,
  ): Promise<T> {
    if (!operationId || this.running.has(operationId)) return work(undefined);
    const tracker = new DeployTracker(operationId, appId, this.sendProgress);
    this.running.set(operationId, tracker);
    return work(tracker).finally(() => {
      tracker.end();
      this.running.delete(operationId);
      this.logSteps?.(`deploy ${operationId} steps (ms since it started): ${tracker.stepsText()}`);
    });
  }

  /** False when no deploy of that id runs here. */
  cancel(operationId: string): boolean {
    const tracker = this.running.get(operationId);
    if (!tracker) return false;
    tracker.cancel();
    return true;
  }
}
