// The expose extension on the real engine, for tests and bench/expose: the shipped Caddy template
// on the local stand-in image, busybox httpd apps exposed through it, and HTTPS requests to them
// with the proxy's internal root certificate (as a user's browser or curl would send them).
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeployment, Exposure } from 'contract';
import { runCommand } from '../docker/run-command.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port nothing listens on now (for the proxy's host ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `caddy:{tag}` from Debian's caddy package (scripts/build-caddy-image.sh). */
export async function buildCaddyImage(tag: string): Promise<void> {
  const built = await runCommand('bash', [path.join(repo, 'scripts/build-caddy-image.sh'), tag]);
  if (built.exitCode !== 0) throw new Error(built.stderr);
}

function files(entries: Record<string, string>): AppDeployment['files'] {
  return Object.entries(entries).map(([filename, content]) => ({ filename, content, is_encrypted: false }));
}

/** The Caddy catalog template as the server sends it (app id `proxy`): its files, the tag, the ports. */
export function proxyDeployment(caddyTag: string, ports: { http: number; https: number }): AppDeployment {
  const template = path.join(repo, 'server/catalog/templates/caddy');
  const read = (name: string) => readFileSync(path.join(template, name), 'utf8');
  const variables = {
    _VERSION: caddyTag,
    HTTP_PORT: String(ports.http),
    HTTPS_PORT: String(ports.https),
    ACME_EMAIL: '',
  };
  return {
    app_id: 'proxy',
    project: 'proxy',
    files: files({ 'compose.yml': read('compose.yml'), Caddyfile: read('Caddyfile') }),
    variables: Object.entries(variables).map(([name, value]) => ({ name, value, is_encrypted: false })),
    provides_expose: { service: 'caddy' },
  };
}

/**
 * A busybox httpd app whose page says `hello from {appId}`, exposed as `exposure` says. `subnet`:
 * its default network's (Docker's default pools hold about 30 networks; a bench runs 50 apps).
 */
export function webApp(image: string, appId: string, exposure?: Exposure, subnet?: string): AppDeployment {
  const compose = [
    'services:',
    '  web:',
    `    image: ${image}`,
    `    command: ["sh", "-c", "echo hello from ${appId} > /www/index.html; exec httpd -f -p 8080 -h /www"]`,
    '    stop_grace_period: 1s',
    ...(subnet
      ? ['networks:', '  default:', '    ipam:', '      config:', `        - subnet: ${subnet}`]
      : []),
    '',
  ].join('\n');
  return {
    app_id: appId,
    project: appId,
    files: files({ 'compose.yml': compose }),
    variables: [],
    ...(exposure ? { exposure } : {}),
  };
}

/** Exposed through the app `proxy` at these domains. */
export const viaProxy = (...domains: string[]): Extract<Exposure, { kind: 'proxy' }> => ({
  kind: 'proxy',
  proxy_app_id: 'proxy',
  service: 'web',
  port: 8080,
  domains,
});

/** The running proxy container of a compose project, and when it started. */
export async function proxyContainer(project: string): Promise<{ id: string; startedAt: string }> {
  const listed = await runCommand('docker', [
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
  ]);
  const id = listed.stdout.trim();
  const inspected = await runCommand('docker', ['inspect', '--format', '{{.State.StartedAt}}', id]);
  if (!id || inspected.exitCode !== 0) throw new Error(`no running proxy container in ${project}`);
  return { id, startedAt: inspected.stdout.trim() };
}

/**
 * What the kernel did with the connections queued on the proxy's listening sockets as reloads
 * closed them (the container's network namespace, read through its first process): a failed
 * request's report names them. 'unavailable' when /proc of that process cannot be read.
 */
export async function proxyListenCounters(containerId: string): Promise<string> {
  const inspected = await runCommand('docker', ['inspect', '--format', '{{.State.Pid}}', containerId]);
  const pid = Number(inspected.stdout.trim());
  if (inspected.exitCode !== 0 || !(pid > 0)) return 'unavailable';
  try {
    const [names, values] = readFileSync(`/proc/${pid}/net/netstat`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(/\s+/).slice(1));
    const wanted = ['TCPMigrateReqSuccess', 'TCPMigrateReqFailure', 'ListenDrops', 'ListenOverflows'];
    return wanted.map((name) => `${name} ${values?.[names?.indexOf(name) ?? -1] ?? '?'}`).join(', ');
  } catch {
    return 'unavailable';
  }
}

/** The proxy's internal root certificate (it exists once the proxy signed its first certificate). */
export async function proxyRootCertificate(containerId: string, target: string): Promise<Buffer> {
  const copied = await runCommand('docker', [
    'cp',
    `${containerId}:/data/caddy/pki/authorities/local/root.crt`,
    target,
  ]);
  if (copied.exitCode !== 0) throw new Error(copied.stderr);
  return readFileSync(target);
}

export interface HttpsTarget {
  /** The host port of the proxy's HTTPS. */
  port: number;
  ca: Buffer;
  /** A keep-alive agent, or false for a new connection per request. */
  agent: https.Agent | false;
}

/**
 * One HTTPS GET of `domain` through the proxy on 127.0.0.1: 'ok' (200 with the app's page) or why
 * it failed. A request on a kept-alive connection that the proxy closed as it went out (a reload
 * closes idle connections) is sent again once on a new connection, as browsers and curl do;
 * `counts.resent` counts those.
 */
export async function httpsGet(
  domain: string,
  target: HttpsTarget,
  counts: { resent: number } = { resent: 0 },
): Promise<string> {
  const first = await getOnce(domain, target);
  if (!first.closedUnderUs) return first.outcome;
  counts.resent += 1;
  return (await getOnce(domain, { ...target, agent: false })).outcome;
}

function getOnce(
  domain: string,
  { port, ca, agent }: HttpsTarget,
): Promise<{ outcome: string; closedUnderUs?: boolean }> {
  return new Promise((resolve) => {
    const request = https.request(
      { host: '127.0.0.1', port, servername: domain, ca, agent, path: '/', headers: { host: domain } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({
            outcome:
              response.statusCode === 200 && body.startsWith('hello')
                ? 'ok'
                : `status ${response.statusCode}`,
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ outcome: failureOf(error) }));
      },
    );
    request.setTimeout(5000, () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const closed = error.code === 'ECONNRESET' || error.message === 'socket hang up';
      resolve({ outcome: failureOf(error), closedUnderUs: request.reusedSocket && closed });
    });
    request.end();
  });
}

/**
 * A failed request's outcome: its code, and for a closed connection Node's words too, which tell a
 * reset before the TLS handshake ended (the proxy's listening socket) from one after it.
 */
function failureOf(error: NodeJS.ErrnoException): string {
  return error.code === 'ECONNRESET' ? `ECONNRESET (${error.message})` : (error.code ?? error.message);
}

/** Polls `domain` until it answers 200 (new connections); the time of that answer. */
export async function firstOk(domain: string, target: Omit<HttpsTarget, 'agent'>): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await httpsGet(domain, { ...target, agent: false })) === 'ok') return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${domain} never answered 200`);
}

export interface StreamReport {
  total: number;
  failed: number;
  /** Outcomes other than 'ok', with their counts. */
  reasons: string[];
  resent: number;
}

/** A steady request loop to `domain` (a request, then `pauseMs`) until stopped. */
export function requestStream(
  domain: string,
  target: HttpsTarget,
  pauseMs = 10,
): { stop(): Promise<StreamReport> } {
  const outcomes = new Map<string, number>();
  const counts = { resent: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      const outcome = await httpsGet(domain, target, counts);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
      const reasons = [...outcomes].filter(([key]) => key !== 'ok').map(([key, count]) => `${key} ×${count}`);
      return { total, failed: total - (outcomes.get('ok') ?? 0), reasons, resent: counts.resent };
    },
  };
}
