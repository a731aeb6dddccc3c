/**
 * Wiring of the `expose` extension (contract rules/extensions.ts) beside the user's files, never
 * inside them: an override compose file in the app's agent folder attaches the exposed service to
 * the proxy's network (or publishes its port), and the proxy gets one route file per app in its
 * `routes/` folder, applied by a graceful `caddy reload` that never restarts the proxy.
 */
import { createServer } from 'node:net';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  domainError,
  ExtensionText,
  isPublicDomain,
  serviceNameError,
  type AppDeployment,
  type Exposure,
} from 'contract';
import { demuxDockerStream, engineMessage, type DockerEngine } from '../docker/engine.js';
import { PROJECT_LABEL } from '../docker/project-resources.js';
import { AgentError, AgentErrorCode } from '../errors.js';

const SERVICE_LABEL = 'com.docker.compose.service';
/** The override compose file, in the app's agent folder (outside the user's project folder). */
const EXPOSE_OVERRIDE_FILE = 'expose.override.yml';
/** The proxy's network as the override files name it. */
const NETWORK_KEY = 'dockhand_expose';
/** Where the proxy reads its routes (the Caddy template mounts `./routes` there). */
export const ROUTES_FOLDER = 'routes';

/** The network a proxy app shares with the apps it exposes. */
function proxyNetworkName(proxyProject: string): string {
  return `${proxyProject}-expose`;
}

/** The name the proxy reaches an exposed service by on that network. */
function upstreamHost(projectName: string, service: string): string {
  return `${projectName}-${service}`;
}

function refuse(message: string): AgentError {
  return new AgentError(AgentErrorCode.ExposeRefused, message);
}

/** The agent re-checks what reaches a compose file or a Caddyfile: a name, never configuration. */
export function assertExposure(exposure: Exposure): void {
  const serviceProblem = serviceNameError(exposure.service);
  if (serviceProblem) throw refuse(serviceProblem);
  if (exposure.kind === 'proxy')
    for (const domain of exposure.domains) {
      const problem = domainError(domain);
      if (problem) throw refuse(problem);
    }
}

/**
 * The override compose model for `deployment` (JSON, which compose reads as YAML), or null when
 * the app needs none. A proxy joins its own named network; an exposed app joins the proxy's
 * network under its upstream name, or publishes its port.
 */
export function exposeOverride(
  deployment: AppDeployment,
  projectName: string,
  proxyProject: string | null,
): Record<string, unknown> | null {
  const { exposure, provides_expose: provides } = deployment;
  if (provides) {
    return {
      services: { [provides.service]: { networks: { default: {}, [NETWORK_KEY]: {} } } },
      networks: { [NETWORK_KEY]: { name: proxyNetworkName(projectName) } },
    };
  }
  if (exposure?.kind === 'port')
    return { services: { [exposure.service]: { ports: [`${exposure.host_port}:${exposure.port}`] } } };
  if (exposure?.kind === 'proxy' && proxyProject) {
    const aliases = [upstreamHost(projectName, exposure.service)];
    return {
      services: { [exposure.service]: { networks: { default: {}, [NETWORK_KEY]: { aliases } } } },
      networks: { [NETWORK_KEY]: { external: true, name: proxyNetworkName(proxyProject) } },
    };
  }
  return null;
}

/** Writes (or removes) the override file; returns its path when the app has one. */
export async function writeExposeOverride(
  appDir: string,
  override: Record<string, unknown> | null,
): Promise<string | null> {
  const file = path.join(appDir, EXPOSE_OVERRIDE_FILE);
  if (!override) {
    await rm(file, { force: true });
    return null;
  }
  await writeFile(file, `${JSON.stringify(override, null, 2)}\n`, { mode: 0o644 });
  return file;
}

/** The Caddyfile route of one app: one site per domain, the internal CA for names that cannot be public. */
export function routeText(exposure: Extract<Exposure, { kind: 'proxy' }>, projectName: string): string {
  const upstream = `${upstreamHost(projectName, exposure.service)}:${exposure.port}`;
  return exposure.domains
    .map((domain) =>
      [
        `${domain} {`,
        ...(isPublicDomain(domain) ? [] : ['\ttls internal']),
        `\treverse_proxy ${upstream}`,
        '}',
        '',
      ].join('\n'),
    )
    .join('\n');
}

export interface ProxyTarget {
  appId: string;
  projectName: string;
  projectDir: string;
  service: string;
}

/** Route files of the apps exposed through one proxy, and its graceful reload. */
export class ProxyRoutes {
  constructor(private readonly engine: DockerEngine) {}

  routeFile(proxy: ProxyTarget, appId: string): string {
    return path.join(proxy.projectDir, ROUTES_FOLDER, `${appId}.caddy`);
  }

  async put(proxy: ProxyTarget, appId: string, text: string): Promise<void> {
    await mkdir(path.join(proxy.projectDir, ROUTES_FOLDER), { recursive: true });
    await writeFile(this.routeFile(proxy, appId), text, { mode: 0o644 });
    await this.reload(proxy);
  }

  async remove(proxy: ProxyTarget, appId: string): Promise<void> {
    await rm(this.routeFile(proxy, appId), { force: true });
    await this.reload(proxy);
  }

  /** `caddy reload` inside the running proxy: the new config replaces the old without a restart. */
  async reload(proxy: ProxyTarget): Promise<void> {
    const filters = encodeURIComponent(
      JSON.stringify({
        label: [`${PROJECT_LABEL}=${proxy.projectName}`, `${SERVICE_LABEL}=${proxy.service}`],
        status: ['running'],
      }),
    );
    const [container] = await this.engine.json<Array<{ Id: string }>>(
      'GET',
      `/containers/json?filters=${filters}`,
    );
    if (!container) throw refuse('The proxy app is not running: start it, then deploy again');
    const created = await this.engine.request('POST', `/containers/${container.Id}/exec`, {
      AttachStdout: true,
      AttachStderr: true,
      Cmd: ['caddy', 'reload', '--config', '/etc/caddy/Caddyfile', '--adapter', 'caddyfile'],
    });
    if (created.status !== 201) throw new AgentError(AgentErrorCode.DockerApiError, engineMessage(created));
    const { Id: execId } = JSON.parse(created.body.toString('utf8')) as { Id: string };
    const started = await this.engine.request('POST', `/exec/${execId}/start`, { Detach: false, Tty: false });
    const output = demuxDockerStream(started.body)
      .map((frame) => frame.text)
      .join('');
    const { ExitCode } = await this.engine.json<{ ExitCode: number | null }>('GET', `/exec/${execId}/json`);
    if (ExitCode !== 0) {
      const reason = output.trim().split('\n').slice(-2).join(' | ') || `exit ${ExitCode}`;
      throw refuse(`The proxy refused the route: ${reason}`);
    }
  }
}

/**
 * Every container leaves the proxy's network (the proxy is being removed): the network can then go
 * with the proxy's project, and the apps exposed through it keep running on their own networks.
 */
export async function emptyProxyNetwork(engine: DockerEngine, proxyProject: string): Promise<void> {
  const network = encodeURIComponent(proxyNetworkName(proxyProject));
  const inspected = await engine.request('GET', `/networks/${network}`);
  if (inspected.status === 404) return;
  if (inspected.status !== 200) throw new AgentError(AgentErrorCode.DockerApiError, engineMessage(inspected));
  const { Containers } = JSON.parse(inspected.body.toString('utf8')) as {
    Containers?: Record<string, unknown> | null;
  };
  for (const container of Object.keys(Containers ?? {})) {
    const left = await engine.request('POST', `/networks/${network}/disconnect`, {
      Container: container,
      Force: true,
    });
    if (left.status >= 300 && left.status !== 404)
      throw new AgentError(AgentErrorCode.DockerApiError, engineMessage(left));
  }
}

/**
 * Expose Port: the host port must be free, whoever holds it (another app, a container of no app,
 * a process on the host). The app's own container publishing it already (a redeploy) is fine.
 */
export async function assertHostPortFree(
  engine: DockerEngine,
  projectName: string,
  port: number,
): Promise<void> {
  const containers = await engine.json<
    Array<{ Labels: Record<string, string>; Ports: Array<{ PublicPort?: number }> }>
  >('GET', '/containers/json');
  const holder = containers.find((container) => container.Ports.some((entry) => entry.PublicPort === port));
  if (holder) {
    if (holder.Labels[PROJECT_LABEL] === projectName) return;
    throw refuse(ExtensionText.hostPortInUse(port));
  }
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
  if (!free) throw refuse(ExtensionText.hostPortInUse(port));
}
