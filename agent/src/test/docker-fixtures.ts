import { mkdir, mkdtemp, rm, symlink, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppManager } from '../apps/app-manager.js';
import { AppStore } from '../apps/app-store.js';
import { after, before } from 'node:test';
import { ComposeRunner, detectComposeCli, type ComposeCli } from '../docker/compose.js';
import { loadOrCreateIdentity } from '../identity.js';
import { DockerEngine } from '../docker/engine.js';
import { runCommand } from '../docker/run-command.js';
import type { TestHold } from '../docker/test-hold.js';
import { Admission } from '../policy/admission.js';
import { DEFAULT_POLICY, type AdmissionPolicy } from '../policy/admission-policy.js';

const APPLETS = ['sh', 'httpd', 'echo', 'sleep', 'env', 'cat', 'ls', 'touch', 'test', 'printf'];

/**
 * Builds a tiny local image from busybox-static (nothing can be pulled here). The tag is unique per
 * test run so parallel runs never remove each other's image.
 */
export async function buildBusyboxImage(tag: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-image-'));
  try {
    const root = path.join(dir, 'root');
    await mkdir(path.join(root, 'bin'), { recursive: true });
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    await mkdir(path.join(root, 'www'), { recursive: true });
    await copyFile('/bin/busybox', path.join(root, 'bin', 'busybox'));
    for (const applet of APPLETS) await symlink('busybox', path.join(root, 'bin', applet));
    const tarball = path.join(dir, 'image.tar');
    const tar = await runCommand('tar', ['-C', root, '-cf', tarball, '.']);
    if (tar.exitCode !== 0) throw new Error(tar.stderr);
    const imported = await runCommand('docker', ['import', '--change', 'ENV PATH=/bin', tarball, tag]);
    if (imported.exitCode !== 0) throw new Error(imported.stderr);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Removes the image and what builds on it left: a failed build of the classic builder (Compose v1)
 * keeps its failed step's stopped container and the images of the steps before it, unlabelled.
 */
export async function removeImage(tag: string): Promise<void> {
  const id = (await runCommand('docker', ['image', 'inspect', '--format', '{{.Id}}', tag])).stdout.trim();
  if (id) {
    const containers = await runCommand('docker', ['ps', '-aq', '--filter', `ancestor=${id}`]);
    const ids = containers.stdout.split('\n').filter(Boolean);
    if (ids.length > 0) await runCommand('docker', ['rm', '-f', ...ids]);
    for (const image of await imagesBuiltOn(id)) await runCommand('docker', ['rmi', '-f', image]);
  }
  await runCommand('docker', ['rmi', '-f', tag]);
}

/** The engine's images whose parent chain leads to `id`, children before their parents. */
async function imagesBuiltOn(id: string): Promise<string[]> {
  const listed = await runCommand('docker', ['images', '-aq', '--no-trunc']);
  const images = [...new Set(listed.stdout.split('\n').filter(Boolean))];
  if (images.length === 0) return [];
  const inspected = await runCommand('docker', [
    'image',
    'inspect',
    '--format',
    '{{.Id}} {{.Parent}}',
    ...images,
  ]);
  const parentOf = new Map(inspected.stdout.split('\n').map((line) => line.split(' ') as [string, string]));
  const depthOnId = (image: string): number => {
    let depth = 0;
    for (let parent = parentOf.get(image); parent; parent = parentOf.get(parent)) {
      depth += 1;
      if (parent === id) return depth;
    }
    return 0;
  };
  return [...parentOf.keys()]
    .map((image) => ({ image, depth: depthOnId(image) }))
    .filter(({ depth }) => depth > 0)
    .sort((a, b) => b.depth - a.depth)
    .map(({ image }) => image);
}

/** Removes every container and network whose compose project starts with `prefix`. */
export async function removeProjects(prefix: string): Promise<void> {
  const containers = await runCommand('docker', [
    'ps',
    '-aq',
    '--filter',
    'label=com.docker.compose.project',
  ]);
  for (const id of containers.stdout.split('\n').filter(Boolean)) {
    const project = await runCommand('docker', [
      'inspect',
      '--format',
      '{{index .Config.Labels "com.docker.compose.project"}}',
      id,
    ]);
    if (project.stdout.trim().startsWith(prefix)) await runCommand('docker', ['rm', '-f', id]);
  }
  const networks = await runCommand('docker', ['network', 'ls', '--format', '{{.Name}}']);
  for (const name of networks.stdout.split('\n').filter((n) => n.startsWith(prefix))) {
    await runCommand('docker', ['network', 'rm', name]);
  }
}

/** What the engine still holds with the project's compose label, by kind (empty when clean). */
export interface Leftovers {
  containers: string[];
  networks: string[];
  volumes: string[];
  images: string[];
}

export async function labelledLeftovers(project: string): Promise<Leftovers> {
  const label = `label=com.docker.compose.project=${project}`;
  const listed = async (args: string[]) =>
    (await runCommand('docker', [...args, '--filter', label])).stdout.split('\n').filter(Boolean);
  return {
    containers: await listed(['ps', '-aq']),
    networks: await listed(['network', 'ls', '-q']),
    volumes: await listed(['volume', 'ls', '-q']),
    images: await listed(['images', '-q']),
  };
}

export const NO_LEFTOVERS: Leftovers = { containers: [], networks: [], volumes: [], images: [] };

/** Removes the volumes whose names start with `prefix` (what a test's projects left on purpose). */
export async function removeVolumes(prefix: string): Promise<void> {
  const volumes = await runCommand('docker', ['volume', 'ls', '-q']);
  const names = volumes.stdout.split('\n').filter((name) => name.startsWith(prefix));
  if (names.length) await runCommand('docker', ['volume', 'rm', '-f', ...names]);
}

export function httpdCompose(image: string, extra = ''): string {
  return [
    'services:',
    '  web:',
    `    image: ${image}`,
    '    command: ["sh", "-c", "echo started $$APP_GREETING; echo oops >&2; exec httpd -f -p 8080 -h /www"]',
    // httpd runs as PID 1 and ignores SIGTERM: do not wait the default 10 s on stop.
    '    stop_grace_period: 1s',
    '    environment:',
    '      APP_GREETING: ${GREETING:-none}',
    '      APP_SECRET: ${SECRET_VALUE:-}',
    extra,
  ]
    .filter(Boolean)
    .join('\n');
}

export interface AppTestBench {
  /** Compose project prefix of this run (every project of the test file starts with it). */
  prefix: string;
  /** The local busybox stand-in, tagged for this run. */
  image: string;
  dir: string;
  /** The agent's app manager, with compose limited to `timeoutMs` and a test `hold` when given. */
  apps(timeoutMs?: number, hold?: TestHold): AppManager;
}

/**
 * Registers before/after hooks giving a test file its own state folder, image and project prefix,
 * and removes the containers, networks, volumes and images named after them afterwards.
 */
export function appTestBench(
  name: string,
  options: {
    /** Runs once the bench is set up (a file's own `before` hook may start before it is). */
    ready?: (bench: AppTestBench) => Promise<void> | void;
    /** Images the tests build, removed afterwards. */
    extraImages?: (bench: AppTestBench) => string[];
  } = {},
): AppTestBench {
  const prefix = `dh${name}${process.pid}-`;
  let privateKeyPem = '';
  let cli: ComposeCli | null = null;
  const bench: AppTestBench = {
    prefix,
    image: `dockhand-agent-test/busybox:${name}${process.pid}`,
    dir: '',
    apps(timeoutMs = 120_000, hold?: TestHold) {
      if (!cli) throw new Error('the bench is not ready: use it in `ready` or a test');
      const compose = testComposeRunner(cli, bench.dir, { timeoutMs, hold });
      return testAppManager({ dir: bench.dir, compose, privateKeyPem, prefix });
    },
  };
  before(async () => {
    bench.dir = await mkdtemp(path.join(os.tmpdir(), `dh-${name}-`));
    privateKeyPem = (await loadOrCreateIdentity(path.join(bench.dir, 'state'))).privateKeyPem;
    cli = await detectComposeCli();
    await buildBusyboxImage(bench.image);
    await options.ready?.(bench);
  });
  after(async () => {
    await removeProjects(prefix);
    await removeVolumes(prefix);
    for (const tag of [...(options.extraImages?.(bench) ?? []), bench.image]) await removeImage(tag);
    await rm(bench.dir, { recursive: true, force: true });
  });
  return bench;
}

/**
 * Compose on the local engine as the agent runs it (PATH and HOME only, held commands' gates under
 * `{dir}/state/engine-gates`).
 */
export function testComposeRunner(
  cli: ComposeCli,
  dir: string,
  options: { timeoutMs?: number; hold?: TestHold } = {},
): ComposeRunner {
  return new ComposeRunner(cli, { PATH: process.env.PATH, HOME: dir }, options.timeoutMs ?? 120_000, {
    engine: new DockerEngine('/var/run/docker.sock'),
    gatesDir: testGatesDir(dir),
    hold: options.hold,
  });
}

export function testGatesDir(dir: string): string {
  return path.join(dir, 'state', 'engine-gates');
}

/** An AppManager on the local engine with apps under `{dir}/apps`, as the agent builds it. */
export function testAppManager(options: {
  dir: string;
  compose: ComposeRunner;
  privateKeyPem: string;
  prefix: string;
  policy?: AdmissionPolicy;
}): AppManager {
  return new AppManager(
    new AppStore(path.join(options.dir, 'apps')),
    options.compose,
    new Admission(options.policy ?? DEFAULT_POLICY, '/var/run/docker.sock'),
    new DockerEngine('/var/run/docker.sock'),
    options.privateKeyPem,
    options.prefix,
  );
}

/** The environment inside the first running container of a compose project. */
export async function containerEnv(project: string): Promise<string> {
  const ids = await runCommand('docker', [
    'ps',
    '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
  ]);
  const id = ids.stdout.split('\n')[0] ?? '';
  return (await runCommand('docker', ['exec', id, 'env'])).stdout;
}
