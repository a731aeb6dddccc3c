import { AgentError, AgentErrorCode } from '../errors.js';
import { engineMessage, type DockerEngine } from './engine.js';

/** The label compose puts on every container, network and volume it creates for a project. */
export const PROJECT_LABEL = 'com.docker.compose.project';
export const SERVICE_LABEL = 'com.docker.compose.service';

/** How long one container may take to stop (its own stop_grace_period applies within this). */
const STOP_TIMEOUT_MS = 5 * 60_000;

export interface ProjectRemoval {
  /** Keep named (and anonymous) volumes: the app's data stays on the engine. */
  keepVolumes: boolean;
  /** Services that compose builds (`build:`), with the image name compose tags the build with. */
  builtServices: BuiltService[];
}

export interface BuiltService {
  service: string;
  /** The `image:` of a service that also has `build:`, or null when compose names it itself. */
  image: string | null;
}

interface ContainerEntry {
  Id: string;
  ImageID: string;
  Labels: Record<string, string>;
}

/**
 * Removes what compose made for one project, found by its project label through the Engine API,
 * never through compose: the app's own compose file may be the reason a deploy failed. Containers
 * stop with their own stop signal and grace period, then go with their anonymous volumes; then the
 * project's networks, named volumes (compose labels only the volumes it created, so `external`
 * ones are never touched) and the images built for its services.
 */
export async function removeProjectResources(
  engine: DockerEngine,
  project: string,
  removal: ProjectRemoval,
): Promise<void> {
  const filter = labelFilter(project);
  const containers = await engine.json<ContainerEntry[]>('GET', `/containers/json?all=1&filters=${filter}`);
  const built = new Set(removal.builtServices.map((entry) => entry.service));
  const builtImageIds = containers
    .filter((container) => built.has(container.Labels[SERVICE_LABEL] ?? ''))
    .map((container) => container.ImageID);
  await Promise.all(
    containers.map((container) => removeContainer(engine, container.Id, !removal.keepVolumes)),
  );

  const networks = await engine.json<Array<{ Id: string }>>('GET', `/networks?filters=${filter}`);
  for (const network of networks) await removeOrThrow(engine, `/networks/${network.Id}`, 'network');

  if (!removal.keepVolumes) {
    const volumes = await engine.json<{ Volumes: Array<{ Name: string }> | null }>(
      'GET',
      `/volumes?filters=${filter}`,
    );
    for (const volume of volumes.Volumes ?? [])
      await removeOrThrow(engine, `/volumes/${encodeURIComponent(volume.Name)}`, `volume ${volume.Name}`);
  }

  const imageNames = removal.builtServices.flatMap((entry) =>
    entry.image ? [entry.image] : [`${project}_${entry.service}`, `${project}-${entry.service}`],
  );
  const labelled = await engine.json<Array<{ Id: string }>>('GET', `/images/json?filters=${filter}`);
  for (const image of [...imageNames, ...labelled.map((entry) => entry.Id)]) await removeImage(engine, image);
  // By id only once untagged: a build that adds nothing to its base has the base image's id.
  for (const id of new Set(builtImageIds)) {
    const inspected = await engine.request('GET', `/images/${id}/json`);
    if (inspected.status !== 200) continue;
    const { RepoTags } = JSON.parse(inspected.body.toString('utf8')) as { RepoTags?: string[] | null };
    if (!RepoTags?.length) await removeImage(engine, id);
  }
}

/** A container of a compose project and the service it runs. */
export interface ProjectContainer {
  id: string;
  name: string;
  service: string;
}

/** The project's containers, stopped ones included, found by its label. */
export async function projectContainers(engine: DockerEngine, project: string): Promise<ProjectContainer[]> {
  const list = await engine.json<Array<ContainerEntry & { Names: string[] }>>(
    'GET',
    `/containers/json?all=1&filters=${labelFilter(project)}`,
  );
  return list.map((container) => ({
    id: container.Id,
    name: (container.Names[0] ?? container.Id).replace(/^\//, ''),
    service: container.Labels[SERVICE_LABEL] ?? '',
  }));
}

function labelFilter(project: string): string {
  return encodeURIComponent(JSON.stringify({ label: [`${PROJECT_LABEL}=${project}`] }));
}

async function removeContainer(engine: DockerEngine, id: string, withVolumes: boolean): Promise<void> {
  // No `t`: the engine uses the container's own stop timeout (compose sets it from stop_grace_period).
  await engine.request('POST', `/containers/${id}/stop`, undefined, STOP_TIMEOUT_MS);
  await removeOrThrow(engine, `/containers/${id}?force=1${withVolumes ? '&v=1' : ''}`, 'container');
}

async function removeOrThrow(engine: DockerEngine, path: string, what: string): Promise<void> {
  const response = await engine.request('DELETE', path);
  if (response.status < 300 || response.status === 404) return;
  throw new AgentError(AgentErrorCode.DockerApiError, `Could not remove ${what}: ${engineMessage(response)}`);
}

/** An image still used by something else (another app's container, another tag) is left alone. */
async function removeImage(engine: DockerEngine, image: string): Promise<void> {
  const response = await engine.request('DELETE', `/images/${encodeURIComponent(image)}`);
  if (response.status < 300 || response.status === 404 || response.status === 409) return;
  throw new AgentError(
    AgentErrorCode.DockerApiError,
    `Could not remove image ${image}: ${engineMessage(response)}`,
  );
}
