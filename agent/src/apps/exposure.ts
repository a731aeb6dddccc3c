/**
 * Wiring of the `expose` extension (contract rules/extensions.ts) beside the user's files, never
 * inside them: an override compose file in the app's agent folder attaches the exposed service to
 * the proxy's network (or publishes its port), and the proxy gets one route file per app in its
 * `routes/` folder, applied by a graceful `caddy reload` that never restarts the proxy.
 *
 * A reload must not interrupt the other apps (bench/expose): each site loads its certificate at
 * the first handshake that needs it (`on_demand`), so one is always found while the reload swaps
 * the configuration, and the proxy's container sets `net.ipv4.tcp_migrate_req` so connections
 * waiting on the old listening socket move to the new one instead of being reset.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
/**
 * Linux 5.14+: when a listening socket closes, the connections still waiting in its queue move to
 * another socket bound to the same port (Caddy binds the new one with SO_REUSEPORT on a reload)
 * instead of being reset. Per network namespace; an older kernel lacks it and would refuse the
 * container, so the proxy gets it only where the host's kernel has it.
 */
const MIGRATE_SYSCTL = 'net.ipv4.tcp_migrate_req';
const MIGRATES_PENDING_CONNECTIONS = existsSync('/proc/sys/net/ipv4/tcp_migrate_req');
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
 * the app needs none. A proxy joins its own named network (and migrates pending connections when
 * it reloads, where the kernel can); an exposed app joins the proxy's network under its upstream
 * name, or publishes its port.
 */
export function exposeOverride(
  deployment: AppDeployment,
  projectName: string,
  proxyProject: string | null,
): Record<string, unknown> | null {
  const { exposure, provides_expose: provides } = deployment;
  if (provides) {
    const sysctls = MIGRATES_PENDING_CONNECTIONS ? { sysctls: { [MIGRATE_SYSCTL]: '1' } } : {};
    return {
      services: { [provides.service]: { networks: { default: {}, [NETWORK_KEY]: {} }, ...sysctls } },
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

/**
 * The Caddyfile route of one app: one site per domain, the internal CA for names that cannot be
 * public. Certificates are on demand: loaded from the proxy's storage (or obtained) at the first
 * handshake that finds none in memory, as happens for an instant while a reload swaps the config.
 * The template's `on_demand_tls` asks the proxy's own domain list (DOMAINS_FOLDER) first.
 */
function routeText(exposure: Extract<Exposure, { kind: 'proxy' }>, projectName: string): string {
  const upstream = `${upstreamHost(projectName, exposure.service)}:${exposure.port}`;
  return exposure.domains
    .map((domain) =>
      [
        `${domain} {`,
        `\ttls${isPublicDomain(domain) ? '' : ' internal'} {`,
        '\t\ton_demand',
        '\t}',
        `\treverse_proxy ${upstream}`,
        '}',
        '',
      ].join('\n'),
    )
    .join('\n');
}

/**
 * The domains a proxy may hold certificates for, one empty-named file per domain holding the app
 * id, in `routes/domains/` (the Caddy template answers its on-demand `ask` from it).
 */
const DOMAINS_FOLDER = 'domains';

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

  /** The route of app `appId` (compose project `projectName`) through `proxy`. */
  async put(
    proxy: ProxyTarget,
    appId: string,
    exposure: Extract<Exposure, { kind: 'proxy' }>,
    projectName: string,
  ): Promise<void> {
    await mkdir(path.join(proxy.projectDir, ROUTES_FOLDER, DOMAINS_FOLDER), { recursive: true });
    await this.setDomains(proxy, appId, exposure.domains);
    await writeFile(this.routeFile(proxy, appId), routeText(exposure, projectName), { mode: 0o644 });
    await this.reload(proxy);
  }

  async remove(proxy: ProxyTarget, appId: string): Promise<void> {
    await rm(this.routeFile(proxy, appId), { force: true });
    await this.setDomains(proxy, appId, []);
    await this.reload(proxy);
  }

  /** The app's entries in the domain list become `domains` (other apps' entries stay). */
  private async setDomains(proxy: ProxyTarget, appId: string, domains: readonly string[]): Promise<void> {
    const folder = path.join(proxy.projectDir, ROUTES_FOLDER, DOMAINS_FOLDER);
    const listed = await readdir(folder).catch(() => []);
    for (const domain of listed) {
      if (domains.includes(domain)) continue;
      // Another app's deploy may remove its own entry meanwhile.
      const owner = await readFile(path.join(folder, domain), 'utf8').catch(() => null);
      if (owner === appId) await rm(path.join(folder, domain), { force: true });
    }
    for (const domain of domains) await writeFile(path.join(folder, domain), appId, { mode: 0o644 });
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
 * a process on the host). The app's own container publishing it already (a redeploy) is fine;
 * `projectName` null: an app not created yet, which has none.
 */
export async function assertHostPortFree(
  engine: DockerEngine,
  projectName: string | null,
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
