import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (server/dist or server/src → ../..), the base for default folders. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  /** 'production' refuses development-only features such as the built-in identity provider. */
  mode: 'development' | 'production';
  host: string;
  port: number;
  /** Public base URL of this server, as the browser sees it (cookies, OIDC redirects). */
  publicUrl: string;
  /** Folder for the SQLite file and other state. */
  dataDir: string;
  /** Built host shell (index.html and its scripts). */
  hostDistDir: string;
  /** Released remotes: {releasesDir}/{remote}/{version}/ and {releasesDir}/remotes.json. */
  releasesDir: string;
}

/** Reads configuration from the environment; every value has an embedded default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    mode: env.NODE_ENV === 'production' ? 'production' : 'development',
    host,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    hostDistDir: path.resolve(env.HOST_DIST_DIR ?? path.join(repoRoot, 'host-shell', 'dist')),
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(repoRoot, 'releases')),
  };
}
