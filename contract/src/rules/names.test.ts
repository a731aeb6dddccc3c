import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appNameError, filenameError, NameText, variableNameError } from './names.js';

test('app name: required, a leading letter, then letters, digits and hyphens; no length limit', () => {
  assert.equal(appNameError(''), NameText.appNameRequired);
  assert.equal(appNameError('   '), 'App name is required');
  const message = 'App name must start with a letter and contain only letters, numbers, and hyphens';
  for (const name of ['1app', '-app', 'my_app', 'my app']) assert.equal(appNameError(name), message);
  assert.equal(appNameError('My-App-2'), null);
  assert.equal(appNameError(' padded '), null);
  // Spec section 5 and its field limits set no length limit on app names (the server had 63).
  assert.equal(appNameError(`a${'b'.repeat(99)}`), null);
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
