import { createHash, createPublicKey, verify } from 'node:crypto';
import { releaseStatement } from 'contract';
import { AgentError, AgentErrorCode } from '../errors.js';

export interface SignedRelease {
  version: string;
  sha256: string;
  signature: string;
}

function refused(version: string, reason: string): AgentError {
  return new AgentError(AgentErrorCode.UpdateRefused, `Agent ${version} refused: ${reason}`);
}

/**
 * Accepts `bundle` only if it hashes to the release's SHA-256 and the release statement carries a
 * valid Ed25519 signature of the key pinned on this host; anything else is refused with the reason.
 */
export function verifyRelease(bundle: Buffer, release: SignedRelease, pinnedKeyPem: string): void {
  let key;
  try {
    key = createPublicKey(pinnedKeyPem);
  } catch {
    throw refused(release.version, 'the release key pinned on this host is not a valid public key');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw refused(release.version, 'the release key pinned on this host is not an Ed25519 key');
  const actual = createHash('sha256').update(bundle).digest('hex');
  if (actual !== release.sha256)
    throw refused(
      release.version,
      `the downloaded bundle does not match the release (SHA-256 ${actual.slice(0, 12)}…, expected ${release.sha256.slice(0, 12)}…); it is truncated or altered`,
    );
  const signature = Buffer.from(release.signature, 'base64');
  if (
    signature.length !== 64 ||
    !verify(null, Buffer.from(releaseStatement(release.version, release.sha256), 'utf8'), key, signature)
  )
    throw refused(release.version, 'its signature does not verify with the release key pinned on this host');
}
