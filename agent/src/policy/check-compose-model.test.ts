import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { configSubcommand } from '../docker/compose.js';
import { hostConfigPath, loadHostConfig, parseHostConfig } from '../host-config.js';
import { DEFAULT_POLICY } from './admission-policy.js';
import { checkComposeModel } from './check-compose-model.js';
import { checkComposeSources } from './check-compose-sources.js';

const projectDir = '/srv/dockhand/apps/a1/project';
const context = { policy: DEFAULT_POLICY, projectDir, sockets: ['/run/docker.sock'] };

/** What `docker compose config --format json` (v2) prints: long-syntax mounts, absolute paths. */
function v2Model(service: Record<string, unknown>, top: Record<string, unknown> = {}): unknown {
  return { name: 'a1', services: { web: { image: 'nginx', ...service } }, ...top };
}

test('v2 runs `config --format json`, v1 `config`', () => {
  assert.deepEqual(configSubcommand({ command: 'docker', baseArgs: ['compose'] }), [
    'config',
    '--format',
    'json',
  ]);
  assert.deepEqual(configSubcommand({ command: 'docker-compose', baseArgs: [] }), ['config']);
});

test('options only compose v2 knows are refused from its JSON model', () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ uts: 'host' }, /service web: uts: host: shares the host's namespace/],
    [{ cgroup: 'host' }, /service web: cgroup: host/],
    [{ gpus: 'all' }, /service web: gpus: gives the container host devices/],
    [{ device_cgroup_rules: ['c 1:3 mr'] }, /device_cgroup_rules/],
    [
      { deploy: { resources: { reservations: { devices: [{ capabilities: ['gpu'] }] } } } },
      /deploy.resources.reservations.devices/,
    ],
    [
      {
        volumes: [
          { type: 'bind', source: '/var/run/docker.sock', target: '/s', bind: { create_host_path: true } },
        ],
      },
      /volumes \/var\/run\/docker.sock: gives the container the Docker socket/,
    ],
    [
      { build: { context: projectDir, dockerfile: '/etc/Dockerfile' } },
      /build.dockerfile \/etc\/Dockerfile: reads host files outside/,
    ],
    [
      { build: { context: projectDir, additional_contexts: { root: '/' } } },
      /build.additional_contexts \/: reads/,
    ],
    [{ build: { context: projectDir, privileged: true } }, /build.privileged/],
    [
      { env_file: [{ path: '/root/.aws/credentials', required: true }] },
      /env_file \/root\/.aws\/credentials/,
    ],
    [{ security_opt: ['seccomp=/tmp/allow-all.json'] }, /replaces the default seccomp filter/],
    [{ security_opt: ['label=type:spc_t'] }, /disables SELinux labelling/],
    [{ security_opt: ['writable-cgroups=true'] }, /is not a known safe security option/],
    [{ pid: 'container:other' }, /pid: container:other: joins the namespace/],
  ];
  for (const [service, expected] of cases) {
    const refusals = checkComposeModel(v2Model(service), context);
    assert.equal(refusals.length, 1, JSON.stringify(service));
    const [refusal] = refusals;
    assert.match(`${refusal?.subject}: ${refusal?.option}: ${refusal?.reason}`, expected);
  }
  const configs = checkComposeModel(v2Model({}, { configs: { hosts: { file: '/etc/hosts' } } }), context);
  assert.match(configs[0]?.subject ?? '', /config hosts/);
});

test('what a normal v2 project uses passes', () => {
  const model = v2Model(
    {
      ports: [{ target: 80, published: '8080', protocol: 'tcp' }],
      volumes: [
        { type: 'volume', source: 'data', target: '/data' },
        { type: 'bind', source: `${projectDir}/conf`, target: '/conf' },
        { type: 'tmpfs', target: '/tmp' },
      ],
      build: {
        context: projectDir,
        dockerfile: 'Dockerfile',
        additional_contexts: { base: 'docker-image://alpine' },
      },
      env_file: [{ path: `${projectDir}/.env` }],
      cap_add: ['NET_BIND_SERVICE'],
      security_opt: ['no-new-privileges:true', 'apparmor=docker-default', 'label=level:s0:c100'],
      network_mode: 'service:db',
      ipc: 'shareable',
    },
    {
      volumes: { data: {}, nfs: { driver_opts: { type: 'nfs', o: 'addr=10.0.0.2', device: ':/export' } } },
      networks: { default: {} },
      secrets: { token: { file: `${projectDir}/token.txt` } },
    },
  );
  assert.deepEqual(checkComposeModel(model, context), []);
  assert.deepEqual(
    checkComposeModel(v2Model({ privileged: true }), {
      ...context,
      policy: { hostAccess: true, bindRoots: [] },
    }),
    [],
  );
});

test('the host configuration file: defaults when missing, a clear error when invalid', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-host-config-'));
  try {
    const file = hostConfigPath(dir, {});
    assert.equal(file, path.join(dir, 'host-config.json'));
    assert.deepEqual((await loadHostConfig(file)).policy, DEFAULT_POLICY);
    await writeFile(file, '{not json');
    await assert.rejects(loadHostConfig(file), /Host configuration .* is invalid: not JSON/);
    for (const [policy, message] of [
      [{ host_access: 'yes' }, /host_access" must be true or false/],
      [{ bind_roots: '/srv' }, /must be a list of folders/],
      [{ bind_roots: ['relative/dir'] }, /must be an absolute folder/],
      [{ bind_roots: ['/'] }, /use host access/],
    ] as const) {
      assert.throws(() => parseHostConfig({ policy }), message);
    }
    assert.deepEqual(parseHostConfig({ policy: { bind_roots: ['/srv/media/'] } }).policy.bindRoots, [
      '/srv/media',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("v2 includes are checked where compose reads them: a host file's path or env file is refused", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dh-include-'));
  try {
    const compose = [
      'include:',
      '  - path: /etc/compose.yml',
      '  - path: ./parts/db.yml',
      '    env_file: ../../other-app/compose.env',
      'services:',
      '  web:',
      '    image: nginx',
      '    env_file: [{path: ./web.env, required: false}]',
    ].join('\n');
    await writeFile(path.join(dir, 'compose.yml'), compose);
    await writeFile(path.join(dir, 'notes.txt'), 'env_file: /etc/shadow');
    const refusals = await checkComposeSources(['compose.yml', 'notes.txt'], { ...context, projectDir: dir });
    assert.deepEqual(
      refusals.map((r) => `${r.subject}: ${r.option}`),
      [
        'include (compose.yml): path /etc/compose.yml',
        'include (compose.yml): env_file ../../other-app/compose.env',
      ],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
