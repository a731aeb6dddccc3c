import { createTestCertificate } from './test-certificate';
import {
  decryptSecret,
  ENCRYPTED_PLACEHOLDER,
  importRecipientPrivateKey,
  type SecretEnvelope,
} from 'contract/rules';
import { EC_KEY_EXTRACTION_FAILED, encryptForAgent, encryptForCertificate } from './encrypt-secret';

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
}

/** Decrypts as the agent does (the contract's envelope), with the certificate's private key. */
async function decryptLikeAgent(value: string, privateKey: CryptoKey): Promise<string> {
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', privateKey));
  return decryptSecret(value, await importRecipientPrivateKey(pkcs8));
}

describe('encryptForCertificate', () => {
  it('round-trips through the agent decryption with the wire format of the agent', async () => {
    const { pem, keys } = await createTestCertificate();
    const secret = 'p@ss wörd ✓';
    const encrypted = await encryptForCertificate(secret, pem, 'DB_PASSWORD');
    expect(encrypted).not.toContain(secret);
    const envelope = JSON.parse(atob(encrypted)) as SecretEnvelope;
    expect(envelope.v).toBe(1);
    expect(fromBase64(envelope.epk)).toHaveLength(65);
    expect(fromBase64(envelope.epk)[0]).toBe(0x04);
    expect(fromBase64(envelope.iv)).toHaveLength(12);
    expect(await decryptLikeAgent(encrypted, keys.privateKey)).toBe(secret);
  });

  it('uses a fresh IV and ephemeral key for every value', async () => {
    const { pem } = await createTestCertificate();
    const first = JSON.parse(atob(await encryptForCertificate('same', pem, 'A'))) as SecretEnvelope;
    const second = JSON.parse(atob(await encryptForCertificate('same', pem, 'A'))) as SecretEnvelope;
    expect(first.iv).not.toBe(second.iv);
    expect(first.epk).not.toBe(second.epk);
  });

  it('passes the <encrypted> placeholder through unchanged', async () => {
    await expect(encryptForCertificate(ENCRYPTED_PLACEHOLDER, 'not even a certificate', 'X')).resolves.toBe(
      '<encrypted>',
    );
  });

  it('names the field when the certificate is unusable', async () => {
    await expect(encryptForCertificate('v', 'garbage', 'API_KEY')).rejects.toThrow(
      `Failed to encrypt data API_KEY: ${EC_KEY_EXTRACTION_FAILED}`,
    );
    const { pem } = await createTestCertificate({ name: 'ECDSA', namedCurve: 'P-384' });
    await expect(encryptForCertificate('v', pem, 'compose.yml')).rejects.toThrow(
      'Failed to encrypt data compose.yml: Failed to extract EC public key from certificate. The certificate format may not be supported.',
    );
  });
});

describe('encryptForAgent', () => {
  it('throws the lookup errors for a missing agent or certificate', async () => {
    const agents = [{ id: 'a1', name: 'prod', certificate: '' }];
    await expect(encryptForAgent(agents, 'zz', 'v', 'X')).rejects.toThrow('Agent with ID zz not found');
    await expect(encryptForAgent(agents, 'a1', 'v', 'X')).rejects.toThrow(
      'No certificate found for agent prod',
    );
  });

  it('encrypts with the certificate of the chosen agent', async () => {
    const { pem, keys } = await createTestCertificate();
    const other = await createTestCertificate();
    const agents = [
      { id: 'a1', name: 'one', certificate: other.pem },
      { id: 'a2', name: 'two', certificate: pem },
    ];
    const encrypted = await encryptForAgent(agents, 'a2', 'hello', 'X');
    expect(await decryptLikeAgent(encrypted, keys.privateKey)).toBe('hello');
    await expect(decryptLikeAgent(encrypted, other.keys.privateKey)).rejects.toThrow();
  });
});
