// The bytes the agent release key signs: a release's version bound to its bundle's SHA-256, so a
// signed bundle cannot be offered under another version. The format's home is contract's
// releaseStatement (contract/src/protocol/agent-releases.ts); this script runs without a
// TypeScript loader, so it repeats it, and the agent integration tests sign here and verify there.
export function releaseStatement(version, sha256) {
  return Buffer.from(`dockhand-agent-release:1:${version}:${sha256}`, 'utf8');
}
