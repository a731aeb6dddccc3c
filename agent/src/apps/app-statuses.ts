import type { AppStatusEntry } from 'contract';
import type { DockerEngine } from '../docker/engine.js';
import { PROJECT_LABEL } from '../docker/project-resources.js';
import type { AppRecord } from './app-store.js';
import { appStatusFromContainers, type ContainerState } from './status.js';

interface ContainerListEntry {
  State: string;
  Status: string;
  Labels: Record<string, string>;
}

/** Apps' statuses from their containers on the engine (the agent's projects only, by their prefix). */
export class AppStatuses {
  constructor(
    private readonly engine: DockerEngine,
    private readonly projectPrefix: string,
  ) {}

  async of(record: AppRecord): Promise<number> {
    const containers = (await this.containersByProject()).get(record.projectName) ?? [];
    return appStatusFromContainers(containers, record.desiredRunning);
  }

  async all(records: AppRecord[]): Promise<AppStatusEntry[]> {
    const byProject = await this.containersByProject();
    return records.map((record) => ({
      app_id: record.deployment.app_id,
      status: appStatusFromContainers(byProject.get(record.projectName) ?? [], record.desiredRunning),
    }));
  }

  private async containersByProject(): Promise<Map<string, ContainerState[]>> {
    const filters = encodeURIComponent(JSON.stringify({ label: [PROJECT_LABEL] }));
    const list = await this.engine.json<ContainerListEntry[]>(
      'GET',
      `/containers/json?all=1&filters=${filters}`,
    );
    const byProject = new Map<string, ContainerState[]>();
    for (const container of list) {
      const project = container.Labels[PROJECT_LABEL];
      if (!project?.startsWith(this.projectPrefix)) continue;
      const states = byProject.get(project) ?? [];
      states.push({ state: container.State, status: container.Status });
      byProject.set(project, states);
    }
    return byProject;
  }
}
