/**
 * Version strings of spec section 3: an optional leading v, compared on major.minor.patch, any
 * suffix after a dash ignored, ordered numeric-aware descending.
 */

/** Accepted release names: v1, 1.2, 1.2.3, 2024.07.0, v1.121.0, 30.0.4-rc1. */
export const VERSION_PATTERN = /^v?\d+(\.\d+){0,3}(-[0-9A-Za-z][0-9A-Za-z.-]*)?$/i;

/** The compared part: leading v and anything from the first dash removed. */
function comparablePart(version: string): string {
  const withoutPrefix = version.trim().replace(/^v/i, '');
  const dash = withoutPrefix.indexOf('-');
  return dash === -1 ? withoutPrefix : withoutPrefix.slice(0, dash);
}

const numericAware = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Ascending comparison: negative when a is older than b. Missing segments count as 0, so 1.2
 * equals 1.2.0. Equal versions fall back to the full string so the order is stable.
 */
export function compareVersions(a: string, b: string): number {
  const left = comparablePart(a).split('.');
  const right = comparablePart(b).split('.');
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = numericAware.compare(left[index] ?? '0', right[index] ?? '0');
    if (difference !== 0) return difference;
  }
  return numericAware.compare(a, b);
}

/** Newest first. Returns a new array. */
export function sortVersionsDescending<T>(items: readonly T[], versionOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareVersions(versionOf(b), versionOf(a)));
}

/** True when two names denote the same version apart from a leading v ("v1.2.3" = "1.2.3"). */
export function sameVersion(a: string, b: string): boolean {
  return a.trim().replace(/^v/i, '') === b.trim().replace(/^v/i, '');
}
