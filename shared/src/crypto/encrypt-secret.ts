import { ENCRYPTED_PLACEHOLDER, encryptSecret, importRecipientKey } from 'contract/rules';
import type { Agent } from '../types';
import { extractSubjectPublicKeyInfo, isP256PublicKeyInfo, pemCertificateToDer } from '../domain/certificate';

/**
 * Browser encryption of secret values with the agent's certificate (spec section 7, Encryption).
 * The envelope itself (wire format, encryption) is the contract's, shared with server and agent.
 */
export const EC_KEY_EXTRACTION_FAILED =
  'Failed to extract EC public key from certificate. The certificate format may not be supported.';

/** Imports the certificate's SubjectPublicKeyInfo as an ECDH key (not ECDSA: see STACK.md). */
export async function importCertificatePublicKey(certificatePem: string): Promise<CryptoKey> {
  const der = pemCertificateToDer(certificatePem);
  const spki = der ? extractSubjectPublicKeyInfo(der) : null;
  if (!spki || !isP256PublicKeyInfo(spki)) throw new Error(EC_KEY_EXTRACTION_FAILED);
  try {
    return await importRecipientKey(spki);
  } catch (error) {
    throw new Error(EC_KEY_EXTRACTION_FAILED, { cause: error });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Encrypts one secret value for the holder of the certificate. `field` names the value in the
 * error ('Failed to encrypt data {field}: ...'). The '<encrypted>' placeholder passes unchanged.
 */
export async function encryptForCertificate(
  plaintext: string,
  certificatePem: string,
  field: string,
): Promise<string> {
  if (plaintext === ENCRYPTED_PLACEHOLDER) return plaintext;
  try {
    return await encryptSecret(plaintext, await importCertificatePublicKey(certificatePem));
  } catch (error) {
    throw new Error(`Failed to encrypt data ${field}: ${errorText(error)}`, { cause: error });
  }
}

/** Finds the agent's certificate or throws the exact lookup errors of spec section 8. */
export function certificateOfAgent(
  agents: readonly Pick<Agent, 'id' | 'name' | 'certificate'>[],
  agentId: string,
): string {
  const agent = agents.find((candidate) => candidate.id === agentId);
  if (!agent) throw new Error(`Agent with ID ${agentId} not found`);
  if (!agent.certificate) throw new Error(`No certificate found for agent ${agent.name}`);
  return agent.certificate;
}

/** Encrypts a secret value for one of the user's agents. */
export async function encryptForAgent(
  agents: readonly Pick<Agent, 'id' | 'name' | 'certificate'>[],
  agentId: string,
  plaintext: string,
  field: string,
): Promise<string> {
  return encryptForCertificate(plaintext, certificateOfAgent(agents, agentId), field);
}
