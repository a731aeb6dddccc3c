import type { DockerEngine } from './engine.js';

export interface EngineMonitorOptions {
  /** How often the engine is pinged. */
  intervalMs?: number;
  /** A ping not answered in this time counts as the engine not responding. */
  timeoutMs?: number;
}

/**
 * Whether the Docker engine answers: a ping every `intervalMs` (2 s), and at once when the caller
 * has a hint (the events stream ended). Reports only changes, so a recovered engine is seen within
 * one interval and a stopped or hung one within an interval plus the timeout.
 */
export class EngineMonitor {
  private responding: boolean | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pinging = false;
  private stopped = true;

  constructor(
    private readonly engine: DockerEngine,
    private readonly onChange: (isResponding: boolean, reason: string | null) => void,
    private readonly options: EngineMonitorOptions = {},
  ) {}

  /** null until the first ping has answered or failed. */
  get isResponding(): boolean | null {
    return this.responding;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.check(), this.options.intervalMs ?? 2000);
    this.timer.unref();
    void this.check();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Pings now (the events stream ended, a command failed): a stopped engine is seen at once. */
  check = async (): Promise<void> => {
    if (this.stopped || this.pinging) return;
    this.pinging = true;
    let responding: boolean;
    let reason: string | null = null;
    try {
      const answer = await this.engine.request('GET', '/_ping', undefined, this.options.timeoutMs ?? 2000);
      responding = answer.status >= 200 && answer.status < 300;
      if (!responding) reason = `ping answered ${answer.status}`;
    } catch (error) {
      responding = false;
      reason = error instanceof Error ? error.message : String(error);
    } finally {
      this.pinging = false;
    }
    if (this.stopped || responding === this.responding) return;
    this.responding = responding;
    this.onChange(responding, reason);
  };
}
