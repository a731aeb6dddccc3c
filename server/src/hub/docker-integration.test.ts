/**
 * End to end with a real Docker engine: a real server process, a real agent process, compose
 * projects running a locally imported busybox image. Docker names start with a per-run prefix
 * and everything created is removed afterwards.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildApp } from '../app.js';
import { removeCatalogRoots } from '../test/test-catalog.js';
import { encryptForCertificate } from '../apps/secret-envelope.js';
import { loadConfig } from '../config.js';
import { buildBusyboxImage, docker, writeTestCatalog } from '../test/docker-fixtures.js';
import { waitUntil } from '../test/processes.js';
import { RealStack } from '../test/real-stack.js';

const prefix = `dhsrv${process.pid}-`;
const image = 'dockhand-server-test/busybox';
const imageTag = String(process.pid);
const secret = `known-secret-${process.pid}-${Date.now()}`;
let stack: RealStack;

const api: RealStack['api'] = (method, url, body) => stack.api(method, url, body);
const agentStatus = async () =>
  (await api('GET', '/api/v1/agents/get-agents-status')).data?.agents?.find(
    (a: { agent_id: string }) => a.agent_id === stack.agentId,
  )?.status;
const appStatus = async (appId: string) =>
  (await api('GET', `/api/v1/apps/get-apps-status?agent_id=${stack.agentId}`)).data?.apps?.find(
    (a: { app_id: string }) => a.app_id === appId,
  )?.status;
const appByName = async (name: string) =>
  (await api('GET', `/api/v1/apps/get-apps?agent_id=${stack.agentId}`)).data.apps.find(
    (a: { name: string }) => a.name === name,
  );

async function containerEnv(projectStart: string): Promise<string> {
  const lines = (await docker('ps', '--format', '{{.ID}} {{.Label "com.docker.compose.project"}}')).split(
    '\n',
  );
  const id = lines.find((line) => line.split(' ')[1]?.startsWith(`${prefix}${projectStart}`))?.split(' ')[0];
  assert.ok(id, `a running container for ${projectStart}`);
  return docker('exec', id, 'env');
}

before(async () => {
  await buildBusyboxImage(`${image}:${imageTag}`);
  stack = new RealStack({
    prefix,
    email: 'operator@example.com',
    serverEnv: { CATALOG_EXTRA_DIR: writeTestCatalog(image, imageTag) },
  });
  await stack.start();
});

after(async () => {
  await stack?.stop();
  await docker('rmi', '-f', `${image}:${imageTag}`).catch(() => '');
  removeCatalogRoots();
});

test('the agent prints a code; claiming it pairs the agent, which then reports itself online', async () => {
  const registered = await stack.pairAgent();
  assert.equal(registered.success, true, registered.message);
  const reported = await waitUntil(async () => {
    const listed = (await api('GET', '/api/v1/agents/get-agents')).data.agents[0];
    return listed.capabilities.length > 0 ? listed : null;
  });
  const names = reported.capabilities.map((c: { name: string }) => c.name).sort();
  assert.deepEqual(names, [
    'admission_policy',
    'agent_updates',
    'agent_version',
    'compose_version',
    'server_ip',
    'system_cpu_cores',
    'system_disk_total',
    'system_memory_total',
  ]);
  assert.deepEqual(reported.features.map((f: { name: string }) => f.name).sort(), [
    'app_logs',
    'docker_networks',
    'docker_registries',
    'docker_volumes',
  ]);
});

test('a catalog app installs and runs; stop, start and restart work; its logs are readable', async () => {
  const catalog = await api('GET', `/api/v1/catalog/get-apps?agent_id=${stack.agentId}`);
  assert.ok(catalog.data.some((item: { id: string }) => item.id === 'dockhand-test-web'));
  const installed = await api('POST', `/api/v1/catalog/install-app?agent_id=${stack.agentId}`, {
    name: 'web',
    template_id: 'dockhand-test-web',
  });
  assert.equal(installed.success, true, installed.message);
  assert.equal(installed.message, 'App installation started');
  const app = await appByName('web');
  await waitUntil(async () => (await appStatus(app.id)) === 1, 20_000, 'app active');
  assert.match(await containerEnv('web-'), /APP_TOKEN=[0-9a-f]{32}/);

  // A container dying outside Dockhand is pushed by the agent: at once from the engine's events
  // (usually within a second), at the latest by its periodic sweep.
  const webContainer = (await docker('ps', '--format', '{{.ID}} {{.Label "com.docker.compose.project"}}'))
    .split('\n')
    .find((line) => line.split(' ')[1]?.startsWith(`${prefix}web-`))
    ?.split(' ')[0];
  await docker('kill', webContainer ?? 'missing');
  await waitUntil(async () => (await appStatus(app.id)) === 4, 40_000, 'problematic status pushed').catch(
    (error: Error) => {
      throw new Error(`${error.message}; agent output:\n${stack.agent.output()}`);
    },
  );

  const controlApp = (action: string, operation?: string) =>
    api('POST', `/api/v1/apps/control-app?agent_id=${stack.agentId}`, { app_id: app.id, action, operation });
  const stopped = await controlApp('stopped');
  assert.equal(stopped.message, 'App stopped');
  assert.equal(stopped.data.status, 5);
  assert.equal((await controlApp('active')).data.status, 1);
  const restarted = await controlApp('active', 'restart');
  assert.equal(restarted.message, 'App restarted');
  assert.equal(restarted.data.status, 1);
  assert.equal((await controlApp('active', 'stop')).success, false);

  const logs = await waitUntil(async () => {
    const page = (
      await api(
        'GET',
        `/api/v1/apps/get-logs?agent_id=${stack.agentId}&app_id=${app.id}&tail=50&since=&until=`,
      )
    ).data.logs;
    return page.logs.some((entry: { message: string }) => entry.message === 'started from-template')
      ? page
      : null;
  });
  const containerId = Object.keys(logs.containers)[0] ?? '';
  assert.match(logs.containers[containerId], /web/);
  const entry = logs.logs[0];
  assert.equal(entry.container_id, containerId);
  assert.equal(entry.channel, 'stdout');
  assert.equal(typeof entry.timestamp, 'number');
  const newest = logs.logs.at(-1).timestamp;
  const later = await api(
    'GET',
    `/api/v1/apps/get-logs?agent_id=${stack.agentId}&app_id=${app.id}&since=${newest}&until=${Date.now()}`,
  );
  assert.ok(later.data.logs.logs.every((e: { timestamp: number }) => e.timestamp > newest));

  const details = await api('GET', `/api/v1/apps/get-app?agent_id=${stack.agentId}&app_id=${app.id}`);
  const token = details.data.config.variables.find((v: { name: string }) => v.name === 'SECRET_TOKEN');
  assert.equal(details.data.variables[token.id], '<encrypted>');
  assert.deepEqual(details.data.versions, [{ name: '1.0.0', breaking_changes: false }]);
});

test('a custom app gets its secret decrypted on the agent only; the server keeps ciphertext', async () => {
  const agentRow = (await api('GET', '/api/v1/agents/get-agents')).data.agents[0];
  const compose = [
    'services:',
    '  app:',
    `    image: ${image}:${imageTag}`,
    '    command: ["httpd", "-f", "-p", "8080", "-h", "/www"]',
    '    stop_grace_period: 1s',
    '    environment:',
    '      APP_SECRET: ${SECRET_VALUE}',
    '      APP_GREETING: ${GREETING}',
    '',
  ].join('\n');
  const body = (variables: Record<string, string>, id?: string) => ({
    config: {
      id,
      name: 'secret-app',
      files: [{ id: 'f1', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
      variables: [
        { id: 'v1', name: 'SECRET_VALUE', is_encrypted: true, type: 'user' },
        { id: 'v2', name: 'GREETING', is_encrypted: false, type: 'user' },
      ],
    },
    files: { f1: compose },
    variables,
  });
  const plaintext = await api(
    'POST',
    `/api/v1/apps/create-app?agent_id=${stack.agentId}`,
    body({ v1: secret, v2: 'hi' }),
  );
  assert.equal(plaintext.success, false);
  assert.match(plaintext.message, /must be encrypted with the agent certificate/);

  const created = await api(
    'POST',
    `/api/v1/apps/create-app?agent_id=${stack.agentId}`,
    body({ v1: await encryptForCertificate(secret, agentRow.certificate), v2: 'hi' }),
  );
  assert.equal(created.success, true, created.message);
  assert.ok((await containerEnv('secret-app-')).includes(`APP_SECRET=${secret}`));

  const details = await api(
    'GET',
    `/api/v1/apps/get-app?agent_id=${stack.agentId}&app_id=${created.data.id}`,
  );
  const ids = Object.fromEntries(
    details.data.config.variables.map((v: { name: string; id: string }) => [v.name, v.id]),
  );
  assert.equal(details.data.variables[ids.SECRET_VALUE], '<encrypted>');
  const edited = body({ v1: '<encrypted>', v2: 'changed' }, created.data.id);
  edited.config.variables[0]!.id = ids.SECRET_VALUE;
  edited.config.variables[1]!.id = ids.GREETING;
  edited.variables = { [ids.SECRET_VALUE]: '<encrypted>', [ids.GREETING]: 'changed' };
  const updated = await api('POST', `/api/v1/apps/update-app?agent_id=${stack.agentId}`, edited);
  assert.equal(updated.success, true, updated.message);
  const after = await containerEnv('secret-app-');
  assert.ok(after.includes(`APP_SECRET=${secret}`) && after.includes('APP_GREETING=changed'));

  assert.ok(!stack.captured.join('').includes(secret), 'no secret in server or agent output');
  if (stack.env.DATABASE_URL) {
    const rows = await stack.control.dockhand.db.selectFrom('app_variables').select('value').execute();
    assert.ok(rows.every((row) => !row.value.includes(secret)));
  } else {
    await stack.control.dockhand.database.close();
    for (const file of await readdir(stack.env.DATA_DIR!)) {
      const bytes = await readFile(path.join(stack.env.DATA_DIR!, file)).catch(() => Buffer.alloc(0));
      assert.equal(bytes.includes(secret), false, `secret found in ${file}`);
    }
    stack.control = await buildApp(loadConfig({ ...stack.env, LOG_LEVEL: 'silent' }));
  }
});

test('a volume of no app is listed with its size and removed from Docker volumes', async () => {
  const name = `${prefix}orphan`;
  await docker('volume', 'create', name);
  const listed = (
    await api('GET', `/api/v1/volumes/get-volumes?agent_id=${stack.agentId}`)
  ).data.volumes.find((volume: { name: string }) => volume.name === name);
  assert.deepEqual(
    { ...listed, size: typeof listed?.size },
    { name, size: 'number', app_id: null, app_name: null },
  );
  assert.equal(
    (await api('POST', '/api/v1/volumes/delete-volume', { agent_id: stack.agentId, name })).message,
    'Volume deleted successfully',
  );
  assert.ok(!(await docker('volume', 'ls', '--format', '{{.Name}}')).split('\n').includes(name));
});

test('networks and registries are managed on the agent', async () => {
  const name = `${prefix}net`;
  assert.equal(
    (await api('POST', '/api/v1/networks/create-network', { agent_id: stack.agentId, name })).message,
    'Network created successfully',
  );
  assert.ok(
    (await api('GET', `/api/v1/networks/get-networks?agent_id=${stack.agentId}`)).data.networks.some(
      (n: { name: string }) => n.name === name,
    ),
  );
  assert.ok((await docker('network', 'ls', '--format', '{{.Name}}')).split('\n').includes(name));
  assert.equal(
    (await api('POST', '/api/v1/networks/delete-network', { agent_id: stack.agentId, name })).success,
    true,
  );
  assert.ok(!(await docker('network', 'ls', '--format', '{{.Name}}')).split('\n').includes(name));
  assert.equal(
    (await api('POST', '/api/v1/networks/create-network', { agent_id: stack.agentId, name: '' })).message,
    'Network name is required',
  );

  const certificate = (await api('GET', '/api/v1/agents/get-agents')).data.agents[0].certificate;
  const registry = {
    agent_id: stack.agentId,
    address: 'registry.example.com',
    username: await encryptForCertificate('robot', certificate),
    password: await encryptForCertificate('hunter2', certificate),
  };
  assert.equal(
    (await api('POST', '/api/v1/registries/create-registry', registry)).message,
    'Registry added successfully',
  );
  const listed = await api('GET', `/api/v1/registries/get-registries?agent_id=${stack.agentId}`);
  assert.deepEqual(listed.data.registries, [{ address: 'registry.example.com', username: 'robot' }]);
  assert.ok(!JSON.stringify(listed).includes('hunter2'));
  assert.equal(
    (
      await api('POST', '/api/v1/registries/delete-registry', {
        agent_id: stack.agentId,
        address: 'registry.example.com',
      })
    ).success,
    true,
  );
});

test('a compose file with an image that cannot be pulled is a clear error and leaves nothing behind', async () => {
  const compose = 'services:\n  app:\n    image: dockhand-missing/nope:1\n';
  const result = await api('POST', `/api/v1/apps/create-app?agent_id=${stack.agentId}`, {
    config: {
      name: 'broken',
      files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
      variables: [],
    },
    files: { f: compose },
    variables: {},
  });
  assert.equal(result.success, false);
  // Named by its service and image (Compose v1 here: the agent pulls through the engine first).
  assert.match(
    result.message,
    /^Service app: the image dockhand-missing\/nope:1 cannot be pulled \(.+?\)\. /,
  );
  assert.match(result.message, /The app was not created and nothing of it was left on the server\.$/);
  assert.equal(await appByName('broken'), undefined);
  const known = (await api('GET', `/api/v1/apps/get-apps?agent_id=${stack.agentId}`)).data.apps.map(
    (app: { id: string }) => app.id,
  );
  const folders = await readdir(path.join(stack.agentStateDir, 'apps'));
  assert.deepEqual(
    folders.filter((id) => !known.includes(id)),
    [],
    'no folder of the failed app on the agent',
  );
  for (const kind of ['container', 'network', 'volume']) {
    const left = await docker(kind, 'ls', ...(kind === 'container' ? ['-a'] : []), '--format', '{{.Labels}}');
    assert.ok(!left.includes(`com.docker.compose.project=${prefix}broken`), `${kind}s left: ${left}`);
  }
});

/**
 * Policy refusals (AGENT-014) reachable through the API: each row is a compose file with one
 * option the default policy refuses, deployed with create-app and, onto an app that runs, with
 * update-app. Each answers {success:false} naming the service, option and reason, and leaves
 * no app, project or change behind. (`uts: host` is left to the agent's unit tests: compose v1,
 * the one installable here, rejects the option before the policy sees it.)
 */
const policyRows: [label: string, lines: string[], refusal: RegExp][] = [
  ['privileged', ['    privileged: true'], /service app: privileged: gives the container full control/],
  ['cap_add ALL', ['    cap_add: [ALL]'], /service app: cap_add ALL: grants a capability/],
  ['cap_add SYS_ADMIN', ['    cap_add: [SYS_ADMIN]'], /service app: cap_add SYS_ADMIN: grants a capability/],
  [
    'devices',
    ['    devices: ["/dev/kmsg:/dev/kmsg"]'],
    /service app: devices: gives the container host devices/,
  ],
  [
    'network_mode host',
    ['    network_mode: host'],
    /service app: network_mode: host: shares the host's namespace/,
  ],
  ['pid host', ['    pid: host'], /service app: pid: host: shares the host's namespace/],
  ['ipc host', ['    ipc: host'], /service app: ipc: host: shares the host's namespace/],
  [
    'userns_mode host',
    ['    userns_mode: host'],
    /service app: userns_mode: host: shares the host's namespace/,
  ],
  [
    'seccomp unconfined',
    ['    security_opt: ["seccomp=unconfined"]'],
    /service app: security_opt seccomp=unconfined/,
  ],
  [
    'apparmor unconfined',
    ['    security_opt: ["apparmor=unconfined"]'],
    /service app: security_opt apparmor=unconfined/,
  ],
  ['SELinux labels off', ['    security_opt: ["label=disable"]'], /service app: security_opt label=disable/],
  ['cgroup_parent', ['    cgroup_parent: host.slice'], /service app: cgroup_parent: places the container/],
  [
    'bind mount of /',
    ['    volumes: ["/:/host"]'],
    /service app: volumes \/: bind-mounts a host folder outside/,
  ],
  [
    'Docker socket',
    ['    volumes: ["/var/run/docker.sock:/var/run/docker.sock"]'],
    /service app: volumes \/var\/run\/docker.sock: gives the container the Docker socket/,
  ],
  [
    'Docker socket as a local-driver bind volume',
    [
      '    volumes: ["sock:/var/run/docker.sock"]',
      'volumes:',
      '  sock:',
      '    driver: local',
      '    driver_opts: {type: none, o: bind, device: /var/run/docker.sock}',
    ],
    /volume sock: driver_opts device \/var\/run\/docker.sock \(o: bind\)/,
  ],
  ['build context outside the app', ['    build: /etc'], /service app: build.context \/etc/],
];
const policyCompose = (lines: string[]) =>
  ['services:', '  app:', `    image: ${image}:${imageTag}`, ...lines, ''].join('\n');
const customApp = (name: string, compose: string, id?: string) => ({
  config: {
    ...(id ? { id } : {}),
    name,
    files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
    variables: [],
  },
  files: { f: compose },
  variables: {},
});

test("the agent's admission policy refuses every host-access option through create-app and update-app, leaving nothing", async () => {
  // This run's projects only: other suites may hold containers of their own.
  const projectsNow = async () =>
    (await docker('ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}'))
      .split('\n')
      .filter((project) => project.startsWith(prefix))
      .sort()
      .join(',');
  const allowed = await api(
    'POST',
    `/api/v1/apps/create-app?agent_id=${stack.agentId}`,
    customApp('policy-target', policyCompose(['    command: ["sleep", "3600"]'])),
  );
  assert.equal(allowed.success, true, allowed.message);
  const target = await appByName('policy-target');
  await waitUntil(async () => (await appStatus(target.id)) === 1, 30_000, 'policy target running');
  const detailsBefore = (
    await api('GET', `/api/v1/apps/get-app?agent_id=${stack.agentId}&app_id=${target.id}`)
  ).data;
  const projectsBefore = await projectsNow();
  let refused = 0;
  try {
    for (const [label, lines, refusal] of policyRows) {
      const created = await api(
        'POST',
        `/api/v1/apps/create-app?agent_id=${stack.agentId}`,
        customApp('root-shell', policyCompose(lines)),
      );
      assert.equal(created.success, false, `${label} create: ${created.message}`);
      assert.match(created.message, /^Refused by this server's admission policy: /, label);
      assert.match(created.message, refusal, label);
      assert.match(created.message, /dockhand-agent policy/, label);
      assert.equal(await appByName('root-shell'), undefined, `${label}: app stored`);
      const updated = await api(
        'POST',
        `/api/v1/apps/update-app?agent_id=${stack.agentId}`,
        customApp('policy-target', policyCompose(lines), target.id),
      );
      assert.equal(updated.success, false, `${label} update: ${updated.message}`);
      assert.match(updated.message, refusal, `${label} update`);
      refused += 2;
    }
    // The running app kept its configuration; no project was made or changed.
    const detailsAfter = (
      await api('GET', `/api/v1/apps/get-app?agent_id=${stack.agentId}&app_id=${target.id}`)
    ).data;
    assert.deepEqual(detailsAfter.config, detailsBefore.config);
    assert.equal(await projectsNow(), projectsBefore);
    assert.equal(await appStatus(target.id), 1);
    console.log(
      `admission policy: ${policyRows.length} options, ${refused} deploys through the API, ${refused} refused`,
    );
  } finally {
    assert.ok(
      (await api('POST', `/api/v1/apps/delete-app?agent_id=${stack.agentId}`, { app_id: target.id })).success,
    );
  }
});

/** A service of the local image: `extra` lines are indented under it. */
const shapeService = (name: string, extra: string[] = []) =>
  [
    `  ${name}:`,
    `    image: ${image}:${imageTag}`,
    '    command: ["sh", "-c", "exec httpd -f -p 8080 -h /www"]',
    '    stop_grace_period: 1s',
    ...extra.map((line) => `    ${line}`),
  ].join('\n');

/** Runs `command` in the app's container of `service`. */
async function execInService(appId: string, service: string, command: string[]): Promise<string> {
  const rows = await docker(
    'ps',
    '--format',
    '{{.ID}} {{.Label "com.docker.compose.project"}} {{.Label "com.docker.compose.service"}}',
  );
  const project = `${prefix}${(await api('GET', `/api/v1/apps/get-app?agent_id=${stack.agentId}&app_id=${appId}`)).data.config.name}`;
  const id = rows
    .split('\n')
    .map((row) => row.split(' '))
    .find(
      ([, rowProject, rowService]) => rowProject?.startsWith(`${project}-`) && rowService === service,
    )?.[0];
  assert.ok(id, `a running ${service} container of ${project}`);
  return docker('exec', id, ...command);
}

test('the compose projects people write, through the API: the override but not the alternative file, a profile, a subfolder config file and .env; the app page names the files', async () => {
  const files: Record<string, string> = {
    'compose.yml': [
      'services:',
      shapeService('web', [
        'volumes: ["./config/site.conf:/etc/site.conf:ro"]',
        'environment:',
        '  WHERE: ${WHERE}',
      ]),
      shapeService('debug', ['profiles: [debug]']),
    ].join('\n'),
    'compose.override.yml': 'services:\n  web:\n    environment:\n      FROM_OVERRIDE: "yes"\n',
    'compose.prod.yml': `services:\n${shapeService('prod-only')}\n`,
    'config/site.conf': 'listen 8080; # from config/\n',
    '.env': 'WHERE=from .env\n',
  };
  const created = await api('POST', `/api/v1/apps/create-app?agent_id=${stack.agentId}`, {
    config: {
      name: 'shapes',
      files: Object.keys(files).map((filename) => ({
        id: filename,
        filename,
        is_encrypted: false,
        type: 'user',
      })),
      variables: [{ id: 'profiles', name: 'COMPOSE_PROFILES', is_encrypted: false, type: 'user' }],
    },
    files,
    variables: { profiles: 'debug' },
  });
  assert.equal(created.message, 'App created');
  const appId = created.data.id;
  const details = await api('GET', `/api/v1/apps/get-app?agent_id=${stack.agentId}&app_id=${appId}`);
  assert.deepEqual(details.data.compose, {
    files: ['compose.yml', 'compose.override.yml'],
    profiles: ['debug'],
    error: null,
  });
  const services = await docker(
    'ps',
    '--filter',
    'label=com.docker.compose.service',
    '--format',
    '{{.Label "com.docker.compose.project"}} {{.Label "com.docker.compose.service"}}',
  );
  assert.deepEqual(
    services
      .split('\n')
      .filter((row) => row.startsWith(`${prefix}shapes-`))
      .map((row) => row.split(' ')[1])
      .sort(),
    ['debug', 'web'],
    'compose.prod.yml is not deployed',
  );
  const webEnv = await execInService(appId, 'web', ['env']);
  assert.match(webEnv, /^FROM_OVERRIDE=yes$/m);
  assert.match(webEnv, /^WHERE=from \.env$/m);
  assert.equal(await execInService(appId, 'web', ['cat', '/etc/site.conf']), 'listen 8080; # from config/\n');
  assert.equal(
    (await api('POST', `/api/v1/apps/delete-app?agent_id=${stack.agentId}`, { app_id: appId })).message,
    'App deleted',
  );

  // What Compose v1 lacks is refused naming the feature; under v2 the same app deploys.
  const composeVersion = (await api('GET', '/api/v1/agents/get-agents')).data.agents
    .find((a: { id: string }) => a.id === stack.agentId)
    ?.capabilities.find((c: { name: string }) => c.name === 'compose_version')?.value;
  assert.match(composeVersion ?? '', /^\d+\.\d+/, 'the agent reports its Compose version');
  const included = await api('POST', `/api/v1/apps/create-app?agent_id=${stack.agentId}`, {
    config: {
      name: 'included',
      files: ['compose.yml', 'parts/web.yml'].map((filename) => ({
        id: filename,
        filename,
        is_encrypted: false,
        type: 'user',
      })),
      variables: [],
    },
    files: {
      'compose.yml': 'include: [parts/web.yml]\n',
      'parts/web.yml': `services:\n${shapeService('web')}\n`,
    },
    variables: {},
  });
  if (composeVersion?.startsWith('1.')) {
    assert.equal(included.success, false);
    assert.match(
      included.message,
      /^This server runs Compose v1[\d.]+ \(legacy\), which does not support include in compose\.yml\. Install Compose v2 on the server/,
    );
    assert.equal(await appByName('included'), undefined);
  } else {
    assert.equal(included.message, 'App created');
    assert.equal(
      (await api('POST', `/api/v1/apps/delete-app?agent_id=${stack.agentId}`, { app_id: included.data.id }))
        .message,
      'App deleted',
    );
  }
});

test('killing and restarting the agent and then the server loses nothing', async () => {
  const web = await appByName('web');
  await stack.agent.kill('SIGKILL');
  await waitUntil(async () => (await agentStatus()) === 0, 15_000, 'agent offline');
  assert.equal(
    (await api('GET', `/api/v1/networks/get-networks?agent_id=${stack.agentId}`)).message,
    'Agent is offline',
  );
  stack.startAgent();
  await waitUntil(async () => (await agentStatus()) === 1, 20_000, 'agent back online');
  await waitUntil(async () => (await appStatus(web.id)) === 1, 15_000, 'app still active');

  await stack.server.kill('SIGKILL');
  await stack.startServer();
  await waitUntil(
    async () => (await agentStatus()) === 1,
    45_000,
    'agent reconnected to the restarted server',
  );
  const apps = (await api('GET', `/api/v1/apps/get-apps?agent_id=${stack.agentId}`)).data.apps
    .map((a: { name: string }) => a.name)
    .sort();
  assert.deepEqual(apps, ['secret-app', 'web']);
  await waitUntil(async () => (await appStatus(web.id)) === 1, 15_000, 'status after server restart');
  assert.equal(
    (
      await api('POST', `/api/v1/apps/control-app?agent_id=${stack.agentId}`, {
        app_id: web.id,
        action: 'active',
        operation: 'restart',
      })
    ).data.status,
    1,
  );
});

test('deleting apps removes containers and files; a deleted agent cannot connect again', async () => {
  for (const name of ['web', 'secret-app']) {
    const app = await appByName(name);
    assert.equal(
      (await api('POST', `/api/v1/apps/delete-app?agent_id=${stack.agentId}`, { app_id: app.id })).message,
      'App deleted',
    );
    assert.equal(existsSync(stack.folderOf(app.id)), false);
  }
  const left = await docker('ps', '-a', '--format', '{{.Label "com.docker.compose.project"}}');
  assert.ok(!left.split('\n').some((project) => project.startsWith(prefix)));

  await stack.agent.kill();
  await waitUntil(async () => (await agentStatus()) === 0, 15_000, 'agent offline');
  assert.equal((await api('POST', '/api/v1/agents/delete-agent', { agent_id: stack.agentId })).success, true);
  stack.startAgent();
  await stack.agent.waitForOutput(/was deleted from Dockhand/);
});
