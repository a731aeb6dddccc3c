import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AppManager } from '../apps/app-manager.js';
import { AppStatus, type AppDeployment } from 'contract';
import { runCli } from '../cli.js';
import { ComposeRunner, detectComposeCli } from '../docker/compose.js';
import { runCommand } from '../docker/run-command.js';
import { loadHostConfig } from '../host-config.js';
import { loadOrCreateIdentity } from '../identity.js';
import {
  buildBusyboxImage,
  httpdCompose,
  removeImage,
  removeProjects,
  testAppManager,
  testComposeRunner,
  testGatesDir,
} from '../test/docker-fixtures.js';
import { DEFAULT_POLICY, type AdmissionPolicy } from './admission-policy.js';

const prefix = `dhpolicy${process.pid}-`;
const image = `dockhand-agent-test/busybox-policy:${process.pid}`;
let dir: string;
let compose: ComposeRunner;
let privateKeyPem: string;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dh-policy-'));
  privateKeyPem = (await loadOrCreateIdentity(path.join(dir, 'state'))).privateKeyPem;
  await buildBusyboxImage(image);
  compose = testComposeRunner(await detectComposeCli(), dir);
});

after(async () => {
  await removeProjects(prefix);
  await runCommand('sh', ['-c', `docker volume ls -q | grep '^${prefix}' | xargs -r docker volume rm`]);
  await removeImage(image);
  await rm(dir, { recursive: true, force: true });
});

function managerWith(policy: AdmissionPolicy): AppManager {
  return testAppManager({ dir, compose, privateKeyPem, prefix, policy });
}

function app(
  appId: string,
  composeText: string,
  variables: Record<string, string> = {},
  extraFiles: Record<string, string> = {},
): AppDeployment {
  return {
    app_id: appId,
    project: appId,
    files: Object.entries({ 'compose.yml': composeText, ...extraFiles }).map(([filename, content]) => ({
      filename,
      content,
      is_encrypted: false,
    })),
    variables: Object.entries(variables).map(([name, value]) => ({ name, value, is_encrypted: false })),
  };
}

async function projectContainers(appId: string): Promise<string> {
  const listed = await runCommand('docker', [
    'ps',
    '-aq',
    '--filter',
    `label=com.docker.compose.project=${prefix}${appId}`,
  ]);
  return listed.stdout.trim();
}

interface RefusalCase {
  name: string;
  deployment: AppDeployment;
  /** Every part the refusal must name (service, option, reason). */
  expect: RegExp[];
}

const web = (extra: string) => httpdCompose(image, extra);

const cases: RefusalCase[] = [
  {
    name: 'privileged',
    deployment: app('p1', web('    privileged: true')),
    expect: [/service web: privileged: gives the container full control/],
  },
  {
    name: 'cap_add ALL',
    deployment: app('p2', web('    cap_add: [ALL]')),
    expect: [/service web: cap_add ALL: grants a capability/],
  },
  {
    name: 'cap_add SYS_ADMIN',
    deployment: app('p3', web('    cap_add: [CHOWN, SYS_ADMIN]')),
    expect: [/service web: cap_add SYS_ADMIN/],
  },
  {
    name: 'devices',
    deployment: app('p4', web('    devices: ["/dev/null:/dev/hostnull"]')),
    expect: [/service web: devices: gives the container host devices/],
  },
  {
    name: 'network_mode host',
    deployment: app('p5', web('    network_mode: host')),
    expect: [/service web: network_mode: host: shares the host's namespace/],
  },
  { name: 'pid host', deployment: app('p6', web('    pid: host')), expect: [/service web: pid: host/] },
  { name: 'ipc host', deployment: app('p7', web('    ipc: host')), expect: [/service web: ipc: host/] },
  {
    name: 'userns_mode host',
    deployment: app('p8', web('    userns_mode: host')),
    expect: [/service web: userns_mode: host/],
  },
  {
    name: 'seccomp unconfined',
    deployment: app('p9', web('    security_opt: ["seccomp:unconfined"]')),
    expect: [/security_opt seccomp:unconfined: replaces the default seccomp filter/],
  },
  {
    name: 'apparmor unconfined',
    deployment: app('p10', web('    security_opt: ["apparmor=unconfined"]')),
    expect: [/security_opt apparmor=unconfined: replaces the default AppArmor/],
  },
  {
    name: 'label disable',
    deployment: app('p11', web('    security_opt: ["label:disable"]')),
    expect: [/security_opt label:disable: disables SELinux labelling/],
  },
  {
    name: 'systempaths unconfined',
    deployment: app('p12', web('    security_opt: ["systempaths=unconfined"]')),
    expect: [/systempaths=unconfined: unmasks/],
  },
  {
    name: 'bind of /',
    deployment: app('p13', web('    volumes: ["/:/host"]')),
    expect: [/service web: volumes \/: bind-mounts a host folder outside/],
  },
  {
    name: 'bind of /etc, long syntax',
    deployment: app('p14', web('    volumes: [{type: bind, source: /etc, target: /h}]')),
    expect: [/volumes \/etc: bind-mounts/],
  },
  {
    name: 'bind of a home folder with ~',
    deployment: app('p15', web('    volumes: ["~/:/h"]')),
    expect: [/volumes .*: bind-mounts a host folder outside/],
  },
  {
    name: 'Docker socket',
    deployment: app('p16', web('    volumes: ["/var/run/docker.sock:/var/run/docker.sock"]')),
    expect: [/volumes \/var\/run\/docker.sock: gives the container the Docker socket/],
  },
  {
    name: 'Docker socket via a local-driver volume with o: bind',
    deployment: app(
      'p17',
      web(
        '    volumes: ["sock:/s"]\nvolumes:\n  sock:\n    driver: local\n    driver_opts: {type: none, o: bind, device: /var/run/docker.sock}',
      ),
    ),
    expect: [
      /volume sock: driver_opts device \/var\/run\/docker.sock \(o: bind\): gives the container the Docker socket/,
    ],
  },
  {
    name: 'host folder via a local-driver volume with o: bind',
    deployment: app(
      'p18',
      web('    volumes: ["etc:/e"]\nvolumes:\n  etc:\n    driver_opts: {type: none, o: bind, device: /etc}'),
    ),
    expect: [/volume etc: driver_opts device \/etc \(o: bind\): bind-mounts/],
  },
  {
    name: 'host block device via a local-driver volume',
    deployment: app(
      'p19',
      web('    volumes: ["disk:/d"]\nvolumes:\n  disk:\n    driver_opts: {type: ext4, device: /dev/sda1}'),
    ),
    expect: [/volume disk: driver_opts device \/dev\/sda1: mounts a host device/],
  },
  {
    name: 'cgroup_parent',
    deployment: app('p20', web('    cgroup_parent: system.slice')),
    expect: [/service web: cgroup_parent: places the container/],
  },
  {
    name: 'build context outside the app',
    deployment: app('p21', web('    build: /etc')),
    expect: [/service web: build.context \/etc: reads host files outside/],
  },
  {
    name: 'volumes_from another container',
    deployment: app('p22', web('    volumes_from: ["container:some-admin-tool"]')),
    expect: [/volumes_from container:some-admin-tool/],
  },
  {
    name: 'network of another container',
    deployment: app('p23', web('    network_mode: "container:some-admin-tool"')),
    expect: [/network_mode: container:some-admin-tool: joins the namespace/],
  },
  {
    name: 'secret file outside the app',
    deployment: app('p24', web('    secrets: [shadow]\nsecrets:\n  shadow:\n    file: /etc/shadow')),
    expect: [/secret shadow: file \/etc\/shadow: bind-mounts/],
  },
  {
    name: 'hidden via extends from another file',
    deployment: app(
      'p25',
      web('    extends: {file: base.yml, service: base}'),
      {},
      { 'base.yml': 'services:\n  base:\n    privileged: true\n    pid: host\n' },
    ),
    expect: [/service web: privileged/, /service web: pid: host/],
  },
  {
    name: 'hidden via a YAML anchor',
    deployment: app(
      'p26',
      `x-host: &host\n  network_mode: host\n  volumes: ["/root:/r"]\n${web('    <<: *host')}`,
    ),
    expect: [/service web: network_mode: host/, /service web: volumes \/root: bind-mounts/],
  },
  {
    name: 'hidden via interpolation',
    deployment: app('p27', web('    volumes: ["${DATA_DIR}:/data"]\n    pid: ${PID_MODE}'), {
      DATA_DIR: '/var/run',
      PID_MODE: 'host',
    }),
    expect: [/volumes \/var\/run: bind-mounts a host folder outside/, /pid: host/],
  },
  {
    name: "env_file of another app's folder (compose v1 would inline its secrets)",
    deployment: app('p29', web('    env_file: ../../other-app/compose.env')),
    expect: [
      /service web \(compose.yml\): env_file ..\/..\/other-app\/compose.env: reads host files outside/,
    ],
  },
  {
    name: 'env_file set by a variable',
    deployment: app('p30', web('    env_file: ${ENV_FILE}'), { ENV_FILE: '/etc/environment' }),
    expect: [/env_file \$\{ENV_FILE\}: is set by a variable/],
  },
  {
    name: 'extends from a host file',
    deployment: app('p31', web('    extends: {file: /etc/dockhand-base.yml, service: base}')),
    expect: [/extends.file \/etc\/dockhand-base.yml: reads host files outside/],
  },
  {
    name: 'every offending service of a project is named',
    deployment: app('p28', `${web('    privileged: true')}\n  side:\n    image: ${image}\n    ipc: host`),
    expect: [/service web: privileged/, /service side: ipc: host/],
  },
];

test(`the default policy refuses each listed option, naming service, option and reason (${cases.length} cases)`, async () => {
  const apps = managerWith(DEFAULT_POLICY);
  let refused = 0;
  for (const { name, deployment, expect } of cases) {
    await assert.rejects(
      apps.deploy(deployment),
      (error: Error & { code?: string }) => {
        assert.equal(error.code, 'AGENT-014', `${name}: ${error.message}`);
        assert.match(error.message, /^Refused by this server's admission policy: /);
        for (const pattern of expect) assert.match(error.message, pattern, name);
        assert.match(error.message, /dockhand-agent policy/);
        return true;
      },
      name,
    );
    assert.equal(await projectContainers(deployment.app_id), '', `${name}: nothing was created`);
    assert.equal(existsSync(path.join(dir, 'apps', deployment.app_id)), false, `${name}: no files left`);
    refused++;
  }
  console.log(`admission policy: ${cases.length} cases tried, ${refused} refused`);
  assert.equal(refused, cases.length);
});

test('a symlink planted in the app folder does not lead a bind mount out of it', async () => {
  const apps = managerWith(DEFAULT_POLICY);
  const plain = app('link', web('    volumes: ["./data:/data"]'));
  assert.equal((await apps.deploy(plain)).status, AppStatus.Active);
  // What a container that may write into the app's folder could do between two deployments.
  await symlink('/', path.join(dir, 'apps', 'link', 'project', 'escape'));
  const refusedDeploy = app('link', web('    volumes: ["./escape:/host"]'));
  await assert.rejects(
    apps.deploy(refusedDeploy),
    /service web: volumes .*\/escape: bind-mounts a host folder outside/,
  );
  // The running version's files are back, and it still runs.
  const onDisk = await readFile(path.join(dir, 'apps', 'link', 'project', 'compose.yml'), 'utf8');
  assert.equal(onDisk, plain.files[0]?.content);
  assert.equal((await apps.statuses()).find((s) => s.app_id === 'link')?.status, AppStatus.Active);
  await apps.delete('link');
});

test('ports, named volumes, networks, the app folder and harmless options still deploy', async () => {
  const apps = managerWith(DEFAULT_POLICY);
  const allowed = web(
    [
      '    ports: ["127.0.0.1::8080"]',
      '    volumes: ["./data:/data", "cache:/cache", {type: bind, source: ./conf, target: /conf}]',
      '    networks: [backend]',
      '    cap_drop: [ALL]',
      '    cap_add: [NET_BIND_SERVICE, CAP_CHOWN]',
      '    security_opt: ["no-new-privileges:true"]',
      '    read_only: false',
      '    restart: unless-stopped',
      'volumes:',
      '  cache: {}',
      'networks:',
      '  backend: {}',
    ].join('\n'),
  );
  const deployment = app('allowed', allowed, {}, { 'conf/app.conf': 'x=1\n' });
  assert.equal((await apps.deploy(deployment)).status, AppStatus.Active);
  assert.equal((await apps.control('allowed', 'restart')).status, AppStatus.Active);
  await apps.delete('allowed');
});

test("no allowed folder gives a container the agent's engine gates (where compose reaches Docker)", async () => {
  // The test's state folder holds the gates, as the agent's does; the whole test folder is allowed.
  const apps = managerWith({ hostAccess: false, bindRoots: [dir] });
  const gates = testGatesDir(dir);
  for (const source of [gates, path.join(gates, 'next.sock'), path.dirname(gates)]) {
    await assert.rejects(
      apps.deploy(app('gates', web(`    volumes: ["${source}:/gates"]`))),
      /service web: volumes .*: gives the container the Docker socket/,
      source,
    );
  }
  assert.equal(await projectContainers('gates'), '');
});

test('only the host widens the policy: allowed folders and host access from the host configuration', async () => {
  const configFile = path.join(dir, 'state', 'host-config.json');
  const media = path.join(dir, 'media');
  await mkdir(media);
  const output: string[] = [];
  const print = (text: string) => output.push(text);
  const bindMedia = app('widen', web(`    volumes: ["${media}:/media:ro"]`));
  await assert.rejects(
    managerWith((await loadHostConfig(configFile)).policy).deploy(bindMedia),
    /bind-mounts/,
  );

  assert.equal(await runCli(['policy', 'allow-bind', media], configFile, print, print), 0);
  assert.match(output.join('\n'), /Restart the agent to apply it/);
  const widened = (await loadHostConfig(configFile)).policy;
  assert.deepEqual(widened, { hostAccess: false, bindRoots: [media] });
  assert.equal((await managerWith(widened).deploy(bindMedia)).status, AppStatus.Active);
  // A folder inside an allowed one is allowed; the socket never is, even below an allowed root.
  await assert.rejects(
    managerWith({ hostAccess: false, bindRoots: ['/run', '/var/run'] }).deploy(
      app('widen-sock', web('    volumes: ["/var/run/docker.sock:/s"]')),
    ),
    /Docker socket/,
  );
  assert.equal(await runCli(['policy', 'allow-bind', '/'], configFile, print, print), 1);
  assert.match(output.at(-1) ?? '', /use host access/);

  const privileged = app('widen-priv', web('    pid: host\n    volumes: ["/etc:/host-etc:ro"]'));
  await assert.rejects(managerWith(widened).deploy(privileged), /pid: host/);
  assert.equal(await runCli(['policy', 'host-access', 'on'], configFile, print, print), 0);
  const open = (await loadHostConfig(configFile)).policy;
  assert.equal(open.hostAccess, true);
  assert.equal((await managerWith(open).deploy(privileged)).status, AppStatus.Active);
  // A policy narrowed later holds for a start of an app deployed before.
  await managerWith(open).control('widen-priv', 'stop');
  await assert.rejects(managerWith(DEFAULT_POLICY).control('widen-priv', 'start'), /pid: host/);

  assert.equal(await runCli(['policy', 'reset'], configFile, print, print), 0);
  assert.deepEqual((await loadHostConfig(configFile)).policy, DEFAULT_POLICY);
  const apps = managerWith(open);
  await apps.delete('widen');
  await apps.delete('widen-priv');
});
