import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TemplateDeployment } from '../catalog/template-types.js';
import { normalizePairingCode } from '../agents/pairing-code.js';
import { buildDeployment, parseUserEntries } from './app-config.js';
import { controlOperation } from './app-control-service.js';
import type { StoredApp } from './app-store.js';
import { projectNameFor, validateAppName } from './app-rules.js';

const CIPHER = Buffer.from(JSON.stringify({ v: 1, epk: 'AA==', iv: 'AA==', ct: 'AA==' })).toString('base64');

const stored: StoredApp = {
  app: {
    id: 'app-1',
    agent_id: 'agent-1',
    name: 'web',
    project: 'web-app1',
    description: null,
    version: '1.0.0',
    template_id: 't',
    extension: null,
    icon: 'Package',
    color: '#000000',
    extension_values: '[]',
    supported_extensions: '[]',
    status: 0,
    created_at: 0,
    updated_at: 0,
  },
  files: [
    {
      id: 'file-1',
      app_id: 'app-1',
      filename: 'compose.yml',
      content: 'user compose',
      is_encrypted: 0,
      type: 'user',
      position: 0,
    },
  ],
  variables: [
    {
      id: 'var-1',
      app_id: 'app-1',
      name: 'PASSWORD',
      value: CIPHER,
      is_encrypted: 1,
      type: 'user',
      position: 0,
    },
    {
      id: 'var-2',
      app_id: 'app-1',
      name: 'TOKEN',
      value: CIPHER,
      is_encrypted: 1,
      type: 'inherited',
      position: 1,
    },
    { id: 'var-3', app_id: 'app-1', name: 'PORT', value: '9999', is_encrypted: 0, type: 'user', position: 2 },
  ],
};

test('the spec action maps to an operation; restart/update/redeploy ride on active', () => {
  assert.equal(controlOperation('active', undefined), 'start');
  assert.equal(controlOperation('stopped', undefined), 'stop');
  assert.equal(controlOperation('active', 'redeploy'), 'redeploy');
  assert.throws(() => controlOperation('stopped', 'restart'), /Operation must be one of/);
  assert.throws(() => controlOperation('paused', undefined), /Action must be 'active' or 'stopped'/);
});

test('submitted entries: placeholders keep stored secrets, plaintext secrets and bad names are refused', () => {
  const body = (value: string) => ({
    config: {
      files: [
        { id: 'file-1', filename: 'compose.yml', is_encrypted: false, type: 'user' },
        { id: 'x', filename: 'other.yml', type: 'inherited' },
      ],
      variables: [{ id: 'var-1', name: 'PASSWORD', is_encrypted: true, type: 'user' }],
    },
    files: { 'file-1': 'new compose' },
    variables: { 'var-1': value },
  });
  const kept = parseUserEntries(body('<encrypted>'), 'app-1', stored);
  assert.equal(kept.files.length, 1, 'non-user entries are ignored');
  assert.deepEqual(
    kept.variables.map((v) => [v.id, v.value]),
    [['var-1', CIPHER]],
  );
  assert.throws(
    () => parseUserEntries(body('hunter2'), 'app-1', stored),
    /must be encrypted with the agent certificate/,
  );
  assert.throws(
    () => parseUserEntries(body('<encrypted>'), 'app-1', null),
    /stored secret value was not found/,
  );
  const bad = { config: { files: [{ id: 'f', filename: '../etc/passwd', type: 'user' }] } };
  assert.throws(
    () => parseUserEntries(bad, 'app-1', null),
    /File \.\.\/etc\/passwd: Filename must not contain path traversal/,
  );
  const reserved = { config: { variables: [{ id: 'v', name: '_SECRET', type: 'user' }] } };
  assert.throws(
    () => parseUserEntries(reserved, 'app-1', null),
    /Variable #1: Variable names starting with underscore are reserved/,
  );
  const steering = { config: { variables: [{ id: 'v', name: 'COMPOSE_PROJECT_NAME', type: 'user' }] } };
  assert.throws(
    () => parseUserEntries(steering, 'app-1', null),
    /Variable #1: Variable COMPOSE_PROJECT_NAME is not allowed: names starting with COMPOSE_ or DOCKER_/,
  );
});

test('deployment: user files and variables override inherited ones; constants cannot be overridden', () => {
  const template = {
    files: [
      { filename: 'compose.yml', content: 'template compose' },
      { filename: 'nginx.conf', content: 'conf' },
    ],
    variables: [
      { name: 'PORT', value: '80', is_encrypted: false, type: 'inherited', generate: null },
      {
        name: 'TOKEN',
        value: '',
        is_encrypted: true,
        type: 'inherited',
        generate: { charset: 'hex', length: 32 },
      },
      { name: '_VERSION', value: '1.0.0', is_encrypted: false, type: 'constant', generate: null },
    ],
    supported_extensions: [],
  } as unknown as TemplateDeployment;
  const deployment = buildDeployment(
    {
      ...stored,
      variables: [
        ...stored.variables,
        {
          id: 'v4',
          app_id: 'app-1',
          name: '_VERSION',
          value: 'x',
          is_encrypted: 0,
          type: 'user',
          position: 3,
        },
      ],
    },
    template,
  );
  assert.deepEqual(
    deployment.files.map((f) => [f.filename, f.content]),
    [
      ['compose.yml', 'user compose'],
      ['nginx.conf', 'conf'],
    ],
  );
  const variables = Object.fromEntries(deployment.variables.map((v) => [v.name, v.value]));
  assert.deepEqual(variables, { PORT: '9999', TOKEN: CIPHER, _VERSION: '1.0.0', PASSWORD: CIPHER });
});

test('app names, project names and typed pairing codes', () => {
  assert.throws(() => validateAppName(''), /App name is required/);
  assert.throws(
    () => validateAppName('1abc'),
    /App name must start with a letter and contain only letters, numbers, and hyphens/,
  );
  assert.equal(projectNameFor('My-App', '1234abcd-ffff'), 'my-app-1234abcd');
  assert.equal(normalizePairingCode(' a3c-dfe '), 'A3CDFE');
  assert.equal(normalizePairingCode('ABCDE0'), null, 'look-alike characters are not in the alphabet');
  assert.equal(normalizePairingCode('ABC'), null);
});
