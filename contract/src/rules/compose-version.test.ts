import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeVersionText, parseComposeVersion } from './compose-version.js';

test('the Compose version is read from every shape `compose version` prints', () => {
  const cases: [string, { major: number; version: string } | null][] = [
    ['Docker Compose version v2.24.5\n', { major: 2, version: '2.24.5' }],
    ['2.29.1\n', { major: 2, version: '2.29.1' }],
    ['Docker Compose version v2.27.1-desktop.1', { major: 2, version: '2.27.1-desktop.1' }],
    [
      'docker-compose version 1.29.2, build unknown\ndocker-py version: 5.0.3',
      { major: 1, version: '1.29.2' },
    ],
    ['1.29.2\n', { major: 1, version: '1.29.2' }],
    ["docker: 'compose' is not a docker command.", null],
    ['', null],
  ];
  for (const [output, expected] of cases) assert.deepEqual(parseComposeVersion(output), expected, output);
});

test('the server card names the Compose in use, v1 as legacy', () => {
  assert.equal(composeVersionText('2.24.5'), 'Compose v2.24.5');
  assert.equal(composeVersionText('1.29.2'), 'Compose v1.29.2 (legacy)');
  assert.equal(composeVersionText('unknown'), 'Compose unknown');
});
