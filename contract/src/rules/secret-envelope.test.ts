import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  decryptSecret,
  encryptSecret,
  importRecipientKey,
  importRecipientPrivateKey,
  isEncryptedValue,
  parseEnvelope,
} from './secret-envelope.js';

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** A value encrypted by the envelope code before it was merged into this module (wire format v1). */
const legacy = JSON.parse(
  readFileSync(new URL('./secret-envelope.fixture.json', import.meta.url), 'utf8'),
) as {
  privateKeyPkcs8: string;
  plaintext: string;
  ciphertext: string;
};

async function recipient() {
  const pair = (await crypto.subtle.generateKey(ECDH_P256, true, ['deriveBits'])) as {
    publicKey: Awaited<ReturnType<typeof importRecipientKey>>;
    privateKey: Awaited<ReturnType<typeof importRecipientKey>>;
  };
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  return { publicKey: await importRecipientKey(spki), privateKey: await importRecipientPrivateKey(pkcs8) };
}

test('a value stored by the old envelope code still decrypts', async () => {
  const privateKey = await importRecipientPrivateKey(Buffer.from(legacy.privateKeyPkcs8, 'base64'));
  assert.equal(await decryptSecret(legacy.ciphertext, privateKey), legacy.plaintext);
});

test('a secret round-trips in the v1 wire format and only the recipient can read it', async () => {
  const agent = await recipient();
  const other = await recipient();
  const encrypted = await encryptSecret('s3cr3t ü ✓', agent.publicKey);
  assert.ok(!encrypted.includes('s3cr3t'));
  const envelope = parseEnvelope(encrypted);
  assert.equal(envelope?.v, 1);
  assert.equal(Buffer.from(envelope.epk, 'base64').length, 65);
  assert.equal(Buffer.from(envelope.iv, 'base64').length, 12);
  assert.equal(await decryptSecret(encrypted, agent.privateKey), 's3cr3t ü ✓');
  await assert.rejects(decryptSecret(encrypted, other.privateKey), /wrong key or corrupted value/);
});

test('plaintext and malformed values are not envelopes', async () => {
  const agent = await recipient();
  for (const value of ['plain', 'cGxhaW4=', btoa('{"v":2,"epk":"","iv":"","ct":""}'), btoa('null'), ''])
    assert.equal(isEncryptedValue(value), false, value);
  await assert.rejects(decryptSecret('plain', agent.privateKey), /not an encrypted value/);
});
