/**
 * Pulls images through the Engine API (`POST /images/create`) for Compose v1, which prints no byte
 * or layer progress without a terminal: the engine's JSON stream carries each layer's
 * `progressDetail` (current/total bytes), which the deploy's progress shows per image. Under v2
 * compose pulls itself and prints that progress, so none of this runs there.
 */
import { AgentError, AgentErrorCode } from '../errors.js';
import { pullFailureLine } from './compose-failure.js';
import { engineMessage, type DockerEngine } from './engine.js';

/** One event of the engine's pull stream. */
export interface EnginePullEvent {
  status?: string;
  /** The layer's short id (or the tag, on 'Pulling from …'). */
  id?: string;
  progressDetail?: { current?: number; total?: number };
  error?: string;
  errorDetail?: { message?: string };
}

/** An image a deploy needs, with the services that run it. */
export interface ImageToPull {
  image: string;
  services: string[];
  platform?: string;
  /** A service that can also be built from source: compose builds it when the pull finds nothing. */
  buildable: boolean;
}

interface ModelService {
  image?: unknown;
  build?: unknown;
  platform?: unknown;
  profiles?: unknown;
}

/**
 * The images `up` pulls from the resolved model: services of the active profiles with an `image`.
 * `everything` (an update): also those already on the engine and those that can be built, as
 * `compose pull` does; otherwise only images of services without `build` (up builds the others).
 */
export function imagesToPull(model: unknown, profiles: string[], everything: boolean): ImageToPull[] {
  const services = (model as { services?: Record<string, ModelService> } | null)?.services ?? {};
  const byImage = new Map<string, ImageToPull>();
  for (const [service, definition] of Object.entries(services)) {
    if (typeof definition?.image !== 'string' || !definition.image) continue;
    // v1's `config` lists services of inactive profiles too; `up` leaves them alone.
    const serviceProfiles = Array.isArray(definition.profiles) ? (definition.profiles as unknown[]) : [];
    if (serviceProfiles.length > 0 && !serviceProfiles.some((p) => profiles.includes(String(p)))) continue;
    const buildable = definition.build !== undefined && definition.build !== null;
    if (buildable && !everything) continue;
    const entry = byImage.get(definition.image) ?? {
      image: definition.image,
      services: [],
      buildable,
      ...(typeof definition.platform === 'string' ? { platform: definition.platform } : {}),
    };
    entry.services.push(service);
    entry.buildable &&= buildable;
    byImage.set(definition.image, entry);
  }
  return [...byImage.values()];
}

export async function imageExists(engine: DockerEngine, image: string): Promise<boolean> {
  const response = await engine.request('GET', `/images/${encodeURIComponent(image)}/json`);
  if (response.status === 200) return true;
  if (response.status === 404) return false;
  throw new AgentError(AgentErrorCode.DockerApiError, engineMessage(response));
}

/** `name[:tag]` or `name@digest` → the engine's `fromImage` and `tag` (a port is not a tag). */
function imageReference(image: string): { fromImage: string; tag: string } {
  const at = image.indexOf('@');
  if (at >= 0) return { fromImage: image.slice(0, at), tag: image.slice(at + 1) };
  const colon = image.lastIndexOf(':');
  if (colon > image.lastIndexOf('/'))
    return { fromImage: image.slice(0, colon), tag: image.slice(colon + 1) };
  return { fromImage: image, tag: 'latest' };
}

/**
 * Pulls one image, each event of the engine's stream to `onEvent`. A failure (refused at once, or
 * an `error` in the stream) throws an error naming the service and the image; a cancelled pull
 * (`signal`) stops the engine's pull with the request.
 */
export async function pullImage(
  engine: DockerEngine,
  target: ImageToPull,
  options: {
    registryAuth?: string;
    signal?: AbortSignal;
    /** The longest silence of the engine while it pulls. */
    idleMs?: number;
    onEvent: (event: EnginePullEvent) => void;
  },
): Promise<void> {
  const { fromImage, tag } = imageReference(target.image);
  const query = new URLSearchParams({ fromImage, tag });
  if (target.platform) query.set('platform', target.platform);
  let failure: string | null = null;
  const { status, body } = await engine.stream('POST', `/images/create?${query}`, {
    headers: options.registryAuth ? { 'X-Registry-Auth': options.registryAuth } : {},
    signal: options.signal,
    idleMs: options.idleMs,
    onLine: (line) => {
      let event: EnginePullEvent;
      try {
        event = JSON.parse(line) as EnginePullEvent;
      } catch {
        return; // not an event: nothing to show
      }
      if (event.error || event.errorDetail?.message)
        failure = event.errorDetail?.message ?? event.error ?? '';
      options.onEvent(event);
    },
  });
  if (status < 200 || status >= 300) failure = engineMessage({ status, body });
  if (failure !== null) throw pullFailure(target, failure);
}

function pullFailure(target: ImageToPull, said: string): AgentError {
  const service = target.services[0] ?? '';
  return new AgentError(
    AgentErrorCode.ComposeFailed,
    `${pullFailureLine(service, target.image, said)}. The Docker engine said: ${said.trim()}`,
  );
}
