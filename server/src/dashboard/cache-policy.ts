/**
 * Cache rules of the dashboard's files. Hashed files (chunks, stylesheets, the host's entry) never
 * change, so browsers keep them for a year and a warm load asks nothing for them; everything else
 * (index.html, remote entries, manifests) is revalidated or never stored, so a release or a
 * manifest change reaches the next page load.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';
export const REVALIDATE = 'no-cache';

/** `[name].[contenthash:10].js` (the host's entry: `main.[fullhash:10].js`) as the dashboard's webpack builds emit them. */
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|png|svg|jpe?g|gif|webp|woff2?)(\.map)?$/;
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html']);

/** Build-time compressed siblings (`main.js.gz`, `main.js.br`) follow their original's rule. */
const ENCODED_SUFFIX = /\.(gz|br)$/;

export function cacheControlFor(filePath: string): string {
  const fileName = (filePath.split(/[\\/]/).pop() ?? '').replace(ENCODED_SUFFIX, '');
  if (ENTRY_FILES.has(fileName)) return NO_STORE;
  if (HASHED_FILE.test(fileName)) return IMMUTABLE;
  return REVALIDATE;
}
