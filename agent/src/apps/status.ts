import { AppStatus, type AppStatusCode } from 'contract';

/** The parts of the engine's container list entry that decide an app's status. */
export interface ContainerState {
  state: string; // created | running | paused | restarting | removing | exited | dead
  status: string; // human text, e.g. "Up 3 minutes (unhealthy)" or "Exited (1) 2 seconds ago"
}

/**
 * Folds the containers of one compose project into one app status. `desiredRunning` is what the
 * agent was last asked to do: no running container is "stopped" when asked to stop, "problematic"
 * when it should run.
 */
export function appStatusFromContainers(
  containers: ContainerState[],
  desiredRunning: boolean,
): AppStatusCode {
  if (containers.length === 0) return desiredRunning ? AppStatus.Problematic : AppStatus.Stopped;
  const states = containers.map((c) => c.state);
  if (states.includes('restarting')) return AppStatus.Restarting;
  if (states.includes('dead') || containers.some((c) => /\(unhealthy\)/.test(c.status)))
    return AppStatus.Problematic;
  const running = containers.filter((c) => c.state === 'running');
  const failedExit = containers.some((c) => c.state === 'exited' && exitCodeOf(c.status) !== 0);
  if (running.length === 0) {
    if (states.every((s) => s === 'paused' || s === 'created')) return AppStatus.Idle;
    return desiredRunning ? AppStatus.Problematic : AppStatus.Stopped;
  }
  if (failedExit) return AppStatus.Problematic;
  if (states.includes('paused') || containers.some((c) => /\(health: starting\)/.test(c.status)))
    return AppStatus.Idle;
  return AppStatus.Active;
}

function exitCodeOf(status: string): number {
  const match = /Exited \((-?\d+)\)/.exec(status);
  return match ? Number(match[1]) : 0;
}
