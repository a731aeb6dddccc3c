import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { encryptSecret, importRecipientKey, isEncryptedValue } from 'contract';
import { loadOrCreateIdentity } from '../identity.js';
import { certificateSpki } from './certificate.js';
import { decryptSecret } from './secrets.js';

test('identity is created once with private permissions and secrets round-trip through it', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-identity-'));
  try {
    const stateDir = path.join(dir, 'state');
    const first = await loadOrCreateIdentity(stateDir);
    const second = await loadOrCreateIdentity(stateDir);
    assert.equal(second.fingerprint, first.fingerprint);
    assert.match(first.certificatePem, /^-----BEGIN CERTIFICATE-----/);
    assert.equal((await stat(stateDir)).mode & 0o777, 0o700);
    assert.equal((await stat(path.join(stateDir, 'agent.key'))).mode & 0o777, 0o600);

    const ciphertext = await encryptSecret(
      's3cr3t ü value',
      await importRecipientKey(certificateSpki(first.certificatePem)),
    );
    assert.ok(isEncryptedValue(ciphertext));
    assert.ok(!ciphertext.includes('s3cr3t'));
    assert.equal(await decryptSecret(ciphertext, first.privateKeyPem), 's3cr3t ü value');

    const other = await loadOrCreateIdentity(path.join(dir, 'other'));
    await assert.rejects(
      decryptSecret(ciphertext, other.privateKeyPem, 'variable X'),
      /Failed to decrypt variable X/,
    );
    await assert.rejects(decryptSecret('plain', first.privateKeyPem), /not an encrypted value/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
