/**
 * A local stand-in for an image registry (nothing can be pulled from the internet here): the pull
 * side of the Registry HTTP API v2 on loopback, which the Docker engine trusts without TLS
 * (127.0.0.0/8 is an insecure registry by default). It serves one image of two gzip layers, the
 * busybox-static rootfs and a file of random bytes, in small slow chunks so the engine reports
 * a download's progress; anything else answers 'manifest unknown' as a real registry does.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runCommand } from '../docker/run-command.js';

export interface RegistryStandIn {
  /** `127.0.0.1:{port}` */
  host: string;
  /** The image it serves: `{host}/{repository}:{tag}`. */
  image: string;
  /** Compressed sizes of the layers, as the engine downloads them. */
  layerSizes: number[];
  close(): Promise<void>;
}

const CHUNK_BYTES = 64 * 1024;
const CHUNK_DELAY_MS = 15;

const sha256 = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`;

async function tarOf(files: (root: string) => Promise<void>): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-layer-'));
  try {
    const root = path.join(dir, 'root');
    await mkdir(root);
    await files(root);
    const tarball = path.join(dir, 'layer.tar');
    const tar = await runCommand('tar', ['-C', root, '-cf', tarball, '.']);
    if (tar.exitCode !== 0) throw new Error(tar.stderr);
    return await readFile(tarball);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function startRegistryStandIn(repository: string, tag: string): Promise<RegistryStandIn> {
  const rootfs = await tarOf(async (root) => {
    await mkdir(path.join(root, 'bin'));
    await mkdir(path.join(root, 'www'));
    await copyFile('/bin/busybox', path.join(root, 'bin', 'busybox'));
    for (const applet of ['sh', 'httpd', 'sleep']) await symlink('busybox', path.join(root, 'bin', applet));
  });
  const padding = await tarOf(async (root) =>
    writeFile(path.join(root, 'padding.bin'), randomBytes(1_500_000)),
  );
  const layers = [rootfs, padding].map((tar) => ({ diffId: sha256(tar), gzip: gzipSync(tar) }));
  const config = Buffer.from(
    JSON.stringify({
      architecture: process.arch === 'arm64' ? 'arm64' : 'amd64',
      os: 'linux',
      config: { Env: ['PATH=/bin'], Cmd: ['sh'] },
      rootfs: { type: 'layers', diff_ids: layers.map((layer) => layer.diffId) },
    }),
  );
  const manifest = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
      config: {
        mediaType: 'application/vnd.docker.container.image.v1+json',
        size: config.length,
        digest: sha256(config),
      },
      layers: layers.map((layer) => ({
        mediaType: 'application/vnd.docker.image.rootfs.diff.tar.gzip',
        size: layer.gzip.length,
        digest: sha256(layer.gzip),
      })),
    }),
  );
  const blobs = new Map<string, Buffer>([
    [sha256(config), config],
    ...layers.map((layer) => [sha256(layer.gzip), layer.gzip] as [string, Buffer]),
  ]);

  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    response.setHeader('Docker-Distribution-API-Version', 'registry/2.0');
    if (url === '/v2/' || url === '/v2') {
      response.end('{}');
      return;
    }
    const manifestPath = /^\/v2\/(.+)\/manifests\/([^/]+)$/.exec(url);
    if (
      manifestPath &&
      manifestPath[1] === repository &&
      [tag, sha256(manifest)].includes(manifestPath[2]!)
    ) {
      response.writeHead(200, {
        'Content-Type': 'application/vnd.docker.distribution.manifest.v2+json',
        'Content-Length': manifest.length,
        'Docker-Content-Digest': sha256(manifest),
      });
      response.end(request.method === 'HEAD' ? undefined : manifest);
      return;
    }
    const blobPath = /^\/v2\/(.+)\/blobs\/([^/]+)$/.exec(url);
    const blob = blobPath && blobPath[1] === repository ? blobs.get(blobPath[2]!) : undefined;
    if (blob) {
      response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': blob.length });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      void sendSlowly(response, blob);
      return;
    }
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ errors: [{ code: 'MANIFEST_UNKNOWN', message: 'manifest unknown' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    image: `${host}/${repository}:${tag}`,
    layerSizes: layers.map((layer) => layer.gzip.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** In small chunks with a pause between them: the engine reports progress as the bytes arrive. */
async function sendSlowly(response: http.ServerResponse, blob: Buffer): Promise<void> {
  for (let offset = 0; offset < blob.length; offset += CHUNK_BYTES) {
    if (response.destroyed) return;
    response.write(blob.subarray(offset, offset + CHUNK_BYTES));
    await new Promise((resolve) => setTimeout(resolve, CHUNK_DELAY_MS));
  }
  response.end();
}
