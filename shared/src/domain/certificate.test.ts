import { createTestCertificate } from '../crypto/test-certificate';
import {
  CERTIFICATE_KEY_NOT_P256,
  INVALID_CERTIFICATE_FORMAT,
  extractSubjectPublicKeyInfo,
  isP256PublicKeyInfo,
  pemCertificateToDer,
  validateCertificate,
} from './certificate';

describe('validateCertificate', () => {
  it('accepts a PEM certificate with a P-256 key', async () => {
    const { pem } = await createTestCertificate();
    expect(validateCertificate(pem)).toBeNull();
  });

  it('rejects text that is not a PEM certificate', () => {
    expect(validateCertificate('')).toBe(INVALID_CERTIFICATE_FORMAT);
    expect(validateCertificate('hello')).toBe(INVALID_CERTIFICATE_FORMAT);
    expect(validateCertificate('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toBe(
      INVALID_CERTIFICATE_FORMAT,
    );
    expect(INVALID_CERTIFICATE_FORMAT).toBe('Invalid certificate format: not a valid PEM certificate');
  });

  it('rejects a truncated certificate body', async () => {
    const { pem } = await createTestCertificate();
    const der = pemCertificateToDer(pem) as Uint8Array;
    const truncated = btoa(String.fromCharCode(...der.slice(0, 120)));
    const broken = `-----BEGIN CERTIFICATE-----\n${truncated}\n-----END CERTIFICATE-----`;
    expect(validateCertificate(broken)).toBe(INVALID_CERTIFICATE_FORMAT);
  });

  it('rejects a key on another curve', async () => {
    const { pem } = await createTestCertificate({ name: 'ECDSA', namedCurve: 'P-384' });
    expect(validateCertificate(pem)).toBe(CERTIFICATE_KEY_NOT_P256);
  });

  it('extracts a SubjectPublicKeyInfo WebCrypto can import', async () => {
    const { pem, keys } = await createTestCertificate();
    const spki = extractSubjectPublicKeyInfo(pemCertificateToDer(pem) as Uint8Array) as Uint8Array;
    expect(isP256PublicKeyInfo(spki)).toBe(true);
    const expected = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    expect(Array.from(spki)).toEqual(Array.from(expected));
  });
});
