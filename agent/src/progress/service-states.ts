import type { ServiceState } from 'contract';
import type { DockerEngine } from '../docker/engine.js';
import { PROJECT_LABEL, SERVICE_LABEL } from '../docker/project-resources.js';
import type { DeployTracker } from './deploy-tracker.js';

interface ContainerEntry {
  State: string;
  Status: string;
  Labels: Record<string, string>;
}

/**
 * Once compose is done, a watched deploy shows each service as the engine holds it: running,
 * healthy or unhealthy (by its health check), exited.
 */
export async function reportServiceStates(
  engine: DockerEngine,
  project: string,
  deploy: DeployTracker,
): Promise<void> {
  const filters = encodeURIComponent(JSON.stringify({ label: [`${PROJECT_LABEL}=${project}`] }));
  const containers = await engine.json<ContainerEntry[]>('GET', `/containers/json?all=1&filters=${filters}`);
  deploy.serviceStates(
    project,
    containers.map((container) => ({
      service: container.Labels[SERVICE_LABEL] ?? '',
      state: serviceState(container),
    })),
  );
}

/** The engine's State ('running', 'exited', …) and Status ('Up 2 seconds (healthy)'). */
function serviceState(container: Pick<ContainerEntry, 'State' | 'Status'>): ServiceState {
  if (container.State !== 'running') return container.State === 'restarting' ? 'starting' : 'exited';
  if (container.Status.includes('(healthy)')) return 'healthy';
  if (container.Status.includes('(unhealthy)')) return 'unhealthy';
  if (container.Status.includes('(health: starting)')) return 'waiting';
  return 'running';
}
