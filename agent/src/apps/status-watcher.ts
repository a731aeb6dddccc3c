import type { DockerEngine } from '../docker/engine.js';
import { PROJECT_LABEL } from '../docker/project-resources.js';
import type { AppStatusEntry } from 'contract';
import type { AppManager } from './app-manager.js';

/**
 * Pushes app status changes: listens to the engine's container events (idle costs nothing),
 * debounces bursts, recomputes statuses and reports only what changed. A slow periodic sweep
 * catches anything an event stream interruption missed.
 */
export class StatusWatcher {
  private last = new Map<string, number>();
  private stopEvents: (() => void) | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private stopped = true;
  /** One check at a time: a check that overlapped another could publish an older state last. */
  private checking = false;
  private recheck = false;

  constructor(
    private readonly engine: DockerEngine,
    private readonly apps: AppManager,
    private readonly publish: (changes: AppStatusEntry[]) => void,
    private readonly sweepMs = 15_000,
    /** The events stream ended: the engine may have stopped (the engine monitor checks at once). */
    private readonly onEventsEnded: () => void = () => undefined,
  ) {}

  start(): void {
    this.stopped = false;
    this.listen();
    this.sweep = setInterval(() => this.schedule(), this.sweepMs);
    this.sweep.unref();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.stopEvents?.();
    if (this.debounce) clearTimeout(this.debounce);
    if (this.sweep) clearInterval(this.sweep);
  }

  /** Forgets what was sent, so the next check reports every app (after a reconnect). */
  resendAll(): void {
    this.last.clear();
    this.schedule();
  }

  schedule(): void {
    if (this.stopped || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.check();
    }, 300);
  }

  private async check(): Promise<void> {
    if (this.checking) {
      this.recheck = true;
      return;
    }
    this.checking = true;
    try {
      await this.compareAndPublish();
    } finally {
      this.checking = false;
      if (this.recheck) {
        this.recheck = false;
        this.schedule();
      }
    }
  }

  private async compareAndPublish(): Promise<void> {
    try {
      const statuses = await this.apps.statuses();
      const changes = statuses.filter((entry) => this.last.get(entry.app_id) !== entry.status);
      for (const entry of statuses) this.last.set(entry.app_id, entry.status);
      const known = new Set(statuses.map((entry) => entry.app_id));
      for (const appId of [...this.last.keys()]) if (!known.has(appId)) this.last.delete(appId);
      if (changes.length > 0) this.publish(changes);
    } catch {
      // Docker briefly unavailable or busy: try again shortly rather than wait for the sweep.
      setTimeout(() => this.schedule(), 1000).unref();
    }
  }

  private listen(): void {
    const filters = encodeURIComponent(JSON.stringify({ type: ['container'], label: [PROJECT_LABEL] }));
    this.stopEvents = this.engine.streamEvents(
      `/events?filters=${filters}`,
      () => this.schedule(),
      () => {
        if (this.stopped) return;
        this.onEventsEnded();
        setTimeout(() => this.listen(), 2000).unref();
      },
      // An unreadable event still says something changed: look again.
      () => this.schedule(),
    );
  }
}
