/**
 * Which Docker Compose an agent runs apps with: the agent reports the `compose_version`
 * capability (the version number Compose prints, e.g. '2.24.5' or '1.29.2'); the server card
 * shows it in the user's words. Compose v1 (the Python `docker-compose`) is the legacy one.
 */
export const COMPOSE_VERSION_CAPABILITY = 'compose_version';

export interface ComposeVersion {
  major: number;
  /** As Compose prints it, without a leading 'v': '2.24.5', '1.29.2', '2.27.1-desktop.1'. */
  version: string;
}

const VERSION = /v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+][0-9A-Za-z.-]+)?/;

/**
 * The version in what `compose version` printed, in any of its shapes ('Docker Compose version
 * v2.24.5', 'docker-compose version 1.29.2, build unknown', '2.24.5' from --short), or null.
 */
export function parseComposeVersion(output: string): ComposeVersion | null {
  const match = VERSION.exec(output);
  if (!match) return null;
  return { major: Number(match[1]), version: match[0].replace(/^v/, '') };
}

/** 'Compose v2.24.5', or 'Compose v1.29.2 (legacy)' for v1. */
export function composeVersionText(reported: string): string {
  const parsed = parseComposeVersion(reported);
  if (!parsed) return `Compose ${reported}`;
  return parsed.major < 2 ? `Compose v${parsed.version} (legacy)` : `Compose v${parsed.version}`;
}
