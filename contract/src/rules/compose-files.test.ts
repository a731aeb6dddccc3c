import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeSelection, composeVariableError } from './compose-files.js';

const plain = (name: string, value: string) => ({ name, value, is_encrypted: false });

test("Compose's default: the first canonical file and the first override, never other compose files", () => {
  const files = ['compose.prod.yml', 'docker-compose.yml', 'compose.yml', 'compose.override.yml', 'x.yml'];
  assert.deepEqual(composeSelection(files, []).selection, {
    files: ['compose.yml', 'compose.override.yml'],
    profiles: [],
  });
  assert.deepEqual(composeSelection(['docker-compose.yml', 'compose.yaml'], []).selection?.files, [
    'compose.yaml',
  ]);
  assert.deepEqual(
    composeSelection(['docker-compose.yaml', 'docker-compose.yml', 'docker-compose.override.yml'], [])
      .selection?.files,
    ['docker-compose.yaml', 'docker-compose.override.yml'],
  );
  // An override alone, or only alternative files, is no project.
  for (const only of [['compose.override.yml'], ['compose.prod.yml'], ['config/compose.yml']])
    assert.match(composeSelection(only, []).error ?? '', /^The app has no compose file/);
});

test('COMPOSE_FILE names the files (":"-separated, in order); COMPOSE_PROFILES the profiles', () => {
  const files = ['compose.yml', 'compose.override.yml', 'compose.prod.yml', 'deploy/extra.yaml'];
  assert.deepEqual(
    composeSelection(files, [
      plain('COMPOSE_FILE', 'compose.yml:deploy/extra.yaml: compose.prod.yml'),
      plain('COMPOSE_PROFILES', 'debug, tools'),
    ]).selection,
    { files: ['compose.yml', 'deploy/extra.yaml', 'compose.prod.yml'], profiles: ['debug', 'tools'] },
  );
  // Empty values leave Compose's default.
  assert.deepEqual(
    composeSelection(files, [plain('COMPOSE_FILE', ' '), plain('COMPOSE_PROFILES', '')]).selection,
    { files: ['compose.yml', 'compose.override.yml'], profiles: [] },
  );
  assert.deepEqual(composeSelection(['prod.yml'], [plain('COMPOSE_FILE', 'prod.yml')]).selection?.files, [
    'prod.yml',
  ]);
});

test('COMPOSE_FILE naming an unknown, absolute or outside file is refused by name', () => {
  const files = ['compose.yml'];
  assert.equal(
    composeVariableError('COMPOSE_FILE', 'compose.yml:compose.prod.yml', files),
    'COMPOSE_FILE names compose.prod.yml, which is not a file of this app',
  );
  assert.equal(
    composeVariableError('COMPOSE_FILE', '../other/compose.yml', files),
    'COMPOSE_FILE names ../other/compose.yml: Filename must not contain path traversal sequences ("..")',
  );
  assert.equal(
    composeVariableError('COMPOSE_FILE', '/etc/compose.yml', files),
    'COMPOSE_FILE names /etc/compose.yml: Filename must be a relative path',
  );
  assert.equal(
    composeVariableError('COMPOSE_PROFILES', 'debug,-x', files),
    "COMPOSE_PROFILES names -x, which is not a profile name (letters, digits, '_', '.' and '-')",
  );
  assert.equal(composeVariableError('COMPOSE_PROFILES', '*', files), null);
  assert.equal(
    composeSelection(files, [plain('COMPOSE_FILE', 'nope.yml')]).error,
    'COMPOSE_FILE names nope.yml, which is not a file of this app',
  );
  assert.equal(
    composeSelection(files, [{ name: 'COMPOSE_PROFILES', value: 'x', is_encrypted: true }]).error,
    'COMPOSE_PROFILES cannot be a secret: Dockhand reads it to choose how Compose runs the app',
  );
});
