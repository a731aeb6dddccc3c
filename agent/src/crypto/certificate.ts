/**
 * The agent's self-signed X.509 certificate, encoded here in DER. The server reads only its P-256
 * public key and hashes its bytes (server hub/certificate.ts), so a certificate library (about
 * 290 KB of the bundle and 9 MB of an idle agent's memory) would serve one call per host.
 */
import { KeyObject, randomBytes, sign, webcrypto, X509Certificate } from 'node:crypto';

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER element: tag, definite length, content. */
function element(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...content: Buffer[]) => element(0x30, ...content);
const ECDSA_WITH_SHA256 = sequence(Buffer.from('06082a8648ce3d040302', 'hex'));
const COMMON_NAME = Buffer.from('0603550403', 'hex');
/** X.509 v3 (the version field counts from 0). */
const VERSION_3 = Buffer.from('a003020102', 'hex');

/** UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5). */
function time(date: Date): Buffer {
  const digits = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? element(0x17, Buffer.from(`${digits.slice(2)}Z`))
    : element(0x18, Buffer.from(`${digits}Z`));
}

/** A positive serial of 64 random bits in minimal DER (first byte 0x01-0x7f). */
function serialNumber(): Buffer {
  const serial = randomBytes(8);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  return element(0x02, serial);
}

/** 'CN=Dockhand Agent' self-signed with the key pair, valid from a minute ago for 20 years, as DER. */
export async function selfSignedCertificateDer(keys: webcrypto.CryptoKeyPair): Promise<Buffer> {
  const name = sequence(element(0x31, sequence(COMMON_NAME, element(0x0c, Buffer.from('Dockhand Agent')))));
  const now = Date.now();
  const validity = sequence(time(new Date(now - 60_000)), time(new Date(now + 20 * 365 * 24 * 3600 * 1000)));
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey));
  const tbs = sequence(VERSION_3, serialNumber(), ECDSA_WITH_SHA256, name, validity, name, spki);
  const signature = sign('sha256', tbs, { key: KeyObject.from(keys.privateKey), dsaEncoding: 'der' });
  return sequence(tbs, ECDSA_WITH_SHA256, element(0x03, Buffer.from([0]), signature));
}

/** SPKI bytes of a certificate's public key (import them as ECDH to encrypt for its agent). */
export function certificateSpki(certificatePem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' }),
  );
}
