/**
 * Agent releases across the boundary: what the release key signs (the two update capabilities
 * the agent reports are in rules/capabilities.ts). The publishing script (scripts/publish-agent-release.mjs) signs with
 * `releaseStatement` from contract's build, the agent verifies with the same function.
 */

/** The text the Ed25519 release key signs: a version bound to its bundle's SHA-256 (hex). */
export function releaseStatement(version: string, sha256: string): string {
  return `dockhand-agent-release:1:${version}:${sha256}`;
}
