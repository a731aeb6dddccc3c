import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  contributedVariables,
  domainError,
  ExtensionText,
  isPublicDomain,
  parseDomains,
  parseHostPort,
  SELF_APP_ID,
} from './extensions.js';

test('a domain is a name only: scheme, path, port, unicode and bad labels are refused by name', () => {
  assert.equal(domainError('blog.example.com'), null);
  assert.equal(domainError('xn--bcher-kva.example'), null);
  assert.equal(
    domainError('https://blog.example.com'),
    ExtensionText.domainScheme('https://blog.example.com'),
  );
  assert.equal(domainError('blog.example.com/admin'), ExtensionText.domainPath('blog.example.com/admin'));
  assert.equal(domainError('blog.example.com:8443'), ExtensionText.domainPort('blog.example.com:8443'));
  assert.equal(domainError('bücher.example'), ExtensionText.domainUnicode('bücher.example'));
  for (const bad of [
    'localhost',
    '-a.example.com',
    'a-.example.com',
    'a..example.com',
    '10.0.0.1',
    'a_b.example.com',
    `${'a'.repeat(64)}.com`,
  ])
    assert.equal(domainError(bad), ExtensionText.domainSyntax(bad), bad);
});

test('a list of domains is split on commas and spaces, lowercased, and must not repeat', () => {
  assert.deepEqual(parseDomains(' Blog.Example.com, www.example.com\nshop.example.com '), {
    domains: ['blog.example.com', 'www.example.com', 'shop.example.com'],
    error: null,
  });
  assert.equal(parseDomains('').error, ExtensionText.domainsRequired);
  assert.equal(
    parseDomains('a.example.com A.example.com').error,
    ExtensionText.domainRepeated('A.example.com'),
  );
});

test('host ports are whole numbers from 1 to 65535', () => {
  assert.deepEqual(parseHostPort(' 8080 '), { port: 8080, error: null });
  assert.equal(parseHostPort('').error, ExtensionText.hostPortRequired);
  for (const bad of ['0', '65536', '80.5', '-1', 'http'])
    assert.equal(parseHostPort(bad).error, ExtensionText.hostPortSyntax(bad));
});

test('names under reserved top-level domains get the internal certificate authority', () => {
  assert.equal(isPublicDomain('blog.example.com'), true);
  for (const name of ['app.test', 'app.localhost', 'nas.local', 'x.internal', 'router.home.arpa'])
    assert.equal(isPublicDomain(name), false, name);
});

test('a proxy contributes the domains variable, Expose Port the host port, each with its provider id', () => {
  const via = contributedVariables('app', [{ extension: 'expose', extension_app_id: 'proxy' }]);
  assert.deepEqual(via, [
    {
      id: 'extension-variable:EXPOSE_DOMAINS',
      name: 'EXPOSE_DOMAINS',
      is_encrypted: false,
      type: 'inherited',
      app_id: 'proxy',
    },
  ]);
  for (const self of ['app', SELF_APP_ID]) {
    const [port] = contributedVariables('app', [{ extension: 'expose', extension_app_id: self }]);
    assert.equal(port?.name, 'EXPOSE_HOST_PORT');
    assert.equal(port?.app_id, self);
  }
  assert.deepEqual(contributedVariables('app', []), []);
});
