import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.js';

test('development turns the dev identity provider and dev billing on by default', () => {
  const config = loadConfig({});
  assert.equal(config.auth.devIdentityProvider, true);
  assert.equal(config.auth.issuer, 'http://localhost:8080/dev-idp');
  assert.equal(config.billing.provider, 'dev');
  assert.equal(config.databaseUrl, undefined);
});

test('production refuses the dev identity provider and dev billing, and defaults to Google and Stripe', () => {
  assert.throws(() => loadConfig({ NODE_ENV: 'production', DEV_IDP: '1' }), /identity provider/);
  assert.throws(() => loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'dev' }), /billing/);
  const production = loadConfig({
    NODE_ENV: 'production',
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
