import type { Agent } from '../types';
import { extractSubjectPublicKeyInfo, isP256PublicKeyInfo, pemCertificateToDer } from '../domain/certificate';

/**
 * Browser encryption of secret values with the agent's certificate (spec section 7, Encryption).
 * Wire format of one encrypted value, shared with the agent (`agent/src/crypto/secrets.ts`):
 *
 *   base64( JSON.stringify({ v: 1, epk: <b64>, iv: <b64>, ct: <b64> }) )      (standard base64)
 *
 *   epk  the sender's ephemeral P-256 public key, raw uncompressed point (65 bytes, 0x04||X||Y)
 *   iv   12 random bytes
 *   ct   AES-GCM-256 output: ciphertext followed by the 16-byte tag, no additional data
 *
 * Key: ECDH(ephemeral private key, certificate public key) → 32-byte shared secret
 * (`deriveBits(…, 256)`); AES key = SHA-256(shared secret). Plaintext is UTF-8.
 */
export interface SecretEnvelope {
  v: 1;
  epk: string;
  iv: string;
  ct: string;
}

/** An unchanged secret comes back from the API as this placeholder and is sent as is. */
export const ENCRYPTED_PLACEHOLDER = '<encrypted>';
export const EC_KEY_EXTRACTION_FAILED =
  'Failed to extract EC public key from certificate. The certificate format may not be supported.';

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const IV_BYTES = 12;

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Imports the certificate's SubjectPublicKeyInfo as an ECDH key (not ECDSA: see STACK.md). */
export async function importCertificatePublicKey(certificatePem: string): Promise<CryptoKey> {
  const der = pemCertificateToDer(certificatePem);
  const spki = der ? extractSubjectPublicKeyInfo(der) : null;
  if (!spki || !isP256PublicKeyInfo(spki)) throw new Error(EC_KEY_EXTRACTION_FAILED);
  try {
    return await crypto.subtle.importKey('spki', spki, ECDH_P256, false, []);
  } catch (error) {
    throw new Error(EC_KEY_EXTRACTION_FAILED, { cause: error });
  }
}

async function encryptWithKey(plaintext: string, recipient: CryptoKey): Promise<string> {
  const ephemeral = (await crypto.subtle.generateKey(ECDH_P256, true, ['deriveBits'])) as CryptoKeyPair;
  const shared = await crypto.subtle.deriveBits(
    { name: 'ECDH', public: recipient },
    ephemeral.privateKey,
    256,
  );
  const digest = await crypto.subtle.digest('SHA-256', shared);
  const key = await crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(plaintext),
  );
  const envelope: SecretEnvelope = {
    v: 1,
    epk: toBase64(await crypto.subtle.exportKey('raw', ephemeral.publicKey)),
    iv: toBase64(iv),
    ct: toBase64(ciphertext),
  };
  return btoa(JSON.stringify(envelope));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Encrypts one secret value for the holder of the certificate. `field` names the value in the
 * error ('Failed to encrypt data {field}: ...'). The '<encrypted>' placeholder passes unchanged.
 */
export async function encryptForCertificate(
  plaintext: string,
  certificatePem: string,
  field: string,
): Promise<string> {
  if (plaintext === ENCRYPTED_PLACEHOLDER) return plaintext;
  try {
    return await encryptWithKey(plaintext, await importCertificatePublicKey(certificatePem));
  } catch (error) {
    throw new Error(`Failed to encrypt data ${field}: ${errorText(error)}`, { cause: error });
  }
}

/** Finds the agent's certificate or throws the exact lookup errors of spec section 8. */
export function certificateOfAgent(
  agents: readonly Pick<Agent, 'id' | 'name' | 'certificate'>[],
  agentId: string,
): string {
  const agent = agents.find((candidate) => candidate.id === agentId);
  if (!agent) throw new Error(`Agent with ID ${agentId} not found`);
  if (!agent.certificate) throw new Error(`No certificate found for agent ${agent.name}`);
  return agent.certificate;
}

/** Encrypts a secret value for one of the user's agents. */
export async function encryptForAgent(
  agents: readonly Pick<Agent, 'id' | 'name' | 'certificate'>[],
  agentId: string,
  plaintext: string,
  field: string,
): Promise<string> {
  return encryptForCertificate(plaintext, certificateOfAgent(agents, agentId), field);
}
