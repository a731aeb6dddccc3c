/**
 * The secret envelope: secret values travel browser → server → agent encrypted to the agent's
 * certificate; only the agent can read them. One encrypted value is the string
 *
 *   base64( JSON.stringify({ v: 1, epk: <b64>, iv: <b64>, ct: <b64> }) )      (standard base64)
 *
 *   epk  the sender's ephemeral P-256 public key, raw uncompressed point (65 bytes, 0x04||X||Y)
 *   iv   12 random bytes
 *   ct   AES-GCM-256 output: ciphertext followed by the 16-byte tag, no additional data
 *
 * Key: ECDH(ephemeral private key, certificate public key) → 32-byte shared secret
 * (`deriveBits(…, 256)`); AES key = SHA-256(shared secret). Plaintext is UTF-8. WebCrypto and
 * atob/btoa only, so the browser, the server and the agent run this same code.
 */
export interface SecretEnvelope {
  v: 1;
  epk: string;
  iv: string;
  ct: string;
}

/** An unchanged secret comes back from the API as this placeholder and is sent back as is. */
export const ENCRYPTED_PLACEHOLDER = '<encrypted>';

// WebCrypto's key type, named without the DOM lib so that Node and the browser see their own.
type CryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const IV_BYTES = 12;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The envelope inside `value`, or null when `value` is not one (a plaintext sent by mistake). */
export function parseEnvelope(value: string): SecretEnvelope | null {
  if (!BASE64.test(value)) return null;
  try {
    const parsed = JSON.parse(atob(value)) as Partial<SecretEnvelope> | null;
    if (
      parsed?.v !== 1 ||
      typeof parsed.epk !== 'string' ||
      typeof parsed.iv !== 'string' ||
      typeof parsed.ct !== 'string'
    )
      return null;
    return parsed as SecretEnvelope;
  } catch {
    return null;
  }
}

const GCM_TAG_BYTES = 16;

/** The plaintext's size in bytes (AES-GCM keeps it: ciphertext minus the tag), or null when `value` is no envelope. */
export function secretPlaintextBytes(value: string): number | null {
  const envelope = parseEnvelope(value);
  if (!envelope || !BASE64.test(envelope.ct)) return null;
  const padding = envelope.ct.endsWith('==') ? 2 : envelope.ct.endsWith('=') ? 1 : 0;
  return Math.max(0, (envelope.ct.length / 4) * 3 - padding - GCM_TAG_BYTES);
}

export function isEncryptedValue(value: string): boolean {
  return parseEnvelope(value) !== null;
}

async function aesKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  usage: 'encrypt' | 'decrypt',
): Promise<CryptoKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const digest = await crypto.subtle.digest('SHA-256', shared);
  return crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, [usage]);
}

/** Imports a P-256 SubjectPublicKeyInfo as an ECDH recipient key (not ECDSA: see STACK.md). */
export function importRecipientKey(spki: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', spki, ECDH_P256, false, []);
}

/** Imports a P-256 PKCS#8 private key (the agent's) for decryption. */
export function importRecipientPrivateKey(pkcs8: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, ECDH_P256, false, ['deriveBits']);
}

/** Encrypts one value to the recipient (an agent's certificate key). */
export async function encryptSecret(plaintext: string, recipient: CryptoKey): Promise<string> {
  const ephemeral = (await crypto.subtle.generateKey(ECDH_P256, true, ['deriveBits'])) as {
    publicKey: CryptoKey;
    privateKey: CryptoKey;
  };
  const key = await aesKey(ephemeral.privateKey, recipient, 'encrypt');
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext));
  const envelope: SecretEnvelope = {
    v: 1,
    epk: toBase64(await crypto.subtle.exportKey('raw', ephemeral.publicKey)),
    iv: toBase64(iv),
    ct: toBase64(ct),
  };
  return btoa(JSON.stringify(envelope));
}

/**
 * Decrypts one value with the recipient's ECDH private key. Throws when `value` is no envelope
 * ('not an encrypted value') or does not open with this key ('wrong key or corrupted value').
 */
export async function decryptSecret(value: string, privateKey: CryptoKey): Promise<string> {
  const envelope = parseEnvelope(value);
  if (!envelope) throw new Error('not an encrypted value');
  try {
    const ephemeral = await crypto.subtle.importKey('raw', fromBase64(envelope.epk), ECDH_P256, false, []);
    const key = await aesKey(privateKey, ephemeral, 'decrypt');
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(envelope.iv) },
      key,
      fromBase64(envelope.ct),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new Error('wrong key or corrupted value');
  }
}
