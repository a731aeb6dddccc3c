import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_COOKIE } from '../auth/cookies.js';

/** preload.json of the host build (PreloadManifestPlugin): scripts and stylesheets per route. */
export interface PreloadManifest {
  login: string[];
  signedIn: string[];
}

const EMPTY: PreloadManifest = { login: [], signedIn: [] };
/** A script at the top of the build, or a stylesheet among its assets. */
const PRELOADABLE_FILE = /^(?:[\w.-]+\.js|assets\/[\w.-]+\.css)$/;

/** Read once: the host build does not change while the server runs (releases change remotes). */
export function readPreloadManifest(hostDistDir: string): PreloadManifest {
  try {
    const parsed = JSON.parse(readFileSync(path.join(hostDistDir, 'preload.json'), 'utf8')) as unknown;
    const list = (value: unknown) =>
      Array.isArray(value)
        ? value.filter((file): file is string => typeof file === 'string' && PRELOADABLE_FILE.test(file))
        : [];
    const manifest = parsed as Partial<Record<keyof PreloadManifest, unknown>>;
    return { login: list(manifest.login), signedIn: list(manifest.signedIn) };
  } catch {
    return EMPTY; // a development build or no build: the page still works, only without hints
  }
}

/**
 * The `Link` header sent with index.html: the scripts and stylesheets of the first route the
 * browser will show, so they download beside main.js. A session cookie means the signed-in shell; the cookie is not
 * verified here (a stale one only costs an unused preload, the page itself decides).
 */
export function preloadLinkHeader(
  manifest: PreloadManifest,
  cookieHeader: string | undefined,
): string | null {
  const signedIn = (cookieHeader ?? '')
    .split(/;\s*/)
    .some((part) => part.startsWith(`${ACCESS_TOKEN_COOKIE}=`));
  const files = signedIn ? manifest.signedIn : manifest.login;
  const hint = (file: string) => `</${file}>; rel=preload; as=${file.endsWith('.css') ? 'style' : 'script'}`;
  return files.length ? files.map(hint).join(', ') : null;
}
