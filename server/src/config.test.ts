import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from './config.js';

test('development turns the dev identity provider and dev billing on by default', () => {
  const config = loadConfig({});
  assert.equal(config.auth.devIdentityProvider, true);
  assert.equal(config.auth.issuer, 'http://localhost:8080/dev-idp');
  assert.equal(config.billing.provider, 'dev');
  assert.equal(config.databaseUrl, undefined);
});

// A data folder of the tests' own: the checkout's `.data` may hold the development release key
// (start.sh), which production refuses.
const emptyDataDir = path.join(os.tmpdir(), 'dh-config-test-data');

test('production refuses the dev identity provider and dev billing, and defaults to Google and Stripe', () => {
  const base = { NODE_ENV: 'production', DATA_DIR: emptyDataDir };
  assert.throws(() => loadConfig({ ...base, DEV_IDP: '1' }), /identity provider/);
  assert.throws(() => loadConfig({ ...base, BILLING_PROVIDER: 'dev' }), /billing/);
  const production = loadConfig({
    ...base,
    OIDC_CLIENT_ID: 'client',
    OIDC_CLIENT_SECRET: 'secret',
  });
  assert.equal(production.auth.devIdentityProvider, false);
  assert.equal(production.auth.issuer, 'https://accounts.google.com');
  assert.equal(production.billing.provider, 'stripe');
});

test('any OIDC issuer can be configured', () => {
  const config = loadConfig({
    DEV_IDP: '0',
    OIDC_ISSUER: 'https://id.example',
    OIDC_CLIENT_ID: 'a',
    OIDC_CLIENT_SECRET: 'b',
  });
  assert.deepEqual(
    [config.auth.issuer, config.auth.clientId, config.auth.clientSecret],
    ['https://id.example', 'a', 'b'],
  );
});

test('production refuses to start with the agent release private key beside its public key', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-release-key-'));
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: dir,
    OIDC_CLIENT_ID: 'client',
    OIDC_CLIENT_SECRET: 'secret',
    AGENT_RELEASE_PUBLIC_KEY: path.join(dir, 'release-key.pub.pem'),
  };
  try {
    await writeFile(path.join(dir, 'release-key.pub.pem'), 'public');
    assert.equal(loadConfig(production).agentHub.releasePublicKeyPath, path.join(dir, 'release-key.pub.pem'));
    await writeFile(path.join(dir, 'release-key.pem'), 'private');
    assert.throws(
      () => loadConfig(production),
      /release private key .* must not be on the server in production/,
    );
    // Development keeps its local key pair together (start.sh).
    assert.doesNotThrow(() => loadConfig({ ...production, NODE_ENV: 'development' }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
