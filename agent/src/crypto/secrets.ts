import { decryptSecret as openEnvelope, importRecipientPrivateKey } from 'contract';
import { AgentError, AgentErrorCode } from '../errors.js';
import { pemToDer } from '../identity.js';

/**
 * Decrypts one secret value (the envelope of contract/src/rules/secret-envelope.ts) with the
 * agent's private key (PKCS#8 PEM). `label` names the value in the error.
 */
export async function decryptSecret(value: string, privateKeyPem: string, label = 'value'): Promise<string> {
  try {
    const privateKey = await importRecipientPrivateKey(new Uint8Array(pemToDer(privateKeyPem))).catch(() => {
      throw new Error('wrong key or corrupted value');
    });
    return await openEnvelope(value, privateKey);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AgentError(AgentErrorCode.DecryptionFailed, `Failed to decrypt ${label}: ${reason}`);
  }
}
