/** Toast request any part of the dashboard can raise; the host shows it (one visible at a time). */
export interface ToastRequest {
  title: string;
  description?: string;
  status?: 'success' | 'error' | 'warning' | 'info';
  /** A background notice: it waits until the visible toast has closed instead of replacing it. */
  polite?: boolean;
}

/** Every event of the dashboard and its payload. Host and remotes meet here, never import each other. */
export interface DashboardEvents {
  /** The current server changed (null: none selected). */
  'agent:selected': { agentId: string | null };
  /** A server was deleted (useDeleteAgentMutation): the shell drops it and its cached data, and selects the next one. */
  'agent:deleted': { agentId: string };
  'auth:signed-out': Record<string, never>;
  /** Asks the shell for its Create Organization dialog (e.g. the organization page's switcher). */
  'organization:create': Record<string, never>;
  /** An organization was created in that dialog; the user is its owner. */
  'organization:created': { organizationId: string };
  'toast:show': ToastRequest;
}

export type DashboardEventName = keyof DashboardEvents;

/** A small typed publish/subscribe bus; one instance per page because `shared` is a singleton. */
export class EventBus<Events extends object = DashboardEvents> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  /** Returns the unsubscribe function (handy as a useEffect cleanup). */
  subscribe<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(name, set);
    return () => {
      set.delete(listener as (payload: never) => void);
    };
  }

  /** Delivers synchronously; one failing listener does not stop the others. */
  publish<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        (listener as (value: Events[Name]) => void)(payload);
      } catch (error) {
        console.error(`event listener for ${String(name)} failed`, error);
      }
    }
  }
}

export const eventBus = new EventBus<DashboardEvents>();
