import { webcrypto } from 'node:crypto';
import { X509Certificate } from 'node:crypto';

/**
 * The server never decrypts secrets. It only checks that a secret value has the shape of the
 * envelope (documented in agent/src/crypto/secrets.ts and shared/src/crypto/encrypt-secret.ts),
 * so a plaintext value sent by mistake is refused instead of stored, and it encrypts secrets it
 * generates at install time straight to the agent's certificate (the plaintext is never stored).
 */
export function isEncryptedValue(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
    return (
      parsed.v === 1 &&
      typeof parsed.epk === 'string' &&
      typeof parsed.iv === 'string' &&
      typeof parsed.ct === 'string'
    );
  } catch {
    return false;
  }
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

export async function encryptForCertificate(plaintext: string, certificatePem: string): Promise<string> {
  const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  const recipient = await webcrypto.subtle.importKey('spki', spki, ECDH, false, []);
  const ephemeral = await webcrypto.subtle.generateKey(ECDH, true, ['deriveBits']);
  const shared = await webcrypto.subtle.deriveBits(
    { name: 'ECDH', public: recipient },
    ephemeral.privateKey,
    256,
  );
  const key = await webcrypto.subtle.importKey(
    'raw',
    await webcrypto.subtle.digest('SHA-256', shared),
    { name: 'AES-GCM' },
    false,
    ['encrypt'],
  );
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const ct = await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, Buffer.from(plaintext, 'utf8'));
  const epk = await webcrypto.subtle.exportKey('raw', ephemeral.publicKey);
  const envelope = {
    v: 1,
    epk: Buffer.from(epk).toString('base64'),
    iv: Buffer.from(iv).toString('base64'),
    ct: Buffer.from(ct).toString('base64'),
  };
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
}
