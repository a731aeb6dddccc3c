import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { catalogErrors } from './errors.js';
import { assetDirectories, catalogSources, type CatalogConfig } from './templates.js';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** One plain file name: no slash, no backslash, no "..", a known image extension. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.(svg|png|webp)$/;

interface LoadedAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

/**
 * Serves catalog logos at `/catalog-assets/{file}` from the catalog's assets folders. Only plain
 * file names inside those folders can be read; answers are cacheable and revalidated by ETag.
 */
export function registerCatalogAssets(app: FastifyInstance, config: CatalogConfig): void {
  const directories = assetDirectories(catalogSources(config));
  const loaded = new Map<string, LoadedAsset>();

  const load = async (file: string): Promise<LoadedAsset | null> => {
    const cached = loaded.get(file);
    if (cached) return cached;
    for (const directory of directories) {
      const body = await readInside(directory, file);
      if (!body) continue;
      const asset = {
        body,
        contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
      loaded.set(file, asset);
      return asset;
    }
    return null;
  };

  app.get<{ Params: { file: string } }>('/catalog-assets/:file', async (request, reply) => {
    const { file } = request.params;
    if (!ASSET_NAME.test(file)) throw catalogErrors.assetNameInvalid();
    const asset = await load(file);
    if (!asset) throw catalogErrors.assetNotFound();
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', asset.etag)
      .header('X-Content-Type-Options', 'nosniff')
      // An SVG opened directly must not run scripts.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    return reply.type(asset.contentType).send(asset.body);
  });
}

/** The file's bytes if it is a regular file really inside `directory` (symlinks resolved). */
async function readInside(directory: string, file: string): Promise<Buffer | null> {
  try {
    const realDirectory = await fs.realpath(directory);
    const realFile = await fs.realpath(path.join(realDirectory, file));
    if (path.dirname(realFile) !== realDirectory) return null;
    const stat = await fs.stat(realFile);
    return stat.isFile() ? await fs.readFile(realFile) : null;
  } catch {
    return null;
  }
}
