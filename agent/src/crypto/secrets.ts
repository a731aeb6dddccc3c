import { webcrypto, type webcrypto as WebCryptoTypes } from 'node:crypto';

type CryptoKey = WebCryptoTypes.CryptoKey;
type CryptoKeyPair = WebCryptoTypes.CryptoKeyPair;
import { AgentError, AgentErrorCode } from '../errors.js';
import { pemToDer } from '../identity.js';

/**
 * Secret values travel browser → server → agent encrypted to the agent's certificate; only the
 * agent can read them. Wire format of one encrypted value (a string):
 *
 *   base64( JSON.stringify({ v: 1, epk: <b64>, iv: <b64>, ct: <b64> }) )      (standard base64)
 *
 *   epk  the sender's ephemeral P-256 public key, raw uncompressed point (65 bytes, 0x04||X||Y)
 *   iv   12 random bytes
 *   ct   AES-GCM-256 output: ciphertext followed by the 16-byte tag, no additional data
 *
 * Key: ECDH(ephemeral private key, agent certificate public key) → 32-byte shared secret (X
 * coordinate, WebCrypto `deriveBits(…, 256)`); AES key = SHA-256(shared secret). Plaintext is UTF-8.
 */
interface SecretEnvelope {
  v: 1;
  epk: string;
  iv: string;
  ct: string;
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

function parseEnvelope(value: string): SecretEnvelope | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Partial<SecretEnvelope>;
    if (
      parsed.v !== 1 ||
      typeof parsed.epk !== 'string' ||
      typeof parsed.iv !== 'string' ||
      typeof parsed.ct !== 'string'
    ) {
      return null;
    }
    return parsed as SecretEnvelope;
  } catch {
    return null;
  }
}

export function isEncryptedValue(value: string): boolean {
  return parseEnvelope(value) !== null;
}

async function aesKey(privateKey: CryptoKey, publicKey: CryptoKey): Promise<CryptoKey> {
  const shared = await webcrypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const digest = await webcrypto.subtle.digest('SHA-256', shared);
  return webcrypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** Decrypts one value with the agent's private key (PKCS#8 PEM). */
export async function decryptSecret(value: string, privateKeyPem: string, label = 'value'): Promise<string> {
  const envelope = parseEnvelope(value);
  if (!envelope)
    throw new AgentError(
      AgentErrorCode.DecryptionFailed,
      `Failed to decrypt ${label}: not an encrypted value`,
    );
  try {
    const privateKey = await webcrypto.subtle.importKey('pkcs8', pemToDer(privateKeyPem), ECDH, false, [
      'deriveBits',
    ]);
    const ephemeral = await webcrypto.subtle.importKey(
      'raw',
      Buffer.from(envelope.epk, 'base64'),
      ECDH,
      false,
      [],
    );
    const key = await aesKey(privateKey, ephemeral);
    const plain = await webcrypto.subtle.decrypt(
      { name: 'AES-GCM', iv: Buffer.from(envelope.iv, 'base64') },
      key,
      Buffer.from(envelope.ct, 'base64'),
    );
    return Buffer.from(plain).toString('utf8');
  } catch {
    throw new AgentError(
      AgentErrorCode.DecryptionFailed,
      `Failed to decrypt ${label}: wrong key or corrupted value`,
    );
  }
}

/** Encrypts like the browser does; used by tests and by anything that sends secrets to an agent. */
export async function encryptSecret(
  plaintext: string,
  certificatePublicKeySpki: Uint8Array,
): Promise<string> {
  const recipient = await webcrypto.subtle.importKey('spki', certificatePublicKeySpki, ECDH, false, []);
  const ephemeral = (await webcrypto.subtle.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const key = await aesKey(ephemeral.privateKey, recipient);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const ct = await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, Buffer.from(plaintext, 'utf8'));
  const epk = await webcrypto.subtle.exportKey('raw', ephemeral.publicKey);
  const envelope: SecretEnvelope = {
    v: 1,
    epk: Buffer.from(epk).toString('base64'),
    iv: Buffer.from(iv).toString('base64'),
    ct: Buffer.from(ct).toString('base64'),
  };
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
}
