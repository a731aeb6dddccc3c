import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMMUTABLE, cacheControlFor } from './cache-policy.js';

/** What a page loads at start: the entry, its chunks and stylesheets (images and fonts stay on disk). */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** The build's precompressed siblings (shared/webpack/PrecompressPlugin.cjs), best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number] | 'identity';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

interface ImmutableFile {
  filePath: string;
  contentType: string;
  /** The encodings on disk besides the plain file, from one listing at start. */
  negotiator: Negotiator<Encoding> | null;
  bodies: Map<Encoding, Promise<Buffer>>;
}

/** The folder's files, as paths relative to it with `/` separators (the host build: a flat top and assets/). */
function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return []; // no build yet: @fastify/static answers 404 as before
  }
}

/**
 * Serves the host build's hashed scripts and stylesheets from memory, each read once on its first
 * request. Their names carry their content hash and the host build does not change while the server
 * runs, so nothing goes stale. A cold page load asks for about twenty of them at once; from disk
 * each cost about 1 ms of the server's CPU (a stat per encoding, open, stream, close) while the
 * browser on the same machine was compiling the first ones. Everything else in the folder
 * (index.html, unhashed files, images) stays with @fastify/static.
 */
export function registerImmutableFiles(app: FastifyInstance, root: string): void {
  const names = listFiles(root);
  const onDisk = new Set(names);
  for (const name of names) {
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (!contentType || cacheControlFor(name) !== IMMUTABLE) continue;
    const encodings = ENCODINGS.filter((encoding) => onDisk.has(name + SUFFIX[encoding]));
    const file: ImmutableFile = {
      filePath: path.join(root, name),
      contentType,
      negotiator: encodings.length ? new Negotiator<Encoding>({ supportedValues: [...encodings] }) : null,
      bodies: new Map(),
    };
    app.get(`/${name}`, (request, reply) => sendImmutableFile(file, request, reply));
  }
}

function bodyOf(file: ImmutableFile, encoding: Encoding): Promise<Buffer> {
  let body = file.bodies.get(encoding);
  if (!body) {
    body = readFile(file.filePath + SUFFIX[encoding]);
    // A failed read is not remembered: the next request tries the disk again.
    body.catch(() => file.bodies.delete(encoding));
    file.bodies.set(encoding, body);
  }
  return body;
}

async function sendImmutableFile(file: ImmutableFile, request: FastifyRequest, reply: FastifyReply) {
  const acceptEncoding = request.headers['accept-encoding'];
  const encoding: Encoding = (acceptEncoding && file.negotiator?.negotiate(acceptEncoding)) || 'identity';
  let body: Buffer;
  try {
    body = await bodyOf(file, encoding);
  } catch {
    return reply.callNotFound(); // removed from under a running server
  }
  reply.header('Cache-Control', IMMUTABLE).type(file.contentType);
  if (file.negotiator) reply.header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(body);
}
