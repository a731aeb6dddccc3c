import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appSizeError, SIZE_LIMITS_TEXT, SizeLimits, SizeText, textBytes } from './size-limits.js';
import { encryptSecret, importRecipientKey, secretPlaintextBytes } from './secret-envelope.js';

test('the limits, stated and checked by file name', () => {
  assert.equal(SIZE_LIMITS_TEXT, "Up to 512 KB per file and 1 MB for all of an app's files.");
  assert.equal(textBytes('é'), 2, 'UTF-8 bytes, not characters');
  const limit = SizeLimits.fileBytes;
  assert.equal(appSizeError([{ filename: 'compose.yml', bytes: limit }]), null);
  assert.equal(
    appSizeError([{ filename: 'config/big.conf', bytes: limit + 1 }]),
    'config/big.conf is 512.1 KB: a file may be at most 512 KB',
  );
  const halves = ['a', 'b', 'c'].map((filename) => ({ filename, bytes: 400 * 1024 }));
  assert.equal(appSizeError(halves), "The app's files are 1.2 MB in all: an app's files may be at most 1 MB");
  assert.match(
    SizeText.requestTooLarge,
    /^The request is larger than 4 MB, the most the server takes: Up to 512 KB/,
  );
});

test('an app at its limit, every file a secret, fits the request limit', async () => {
  const { publicKey } = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
  const recipient = await importRecipientKey(spki);
  const plaintext = 'x'.repeat(SizeLimits.fileBytes);
  const envelope = await encryptSecret(plaintext, recipient);
  assert.equal(secretPlaintextBytes(envelope), SizeLimits.fileBytes, 'a secret counts by its plaintext');
  const perApp = (SizeLimits.appBytes / SizeLimits.fileBytes) * envelope.length;
  assert.ok(perApp < SizeLimits.requestBytes * 0.6, `${perApp} bytes leave room for the rest`);
  assert.equal(secretPlaintextBytes('not an envelope'), null);
});
