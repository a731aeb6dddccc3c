import type { ToastRequest } from 'shared';

/** Spec section 9: auto-close after 5000 ms, removal 5000 ms after dismissal, 1 visible. */
const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 5000;
const TOAST_LIMIT = 1;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** False once dismissed; the item stays until the removal delay has passed. */
  open: boolean;
}

export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Failures default to a destructive 'Error' toast; success to the success variant. */
export function toToastItem(id: number, request: ToastRequest): ToastItem {
  const variant: ToastVariant =
    request.status === 'error' ? 'destructive' : request.status === 'success' ? 'success' : 'default';
  const title = request.title || (variant === 'destructive' ? 'Error' : '');
  return { id, title, description: request.description, variant, open: true };
}

/**
 * The toast queue, free of React: a new toast replaces the visible one (limit 1), dismissal
 * closes it and removes it 5000 ms later, and an open toast closes itself after its duration.
 * A polite toast (a background notice) waits until the visible one has closed instead.
 */
export class ToastStore {
  private items: ToastItem[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();
  private readonly autoClose = new Map<number, unknown>();
  private readonly removal = new Map<number, unknown>();
  private readonly waiting: { request: ToastRequest; durationMs: number }[] = [];

  constructor(private readonly timers: ToastTimers) {}

  getItems = (): ToastItem[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Shows the toast, or queues a polite one while another is open. */
  show(request: ToastRequest, durationMs = TOAST_DURATION_MS): void {
    if (request.polite && this.items.some((existing) => existing.open)) {
      this.waiting.push({ request, durationMs });
      return;
    }
    const item = toToastItem(this.nextId++, request);
    for (const visible of this.items.filter((existing) => existing.open)) this.close(visible.id);
    this.items = [item, ...this.items].slice(0, TOAST_LIMIT + this.removal.size);
    this.autoClose.set(
      item.id,
      this.timers.setTimeout(() => this.dismiss(item.id), durationMs),
    );
    this.emit();
  }

  dismiss(id: number): void {
    if (!this.close(id)) return;
    const next = this.waiting.shift();
    if (next) this.show(next.request, next.durationMs);
  }

  /** Closes an open toast (false if it was not open); replacing one does not release the waiting ones. */
  private close(id: number): boolean {
    const item = this.items.find((existing) => existing.id === id);
    if (!item || !item.open) return false;
    this.clearTimer(this.autoClose, id);
    this.items = this.items.map((existing) => (existing.id === id ? { ...existing, open: false } : existing));
    this.removal.set(
      id,
      this.timers.setTimeout(() => this.remove(id), TOAST_REMOVE_DELAY_MS),
    );
    this.emit();
    return true;
  }

  /** Dismisses the visible toast (Escape). */
  dismissVisible(): void {
    const visible = this.items.find((item) => item.open);
    if (visible) this.dismiss(visible.id);
  }

  private remove(id: number): void {
    this.removal.delete(id);
    this.items = this.items.filter((existing) => existing.id !== id);
    this.emit();
  }

  private clearTimer(timers: Map<number, unknown>, id: number): void {
    const handle = timers.get(id);
    if (handle !== undefined) this.timers.clearTimeout(handle);
    timers.delete(id);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
