import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { composeVersionCapability, configSubcommand, detectComposeCli } from './compose.js';
import { v1Gaps, v1Refusal } from './compose-v1-features.js';

let dir: string;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-compose-version-'));
});

after(() => rm(dir, { recursive: true, force: true }));

/** A stand-in compose program that prints `output` for `version` and exits with `code` (shell). */
async function program(name: string, output: string, code: number | string = 0): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\nprintf '%s\\n' '${output}'\nexit ${code}\n`);
  await chmod(file, 0o755);
  return file;
}

test('the Compose in use and its version are detected from what it prints, v2 standalone included', async () => {
  const v1 = await detectComposeCli(await program('v1', 'docker-compose version 1.29.2, build unknown'));
  assert.deepEqual(v1.version, { major: 1, version: '1.29.2' });
  assert.deepEqual(composeVersionCapability(v1), { name: 'compose_version', value: '1.29.2' });
  assert.deepEqual(configSubcommand(v1), ['config'], 'v1 prints YAML only');
  assert.deepEqual(v1.env, { SETUPTOOLS_USE_DISTUTILS: 'stdlib' }, 'it answers with it: it starts with it');

  // A v2 binary installed as docker-compose is v2: JSON model, v2 env-file dialect.
  const v2 = await detectComposeCli(await program('v2', 'Docker Compose version v2.29.7'));
  assert.deepEqual(v2.version, { major: 2, version: '2.29.7' });
  assert.deepEqual(configSubcommand(v2), ['config', '--format', 'json']);

  assert.equal(v2.env, undefined);

  const silent = await detectComposeCli(await program('broken', 'segfault', 1));
  assert.equal(silent.version, undefined);
  assert.equal(composeVersionCapability(silent), null, 'no capability rather than a wrong one');
});

test("v1 runs with the standard library's distutils only where it starts with it", async () => {
  // As v1 under Python 3.12, which has no distutils of its own: it fails to start with the variable.
  const withoutStdlib = await program(
    'v1-py312',
    'docker-compose version 1.29.2, build unknown',
    '$([ -n "$SETUPTOOLS_USE_DISTUTILS" ] && echo 1 || echo 0)',
  );
  const cli = await detectComposeCli(withoutStdlib);
  assert.deepEqual(cli.version, { major: 1, version: '1.29.2' });
  assert.equal(cli.env, undefined);
});

test('under v1, features v1 lacks are named, with the file and service, and the remedy', () => {
  const model = {
    include: ['other.yml'],
    services: {
      web: {
        image: 'x',
        env_file: [{ path: 'web.env', required: false }],
        depends_on: { db: { condition: 'service_started', required: false } },
      },
      db: { image: 'y', env_file: ['db.env'], develop: { watch: [] } },
      builder: { build: { context: '.', additional_contexts: { base: '../base' } } },
    },
    configs: { site: { content: 'hello' } },
  };
  const gaps = v1Gaps('compose.yml', model);
  assert.deepEqual(gaps, [
    'include in compose.yml',
    'env_file with path/required in compose.yml (service web)',
    'depends_on with required/restart in compose.yml (service web)',
    'develop (watch) in compose.yml (service db)',
    'build.additional_contexts in compose.yml (service builder)',
    'configs or secrets with content/environment in compose.yml',
  ]);
  // What v1 understands passes.
  assert.deepEqual(
    v1Gaps('compose.yml', { services: { web: { image: 'x', env_file: ['a.env'], depends_on: ['db'] } } }),
    [],
  );
  assert.equal(
    v1Refusal('1.29.2', gaps.slice(0, 1)).message,
    'This server runs Compose v1.29.2 (legacy), which does not support include in compose.yml. Install Compose v2 on the server (package docker-compose-plugin or docker-compose-v2) and restart the Dockhand agent.',
  );
});
