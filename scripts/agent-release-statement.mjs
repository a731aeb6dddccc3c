// The bytes the agent release key signs: a release's version bound to its bundle's SHA-256, so a
// signed bundle cannot be offered under another version. The agent checks the same text
// (agent/src/releases/release-signature.ts); a change here is a change of the format there.
export function releaseStatement(version, sha256) {
  return Buffer.from(`dockhand-agent-release:1:${version}:${sha256}`, 'utf8');
}
