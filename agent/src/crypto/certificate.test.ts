import assert from 'node:assert/strict';
import { createPublicKey, webcrypto, X509Certificate } from 'node:crypto';
import { test } from 'node:test';
import { certificateSpki, selfSignedCertificateDer } from './certificate.js';

test('the self-signed certificate reads back as X.509 with the P-256 key, name, validity and a valid signature', async () => {
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const certificate = new X509Certificate(await selfSignedCertificateDer(keys));
  assert.equal(certificate.subject, 'CN=Dockhand Agent');
  assert.equal(certificate.issuer, 'CN=Dockhand Agent');
  assert.equal(certificate.publicKey.asymmetricKeyDetails?.namedCurve, 'prime256v1');
  const publicKey = createPublicKey({
    key: Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey)),
    format: 'der',
    type: 'spki',
  });
  assert.ok(certificate.publicKey.equals(publicKey));
  assert.ok(certificate.verify(publicKey), 'signed by its own key');
  const from = Date.parse(certificate.validFrom);
  const to = Date.parse(certificate.validTo);
  assert.ok(from <= Date.now() && from > Date.now() - 5 * 60_000);
  assert.ok(Math.abs(to - from - 20 * 365 * 24 * 3600 * 1000) < 5 * 60_000);
  assert.deepEqual(
    Buffer.from(certificateSpki(certificate.toString())),
    Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey)),
  );
});
