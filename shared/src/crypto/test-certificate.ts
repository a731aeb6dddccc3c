/** Test-only helper: a self-signed agent certificate with its key pair, like the agent makes. */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

export interface TestCertificate {
  pem: string;
  keys: CryptoKeyPair;
}

export async function createTestCertificate(
  algorithm: EcKeyGenParams | RsaHashedKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' },
): Promise<TestCertificate> {
  x509.cryptoProvider.set(globalThis.crypto);
  const keys = await globalThis.crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const signingAlgorithm = algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : algorithm;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=dockhand-agent-test',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm,
    keys,
  });
  return { pem: certificate.toString('pem'), keys };
}
