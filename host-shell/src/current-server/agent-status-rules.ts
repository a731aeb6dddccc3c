import { isServerUnpaid, type Agent } from 'shared';

/** Spec section 9: agent status poll 11 s, stale after 10 s; refetch on newly online at most once per second. */
export const AGENT_STATUS_POLL_MS = 11_000;
export const AGENT_STATUS_STALE_MS = 10_000;
export const NEWLY_ONLINE_REFETCH_THROTTLE_MS = 1_000;
/** While a server's Docker does not answer, the poll runs this often (the agent reports its return within 2 s). */
export const DOCKER_DOWN_POLL_MS = 3_000;
export const AGENT_OFFLINE_ERROR = 'Agent is offline';

/** Online flags by agent id. */
export type OnlineMap = ReadonlyMap<string, boolean>;

export interface StatusTransition {
  /** The selected agent was online and is now offline. */
  selectedWentOffline: boolean;
  /** Agents that are online now but were not (or were unknown) before. */
  newlyOnline: string[];
}

export function diffAgentStatuses(
  previous: OnlineMap | null,
  next: OnlineMap,
  selectedId: string | null,
): StatusTransition {
  const newlyOnline = [...next.entries()]
    .filter(([id, online]) => online && previous !== null && previous.get(id) !== true)
    .map(([id]) => id);
  const selectedWentOffline =
    selectedId !== null && previous?.get(selectedId) === true && next.get(selectedId) !== true;
  return { selectedWentOffline, newlyOnline };
}

/** Calls `action` at most once per `intervalMs`; later calls inside the window are dropped. */
export function createThrottle(
  intervalMs: number,
  now: () => number = Date.now,
): (action: () => void) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (action) => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    action();
    return true;
  };
}

/** The server is unavailable when none is selected, it is offline, or its subscription is unpaid. */
export function isServerUnavailable(
  agent: Pick<Agent, 'subscription_status'> | null,
  online: boolean,
): boolean {
  if (!agent || !online) return true;
  try {
    return isServerUnpaid(agent.subscription_status);
  } catch {
    // An unknown plan is shown as an error elsewhere; nothing may run on that server meanwhile.
    return true;
  }
}
