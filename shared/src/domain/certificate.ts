/**
 * Minimal reading of an agent's X.509 certificate, enough to validate it and to take its public
 * key for browser encryption, without shipping an ASN.1 library to every page.
 */
import type { ValidationResult } from './validation';

export const INVALID_CERTIFICATE_FORMAT = 'Invalid certificate format: not a valid PEM certificate';
export const CERTIFICATE_KEY_NOT_P256 = 'Certificate key must be an elliptic curve P-256 key';

const PEM_PATTERN = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/;
// DER encodings of the OIDs id-ecPublicKey (1.2.840.10045.2.1) and prime256v1 (1.2.840.10045.3.1.7).
const OID_EC_PUBLIC_KEY = [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
const OID_P256 = [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07];

const TAG_SEQUENCE = 0x30;
const TAG_INTEGER = 0x02;
const TAG_VERSION = 0xa0;

interface DerElement {
  tag: number;
  /** Offset of the first content byte. */
  start: number;
  /** Offset just past the last content byte. */
  end: number;
  /** Offset of the tag byte. */
  headerStart: number;
}

class DerError extends Error {}

function readElement(bytes: Uint8Array, offset: number, limit = bytes.length): DerElement {
  if (offset + 2 > limit) throw new DerError('truncated');
  const tag = bytes[offset] as number;
  let length = bytes[offset + 1] as number;
  let start = offset + 2;
  if (length & 0x80) {
    const lengthBytes = length & 0x7f;
    if (lengthBytes === 0 || lengthBytes > 4 || start + lengthBytes > limit) throw new DerError('bad length');
    length = 0;
    for (let index = 0; index < lengthBytes; index += 1)
      length = length * 256 + (bytes[start + index] as number);
    start += lengthBytes;
  }
  const end = start + length;
  if (end > limit) throw new DerError('truncated');
  return { tag, start, end, headerStart: offset };
}

function expectTag(element: DerElement, tag: number): DerElement {
  if (element.tag !== tag) throw new DerError(`expected tag ${tag}`);
  return element;
}

/** Decodes the first PEM CERTIFICATE block; null when there is none or its base64 is broken. */
export function pemCertificateToDer(pem: string): Uint8Array<ArrayBuffer> | null {
  const match = PEM_PATTERN.exec(pem);
  if (!match?.[1]) return null;
  const base64 = match[1].replace(/\s+/g, '');
  if (!base64 || base64.length % 4 !== 0) return null;
  try {
    const binary = atob(base64);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Returns the DER SubjectPublicKeyInfo of a DER certificate, or null if it cannot be read. */
export function extractSubjectPublicKeyInfo(der: Uint8Array): Uint8Array<ArrayBuffer> | null {
  try {
    const certificate = expectTag(readElement(der, 0), TAG_SEQUENCE);
    const tbs = expectTag(readElement(der, certificate.start, certificate.end), TAG_SEQUENCE);
    let cursor = tbs.start;
    let field = readElement(der, cursor, tbs.end);
    if (field.tag === TAG_VERSION) {
      cursor = field.end;
      field = readElement(der, cursor, tbs.end);
    }
    expectTag(field, TAG_INTEGER); // serialNumber
    cursor = field.end;
    // signature, issuer, validity, subject: four SEQUENCEs before the key.
    for (let skip = 0; skip < 4; skip += 1) {
      cursor = expectTag(readElement(der, cursor, tbs.end), TAG_SEQUENCE).end;
    }
    const spki = expectTag(readElement(der, cursor, tbs.end), TAG_SEQUENCE);
    return der.slice(spki.headerStart, spki.end);
  } catch (error) {
    if (error instanceof DerError) return null;
    throw error;
  }
}

function startsWithBytes(haystack: Uint8Array, offset: number, needle: readonly number[]): boolean {
  return needle.every((byte, index) => haystack[offset + index] === byte);
}

/** True when a DER SubjectPublicKeyInfo holds an elliptic curve P-256 key. */
export function isP256PublicKeyInfo(spki: Uint8Array): boolean {
  try {
    const info = expectTag(readElement(spki, 0), TAG_SEQUENCE);
    const algorithm = expectTag(readElement(spki, info.start, info.end), TAG_SEQUENCE);
    const curveOffset = algorithm.start + OID_EC_PUBLIC_KEY.length;
    return (
      startsWithBytes(spki, algorithm.start, OID_EC_PUBLIC_KEY) &&
      curveOffset + OID_P256.length === algorithm.end &&
      startsWithBytes(spki, curveOffset, OID_P256)
    );
  } catch (error) {
    if (error instanceof DerError) return false;
    throw error;
  }
}

/** Spec section 5, "Certificate": a PEM certificate whose key is P-256. */
export function validateCertificate(pem: string): ValidationResult {
  const der = pemCertificateToDer(pem);
  const spki = der ? extractSubjectPublicKeyInfo(der) : null;
  if (!spki) return INVALID_CERTIFICATE_FORMAT;
  return isP256PublicKeyInfo(spki) ? null : CERTIFICATE_KEY_NOT_P256;
}
