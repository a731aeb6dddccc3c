import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { hubErrors } from './errors.js';

export interface ParsedCertificate {
  pem: string;
  fingerprint: string;
  publicKey: KeyObject;
}

const PEM = /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*$/;

/** A PEM certificate with a P-256 key (spec section 5), or the exact validation errors. */
export function parseAgentCertificate(pem: string): ParsedCertificate {
  const trimmed = typeof pem === 'string' ? pem.trim() + '\n' : '';
  let certificate: X509Certificate;
  try {
    if (!PEM.test(trimmed)) throw new Error('not PEM');
    certificate = new X509Certificate(trimmed);
  } catch {
    throw hubErrors.certificateInvalid();
  }
  const key = certificate.publicKey;
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw hubErrors.certificateNotP256();
  }
  return {
    pem: trimmed,
    fingerprint: createHash('sha256').update(certificate.raw).digest('hex'),
    publicKey: key,
  };
}

/** Checks an ECDSA P-256/SHA-256 signature (IEEE P1363, base64) of the nonce. */
export function verifyProof(publicKey: KeyObject, nonce: string, signatureBase64: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(nonce, 'utf8'),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signatureBase64, 'base64'),
    );
  } catch {
    return false;
  }
}
