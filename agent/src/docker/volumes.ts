import { AgentError, AgentErrorCode } from '../errors.js';
import type { VolumeEntry } from 'contract';
import type { DockerEngine } from './engine.js';
import { PROJECT_LABEL } from './project-resources.js';

const VOLUME_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

interface DiskUsage {
  Volumes: Array<{
    Name: string;
    Labels: Record<string, string> | null;
    UsageData?: { Size: number } | null;
  }> | null;
}

/**
 * Docker volumes on the engine, each with its size and the app that owns it (its compose project
 * label names one of this agent's apps). A volume an app owns is removed with the app, not here.
 */
export class VolumeService {
  constructor(
    private readonly engine: DockerEngine,
    /** compose project name → app id, for the apps this agent holds. */
    private readonly appsByProject: () => Promise<Map<string, string>>,
  ) {}

  async list(): Promise<VolumeEntry[]> {
    // /system/df is where the engine reports volume sizes (-1 when it does not know).
    const usage = await this.engine.json<DiskUsage>('GET', '/system/df');
    const owners = await this.appsByProject();
    return (usage.Volumes ?? [])
      .map((volume) => {
        const size = volume.UsageData?.Size ?? -1;
        const project = volume.Labels?.[PROJECT_LABEL];
        return {
          name: volume.Name,
          size: size >= 0 ? size : null,
          app_id: (project && owners.get(project)) || null,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async delete(name: string): Promise<{ name: string }> {
    if (!VOLUME_NAME.test(name))
      throw new AgentError(AgentErrorCode.VolumeInvalid, `Volume name is not valid: ${name.slice(0, 100)}`);
    const volume = (await this.list()).find((entry) => entry.name === name);
    if (!volume) throw new AgentError(AgentErrorCode.VolumeInvalid, `Volume ${name} does not exist`);
    if (volume.app_id)
      throw new AgentError(
        AgentErrorCode.VolumeInvalid,
        `Volume ${name} belongs to an app: it is removed when the app is deleted`,
      );
    await this.engine.json('DELETE', `/volumes/${encodeURIComponent(name)}`);
    return { name };
  }
}
