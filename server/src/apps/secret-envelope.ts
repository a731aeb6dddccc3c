import { X509Certificate } from 'node:crypto';
import { encryptSecret, importRecipientKey } from 'contract';

/**
 * The server never decrypts secrets (the envelope is contract/src/rules/secret-envelope.ts). It
 * encrypts secrets it generates at install time straight to the agent's certificate, so their
 * plaintext is never stored.
 */
export async function encryptForCertificate(plaintext: string, certificatePem: string): Promise<string> {
  const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  return encryptSecret(plaintext, await importRecipientKey(new Uint8Array(spki)));
}
