/** Local Docker fixtures for integration tests: nothing can be pulled, so images are imported. */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { minimalTemplate, writeCatalogRoot } from './test-catalog.js';

const exec = promisify(execFile);

export async function docker(...args: string[]): Promise<string> {
  return (await exec('docker', args, { maxBuffer: 16 * 1024 * 1024 })).stdout;
}

/** A busybox image (sh, httpd, ...) under a tag unique to this test run. */
export async function buildBusyboxImage(tag: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-image-'));
  try {
    const root = path.join(dir, 'root');
    for (const sub of ['bin', 'tmp', 'www']) await mkdir(path.join(root, sub), { recursive: true });
    await copyFile('/bin/busybox', path.join(root, 'bin', 'busybox'));
    for (const applet of ['sh', 'httpd', 'echo', 'sleep', 'env', 'cat'])
      await symlink('busybox', path.join(root, 'bin', applet));
    await exec('tar', ['-C', root, '-cf', path.join(dir, 'image.tar'), '.']);
    await docker('import', '--change', 'ENV PATH=/bin', path.join(dir, 'image.tar'), tag);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes containers and networks of compose projects (and networks) whose name starts with `prefix`. */
export async function removeDockerLeftovers(prefix: string): Promise<void> {
  const containers = await docker('ps', '-a', '--format', '{{.ID}} {{.Label "com.docker.compose.project"}}');
  for (const line of containers.split('\n')) {
    const [id, project] = line.split(' ');
    if (id && project?.startsWith(prefix)) await docker('rm', '-f', id).catch(() => '');
  }
  const networks = await docker('network', 'ls', '--format', '{{.Name}}');
  for (const name of networks.split('\n').filter((n) => n.startsWith(prefix)))
    await docker('network', 'rm', name).catch(() => '');
}

/** A one-template catalog root (removed by `removeCatalogRoots`) whose app runs the local image. */
export function writeTestCatalog(image: string, imageTag: string): string {
  const compose = [
    'services:',
    '  web:',
    `    image: ${image}:\${_VERSION}`,
    '    command: ["sh", "-c", "echo started $$APP_GREETING; exec httpd -f -p 8080 -h /www"]',
    // httpd runs as PID 1 and ignores SIGTERM: do not wait the default 10 s on stop.
    '    stop_grace_period: 1s',
    '    environment:',
    '      APP_GREETING: ${GREETING}',
    '      APP_TOKEN: ${SECRET_TOKEN}',
    '',
  ].join('\n');
  return writeCatalogRoot({
    'dockhand-test-web': minimalTemplate('dockhand-test-web', {
      name: 'Dockhand Test Web',
      available_in: [],
      registry: {
        tags: [{ name: '1.0.0' }],
        releases: [
          {
            name: '1.0.0',
            date: '2026-01-01',
            description: 'First.',
            breaking_changes: false,
            changelog_url: null,
            image_tag: imageTag,
          },
        ],
      },
      files: [{ filename: 'compose.yml', content: compose }],
      variables: [
        { name: 'GREETING', value: 'from-template', is_encrypted: false, type: 'inherited' },
        {
          name: 'SECRET_TOKEN',
          value: '',
          is_encrypted: true,
          type: 'inherited',
          generate: { charset: 'hex', length: 32 },
        },
      ],
    }),
  });
}
