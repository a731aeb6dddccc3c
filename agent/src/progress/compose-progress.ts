/**
 * Reads what compose prints, line by line, into a deploy's progress (contract DeployProgress):
 * images pulled (layers and bytes when compose prints them), build output per service, and each
 * service as it is created, started and becomes healthy. Both generations are read: v1
 * (`Creating proj_web_1 ... done`, `Building web`, the classic builder's `Step 1/3`) and v2's plain
 * output (` Container proj-web-1  Started`, ` web Pulling`, layer lines, BuildKit's `#5 [web 2/3]`).
 * A line it does not know changes nothing, so a newer compose costs detail, never the deploy.
 */
import {
  BUILD_LINES_KEPT,
  type DeployProgress,
  type DeployStep,
  type ImagePull,
  type ServiceState,
} from 'contract';
import type { EnginePullEvent } from '../docker/image-pull.js';

export type OutputStream = 'stdout' | 'stderr';

interface LayerState {
  done: boolean;
  current: number;
  total: number;
}

interface ImageState {
  state: ImagePull['state'];
  layers: Map<string, LayerState>;
}

interface BuildState {
  done: boolean;
  lines: string[];
}

const CONTAINER_V1 = /^(Creating|Recreating|Starting)\s+(\S+)\s*\.\.\.\s*(done|error)?\s*$/;
const UP_TO_DATE_V1 = /^(\S+) is up-to-date$/;
const CONTAINER_V2 =
  /^Container\s+(\S+)\s+(Creating|Created|Recreate|Recreated|Starting|Started|Waiting|Healthy|Running|Error|Stopped|Exited)\b/;
const PULL_V1 = /^Pulling\s+(\S+?)\s*(?:\(([^)]*)\))?\s*\.\.\.\s*(done|error)?\s*$/;
const PULL_V2 = /^(\S+)\s+(Pulling|Pulled|Error|Skipped)$/;
const LAYER =
  /^([0-9a-f]{12}):?\s+(Pulling fs layer|Waiting|Downloading|Verifying Checksum|Download complete|Extracting|Pull complete|Already exists)(?:\s+\[[^\]]*\]\s+([\d.]+\s*[kMGT]?B)\/([\d.]+\s*[kMGT]?B))?/;
const BUILD_START_V1 = /^Building\s+(\S+)$/;
const BUILDKIT_STEP = /^#(\d+)\s+\[([^\s\]]+)[\s\]]/;
const BUILDKIT_LINE = /^#(\d+)\s+(.*)$/;
const IMAGE_READY_V1 = /^Status: (?:Downloaded newer image|Image is up to date) for /;

const V1_STATES: Record<string, ServiceState> = {
  Creating: 'creating',
  Recreating: 'recreating',
  Starting: 'starting',
};
const V2_STATES: Record<string, ServiceState> = {
  Creating: 'creating',
  Created: 'created',
  Recreate: 'recreating',
  Recreated: 'created',
  Starting: 'starting',
  Started: 'started',
  Waiting: 'waiting',
  Healthy: 'healthy',
  Running: 'running',
  Error: 'failed',
  Stopped: 'exited',
  Exited: 'exited',
};
const LAYER_DONE = new Set(['Pull complete', 'Already exists']);
/** Statuses after a layer's download ended. */
const DOWNLOADED = new Set(['Verifying Checksum', 'Download complete', 'Extracting', 'Pull complete']);

/** Docker prints sizes in decimal units: '1.2MB', '512kB', '31.37 MB'. */
export function parseSize(text: string): number {
  const match = /^([\d.]+)\s*([kMGT]?)B$/.exec(text.trim());
  if (!match) return 0;
  const scale = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[match[2] as '' | 'k' | 'M' | 'G' | 'T'];
  return Math.round(Number(match[1]) * scale);
}

/** Terminal control sequences compose may print even without a terminal. */
function plain(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').trim();
}

export class ComposeProgress {
  step: DeployStep = 'preparing';
  cancelled = false;
  private readonly images = new Map<string, ImageState>();
  private readonly builds = new Map<string, BuildState>();
  private readonly services = new Map<string, { state: ServiceState; at: number }>();
  /** The image whose layers the next layer lines belong to (compose prints no service on them). */
  private pulling: string | null = null;
  private building: string | null = null;
  /** Build output that came (on stdout) before compose said which service it builds (on stderr). */
  private orphanBuildLines: string[] = [];
  /** BuildKit step number → service. */
  private readonly buildkitSteps = new Map<string, string>();

  constructor(
    /** The compose project (the agent's prefix included): container names start with it. */
    private readonly project: string,
    private readonly startedAt: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** One line compose printed; true when the progress changed. */
  line(raw: string, stream: OutputStream): boolean {
    const line = plain(raw);
    if (!line) return false;
    return (
      this.containerLine(line) || this.pullLine(line) || this.layerLine(line) || this.buildLine(line, stream)
    );
  }

  /** Once the app is being put back, that stays the step whatever compose prints. */
  private setStep(step: DeployStep): void {
    if (this.step !== 'rolling-back') this.step = step;
  }

  /** A service's state read from the engine (after `up`: running, healthy, starting, exited). */
  serviceState(service: string, state: ServiceState): void {
    this.setService(service, state);
  }

  snapshot(): DeployProgress {
    return {
      step: this.step,
      cancelled: this.cancelled,
      images: [...this.images].map(([service, image]) => imageSnapshot(service, image)),
      builds: [...this.builds].map(([service, build]) => ({
        service,
        done: build.done,
        lines: [...build.lines],
      })),
      services: [...this.services].map(([service, { state, at }]) => ({ service, state, at_ms: at })),
    };
  }

  private containerLine(line: string): boolean {
    const v1 = CONTAINER_V1.exec(line);
    if (v1) {
      const [, verb = '', container = '', ending] = v1;
      const state: ServiceState =
        ending === 'done' ? 'started' : ending === 'error' ? 'failed' : (V1_STATES[verb] ?? 'creating');
      return this.containerState(container, state);
    }
    const upToDate = UP_TO_DATE_V1.exec(line);
    if (upToDate) return this.containerState(upToDate[1] ?? '', 'running');
    const v2 = CONTAINER_V2.exec(line);
    if (v2) return this.containerState(v2[1] ?? '', V2_STATES[v2[2] ?? ''] ?? 'running');
    return false;
  }

  private containerState(container: string, state: ServiceState): boolean {
    const service = this.serviceOf(container);
    if (!service) return false;
    this.setStep('starting');
    this.finishBuilds();
    this.setService(service, state);
    return true;
  }

  private setService(service: string, state: ServiceState): void {
    if (this.services.get(service)?.state === state) return;
    this.services.set(service, { state, at: Math.max(0, this.now() - this.startedAt) });
  }

  /** `{project}_{service}_{n}` (v1) or `{project}-{service}-{n}` (v2); null for another project's. */
  private serviceOf(container: string): string | null {
    const name = container.replace(/^"|"$/g, '');
    for (const separator of ['_', '-']) {
      const prefix = `${this.project}${separator}`;
      if (!name.startsWith(prefix)) continue;
      const rest = name.slice(prefix.length);
      const match = new RegExp(`^(.+)\\${separator}\\d+$`).exec(rest);
      return match?.[1] ?? rest;
    }
    return null;
  }

  private pullLine(line: string): boolean {
    const v1 = PULL_V1.exec(line);
    const v2 = v1 ? null : PULL_V2.exec(line);
    if (!v1 && !v2) {
      if (IMAGE_READY_V1.test(line) && this.pulling) return this.setImage(this.pulling, 'pulled');
      return false;
    }
    const service = (v1 ? v1[1] : v2?.[1]) ?? '';
    const word = v1 ? (v1[3] ?? 'pulling') : (v2?.[2] ?? '');
    const state: ImagePull['state'] =
      word === 'done' || word === 'Pulled' || word === 'Skipped'
        ? 'pulled'
        : word === 'error' || word === 'Error'
          ? 'failed'
          : 'pulling';
    this.setStep('pulling');
    if (state === 'pulling') this.pulling = service;
    return this.setImage(service, state);
  }

  private setImage(service: string, state: ImagePull['state']): boolean {
    const image = this.images.get(service) ?? { state, layers: new Map<string, LayerState>() };
    image.state = state;
    if (state === 'pulled') for (const layer of image.layers.values()) layer.done = true;
    this.images.set(service, image);
    return true;
  }

  private layerLine(line: string): boolean {
    const match = LAYER.exec(line);
    if (!match || !this.pulling) return false;
    const image = this.images.get(this.pulling);
    if (!image) return false;
    const [, id = '', status = '', current, total] = match;
    updateLayer(
      image,
      id,
      status,
      current && total ? { current: parseSize(current), total: parseSize(total) } : null,
    );
    return true;
  }

  /**
   * An image the agent pulls itself through the Engine API (under Compose v1, which prints no
   * bytes): `state` when it starts and ends, and each event of the engine's stream for its layers.
   */
  imagePull(services: string[], state: ImagePull['state']): void {
    this.setStep('pulling');
    for (const service of services) this.setImage(service, state);
  }

  /** One event of the engine's pull stream; true when it changed the progress of `services`. */
  enginePullEvent(services: string[], event: EnginePullEvent): boolean {
    const { id, status, progressDetail } = event;
    if (!id || !status || !/^[0-9a-f]{12}$/.test(id)) return false;
    const bytes =
      progressDetail?.current !== undefined && progressDetail.total
        ? { current: progressDetail.current, total: progressDetail.total }
        : null;
    let changed = false;
    for (const service of services) {
      const image = this.images.get(service);
      if (!image) continue;
      updateLayer(image, id, status, bytes);
      changed = true;
    }
    return changed;
  }

  private buildLine(line: string, stream: OutputStream): boolean {
    const start = BUILD_START_V1.exec(line);
    if (start) {
      this.setStep('building');
      this.building = start[1] ?? '';
      const build = this.build(this.building);
      for (const orphan of this.orphanBuildLines) keep(build.lines, orphan);
      this.orphanBuildLines = [];
      return true;
    }
    const step = BUILDKIT_STEP.exec(line);
    if (step) {
      this.setStep('building');
      const service = step[2] ?? '';
      this.buildkitSteps.set(step[1] ?? '', service);
      keep(this.build(service).lines, line);
      return true;
    }
    const buildkit = BUILDKIT_LINE.exec(line);
    const stepService = buildkit ? this.buildkitSteps.get(buildkit[1] ?? '') : undefined;
    if (stepService) {
      keep(this.build(stepService).lines, line);
      return true;
    }
    // The classic builder prints its steps on stdout while compose names the service on stderr.
    if (stream !== 'stdout') return false;
    if (this.building === null) {
      keep(this.orphanBuildLines, line);
      return false;
    }
    const build = this.build(this.building);
    keep(build.lines, line);
    if (line.startsWith('Successfully tagged ') || line.startsWith('Successfully built ')) build.done = true;
    return true;
  }

  private build(service: string): BuildState {
    const build = this.builds.get(service) ?? { done: false, lines: [] };
    this.builds.set(service, build);
    return build;
  }

  /** Containers start once every image is built. */
  private finishBuilds(): void {
    for (const build of this.builds.values()) build.done = true;
    this.building = null;
  }
}

/**
 * A layer's status and, while it downloads, its bytes. Once its download is complete it counts as
 * fully downloaded, whatever bytes its extraction reports after that.
 */
function updateLayer(
  image: ImageState,
  id: string,
  status: string,
  bytes: { current: number; total: number } | null,
): void {
  const layer = image.layers.get(id) ?? { done: false, current: 0, total: 0 };
  if (bytes && status === 'Downloading') {
    layer.current = bytes.current;
    layer.total = bytes.total;
  } else if (DOWNLOADED.has(status)) {
    if (bytes && !layer.total) layer.total = bytes.total;
    layer.current = layer.total;
  }
  if (LAYER_DONE.has(status)) layer.done = true;
  image.layers.set(id, layer);
}

function keep(lines: string[], line: string): void {
  lines.push(line);
  if (lines.length > BUILD_LINES_KEPT) lines.splice(0, lines.length - BUILD_LINES_KEPT);
}

function imageSnapshot(service: string, image: ImageState): ImagePull {
  let bytesDone = 0;
  let bytesTotal = 0;
  let layersDone = 0;
  for (const layer of image.layers.values()) {
    if (layer.done) layersDone += 1;
    bytesTotal += layer.total;
    bytesDone += layer.done ? layer.total : layer.current;
  }
  return {
    service,
    state: image.state,
    layers_total: image.layers.size,
    layers_done: layersDone,
    bytes_done: bytesDone,
    bytes_total: bytesTotal,
  };
}
