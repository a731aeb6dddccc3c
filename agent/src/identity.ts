import { createHash, webcrypto, type webcrypto as WebCryptoTypes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { selfSignedCertificateDer } from './crypto/certificate.js';

export interface AgentIdentity {
  certificatePem: string;
  privateKeyPem: string;
  /** SHA-256 of the certificate's DER, hex: how the server recognises this agent. */
  fingerprint: string;
}

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * Loads the agent's key pair and self-signed certificate from the state dir, creating them once.
 * The dir is 0700 and both files 0600: the private key is the agent's identity.
 */
export async function loadOrCreateIdentity(stateDir: string): Promise<AgentIdentity> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  await chmod(stateDir, 0o700);
  const keyPath = path.join(stateDir, 'agent.key');
  const certPath = path.join(stateDir, 'agent.crt');
  const existing = await readExisting(keyPath, certPath);
  if (existing) return existing;

  const keys = (await webcrypto.subtle.generateKey(ECDSA, true, [
    'sign',
    'verify',
  ])) as WebCryptoTypes.CryptoKeyPair;
  const certificatePem = toPem(await selfSignedCertificateDer(keys), 'CERTIFICATE');
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKeyPem = toPem(pkcs8, 'PRIVATE KEY');
  await writeFile(keyPath, privateKeyPem, { mode: 0o600 });
  await writeFile(certPath, certificatePem, { mode: 0o600 });
  return { certificatePem, privateKeyPem, fingerprint: certificateFingerprint(certificatePem) };
}

async function readExisting(keyPath: string, certPath: string): Promise<AgentIdentity | null> {
  try {
    const [privateKeyPem, certificatePem] = await Promise.all([
      readFile(keyPath, 'utf8'),
      readFile(certPath, 'utf8'),
    ]);
    await Promise.all([chmod(keyPath, 0o600), chmod(certPath, 0o600)]);
    return { privateKeyPem, certificatePem, fingerprint: certificateFingerprint(certificatePem) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A PEM certificate's body is its DER in base64: hashing it needs no certificate parser. */
function certificateFingerprint(certificatePem: string): string {
  return createHash('sha256').update(pemToDer(certificatePem)).digest('hex');
}

export function pemToDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

function toPem(der: Buffer, label: string): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Signs the server's challenge nonce (ECDSA P-256 / SHA-256, IEEE P1363 r||s, base64). */
export async function signChallenge(identity: AgentIdentity, nonce: string): Promise<string> {
  const key = await webcrypto.subtle.importKey('pkcs8', pemToDer(identity.privateKeyPem), ECDSA, false, [
    'sign',
  ]);
  const signature = await webcrypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    Buffer.from(nonce, 'utf8'),
  );
  return Buffer.from(signature).toString('base64');
}
