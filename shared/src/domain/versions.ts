/** A version string split into its numeric core (spec section 3, "Version strings"). */
export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
}

const VERSION_CORE = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?/;

/** Strips one optional leading 'v' or 'V' ('v1.2.3' → '1.2.3'). */
export function stripVersionPrefix(version: string): string {
  return version.trim().replace(/^[vV]/, '');
}

/**
 * Parses 'v1.2.3-beta.1' into {1, 2, 3}: the leading v is optional and anything after the first
 * dash is ignored. Missing minor/patch parts count as 0. Returns null when there is no number.
 */
export function parseVersion(version: string): ParsedVersion | null {
  const core = stripVersionPrefix(version).split('-')[0] ?? '';
  const match = VERSION_CORE.exec(core);
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2] ?? 0),
    patch: Number(match[3] ?? 0),
  };
}

/**
 * Compares two versions on major.minor.patch only (suffixes after a dash are ignored).
 * Returns a negative number when a < b, 0 when equal, positive when a > b.
 * An unparsable version sorts below any parsable one.
 */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) return (left ? 1 : 0) - (right ? 1 : 0);
  return left.major - right.major || left.minor - right.minor || left.patch - right.patch;
}

/** True when `candidate` is strictly newer than `current` (for 'Agent update available'). */
export function isNewerVersion(candidate: string, current: string): boolean {
  return compareVersions(candidate, current) > 0;
}

const numericCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Numeric-aware descending order ignoring a leading v: 'v10.0' before '9.1' before '1.2'. */
export function compareVersionsDescending(a: string, b: string): number {
  return numericCollator.compare(stripVersionPrefix(b), stripVersionPrefix(a));
}

/** Returns a new array of items sorted newest first by the version `pick` returns. */
export function sortByVersionDescending<T>(items: readonly T[], pick: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareVersionsDescending(pick(a), pick(b)));
}
