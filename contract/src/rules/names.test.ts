import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  appNameError,
  cleanName,
  DisplayNames,
  displayNameError,
  filenameError,
  NameText,
  registryAddressError,
  variableNameError,
} from './names.js';

test('app name: required, a leading letter, then letters, digits and hyphens, at most 63', () => {
  assert.equal(appNameError(''), NameText.appNameRequired);
  assert.equal(appNameError('   '), 'App name is required');
  const message = 'App name must start with a letter and contain only letters, numbers, and hyphens';
  for (const name of ['1app', '-app', 'my_app', 'my app']) assert.equal(appNameError(name), message);
  assert.equal(appNameError('My-App-2'), null);
  assert.equal(appNameError(' padded '), null);
  // The spec sets no limit; ours is a DNS label's 63.
  assert.equal(appNameError(`a${'b'.repeat(62)}`), null);
  assert.equal(appNameError(`a${'b'.repeat(63)}`), 'App name must be 63 characters or less');
});

test('filename: required, no traversal, allowed characters, relative', () => {
  assert.equal(filenameError(''), 'Filename is required');
  assert.equal(filenameError('  '), 'Filename is required');
  const traversal = 'Filename must not contain path traversal sequences ("..")';
  for (const name of ['../etc/passwd', 'config/../../x', '..']) assert.equal(filenameError(name), traversal);
  const chars =
    'Filename can only contain letters, numbers, hyphens, underscores, dots, and forward slashes ("/")';
  assert.equal(filenameError('bad name.yml'), chars);
  assert.equal(filenameError('semi;colon'), chars);
  for (const name of ['compose.yml', 'config/nginx_site-1.conf', 'a..b.txt'])
    assert.equal(filenameError(name), null);
  assert.equal(filenameError('/etc/passwd'), 'Filename must be a relative path');
});

test('variable name: required, identifier characters, leading underscore reserved for users', () => {
  assert.equal(variableNameError(''), 'Variable name is required');
  const chars =
    'Variable name must start with a letter or underscore and contain only letters, numbers, and underscores';
  for (const name of ['1VAR', 'MY-VAR', 'A B']) assert.equal(variableNameError(name), chars);
  assert.equal(variableNameError('DB_PASSWORD_2'), null);
  const reserved = 'Variable names starting with underscore are reserved and cannot be created by users';
  assert.equal(variableNameError('_SECRET'), reserved);
  assert.equal(variableNameError('_SECRET', { isOverride: true }), null);
  assert.equal(variableNameError('_SECRET', { clashesWithNonUser: true }), null);
  assert.equal(variableNameError('_VERSION', { allowReserved: true }), null);
  assert.equal(variableNameError('1X', { allowReserved: true }), chars);
});

test('variable name: COMPOSE_* and DOCKER_* would steer the compose process and are refused by name', () => {
  for (const name of [
    'COMPOSE_PROJECT_NAME',
    'COMPOSE_PATH_SEPARATOR',
    'compose_file',
    'Compose_Profiles',
    'DOCKER_HOST',
    'DOCKER_CONFIG',
    'docker_host',
    'Compose_File',
  ])
    for (const context of [{}, { allowReserved: true }, { isOverride: true }])
      assert.equal(
        variableNameError(name, context),
        `Variable ${name} is not allowed: names starting with COMPOSE_ or DOCKER_ would change how Docker Compose runs the app`,
        name,
      );
  // The two Dockhand reads itself to choose files and profiles (see compose-files.ts).
  for (const name of ['COMPOSE_FILE', 'COMPOSE_PROFILES']) assert.equal(variableNameError(name), null, name);
  // Names that only contain the words are the app's own.
  for (const name of ['MY_DOCKER_HOST', 'COMPOSER_HOME', 'DOCKERHUB_USER', 'APP_COMPOSE_FILE'])
    assert.equal(variableNameError(name), null, name);
});

const hostile: [string, string][] = [
  ['NUL', 'Prod\u0000Org'],
  ['CRLF', 'Prod\r\nSet-Cookie: x'],
  ['tab', 'Prod\tOrg'],
  ['right-to-left override', 'Prod\u202Egro'],
  ['left-to-right isolate', 'Prod\u2066Org'],
  ['zero-width space', 'Prod\u200BOrg'],
  ['lone high surrogate', 'Prod\uD800Org'],
  ['lone low surrogate', 'Prod\uDC00Org'],
  ['line separator', 'Prod\u2028Org'],
  ['byte order mark inside', 'Prod\uFEFFOrg'],
  ['escape sequence', 'Prod\u001B[31mOrg'],
];

test('display names: no control or format characters, lone surrogates or line separators', () => {
  for (const [label, value] of hostile)
    assert.equal(
      displayNameError(value, DisplayNames.organization),
      'Organization name must not contain control characters or invisible formatting characters',
      label,
    );
  assert.equal(
    displayNameError('web\u0000', DisplayNames.server),
    'Server name must not contain control characters or invisible formatting characters',
  );
  // Letters of any script, emoji (a surrogate pair) and inner spaces are fine.
  for (const value of ['Équipe Nord', 'Команда', '東京 チーム', 'Ops 🚀', 'O’Brien & Co.'])
    assert.equal(displayNameError(value, DisplayNames.organization), null, value);
});

test('display names: required and limits after NFC and trimming, the spec texts', () => {
  assert.equal(displayNameError('   ', DisplayNames.organization), 'Organization name is required');
  assert.equal(displayNameError('a'.repeat(255), DisplayNames.organization), null);
  assert.equal(
    displayNameError('a'.repeat(256), DisplayNames.organization),
    'Organization name must be 255 characters or less',
  );
  // 255 decomposed 'é' (e + combining accent) are 255 characters once composed.
  assert.equal(displayNameError('e\u0301'.repeat(255), DisplayNames.organization), null);
  // An emoji is one character, not two UTF-16 units.
  assert.equal(displayNameError('🚀'.repeat(255), DisplayNames.organization), null);
  assert.equal(displayNameError(' ab ', DisplayNames.server), 'Server name must have at least 3 characters');
  assert.equal(displayNameError('', DisplayNames.server), 'Server name is required');
  assert.equal(
    displayNameError('x'.repeat(101), DisplayNames.appIcon),
    'Icon must be 100 characters or less',
  );
});

test('cleanName makes an old row valid: hidden characters out, NFC, trimmed, cut to the limit', () => {
  assert.equal(cleanName(' Prod\u0000\r\nOrg\u202E ', 255), 'ProdOrg');
  assert.equal(cleanName('Cafe\u0301', 255), 'Café');
  assert.equal(cleanName('\uD800', 255), '');
  assert.equal(cleanName('a'.repeat(300), 255), 'a'.repeat(255));
  for (const [, value] of hostile)
    assert.equal(displayNameError(cleanName(value, 255), DisplayNames.organization), null);
});

test('registry address: host[:port][/path], at most 255 characters', () => {
  for (const address of [
    'ghcr.io',
    'registry.example.com:5000',
    'localhost:5000',
    '10.0.0.2:443/v2/',
    '[::1]:5000',
    'docker.io/library',
  ])
    assert.equal(registryAddressError(address), null, address);
  assert.equal(registryAddressError('  '), 'Address is required');
  assert.equal(registryAddressError(`${'a'.repeat(253)}.io`), 'Address must be 255 characters or less');
  assert.equal(registryAddressError('a'.repeat(1024 * 1024)), 'Address must be 255 characters or less');
  const invalid =
    'Address must be a registry host with an optional port and path, such as registry.example.com:5000';
  for (const address of [
    'https://ghcr.io',
    'ghcr.io\u0000',
    'ghcr.io\r\nx',
    'a b.io',
    '-x.io',
    'x.io:0',
    'x.io:70000',
    'user@x.io',
    'x.io/../y?',
    'x.io\u202E',
  ])
    assert.equal(registryAddressError(address), invalid, JSON.stringify(address));
});
