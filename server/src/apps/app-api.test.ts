import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AppDeployment } from 'contract';
import { callAs, startWithPairedAgent, stopPairedAgent, type PairedAgent } from '../test/paired-agent.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import type { SimulatedAgent } from '../test/simulated-agent.js';
import type { TestApp } from '../test/test-app.js';
import { encryptForCertificate } from './secret-envelope.js';

let setup: PairedAgent;
let testApp: TestApp;
let owner: TestUser;
let outsider: TestUser;
let agentId: string;
let agent: SimulatedAgent;
const deployed: AppDeployment[] = [];
const deleteRequests: Array<{ app_id?: string; keep_volumes?: boolean; operation_id?: string }> = [];

const call = (user: TestUser, method: 'GET' | 'POST', url: string, body?: object) =>
  callAs(testApp, user, method, url, body);

before(async () => {
  setup = await startWithPairedAgent({
    email: 'apps-owner@example.com',
    organization: 'Apps',
    plan: 'free',
    answer: (method, params) => {
      if (method === 'app.deploy') {
        const { deployment } = params as { deployment: AppDeployment };
        deployed.push(deployment);
        return { app_id: deployment.app_id, status: 1 };
      }
      if (method === 'app.delete') {
        deleteRequests.push(params as (typeof deleteRequests)[number]);
        return { deleted: true };
      }
      throw new Error(`unexpected ${method}`);
    },
  });
  ({ testApp, owner, agentId, agent } = setup);
  outsider = await signIn(testApp.app, 'apps-outsider@example.com');
});

after(() => stopPairedAgent(setup));

test('create, read, edit, rename, recolour and delete an app; only members of its organization may', async () => {
  const certificate = agent.keys.certificatePem;
  const secret = await encryptForCertificate('s3cret', certificate);
  const create = (name: string) =>
    call(owner, 'POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
      config: {
        name,
        icon: 'Globe',
        color: '#112233',
        files: [{ id: 'new-file', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
        variables: [{ id: 'new-var', name: 'TOKEN', is_encrypted: true, type: 'user' }],
      },
      files: { 'new-file': 'services: {}\n' },
      variables: { 'new-var': secret },
    });
  const created = await create('shop');
  assert.equal(created.message, 'App created');
  assert.equal((await create('Shop')).message, 'An app with this name already exists');
  assert.equal(
    (await create('9lives')).message,
    'App name must start with a letter and contain only letters, numbers, and hyphens',
  );
  assert.equal(deployed.at(-1)?.variables[0]?.value, secret, 'the agent receives the ciphertext as sent');
  const appId = created.data.id;

  const listed = await call(owner, 'GET', `/api/v1/apps/get-apps?agent_id=${agentId}`);
  assert.deepEqual(listed.data.apps, [
    { id: appId, name: 'shop', icon: 'Globe', color: '#112233', extension: null, status: 1 },
  ]);
  assert.deepEqual((await call(owner, 'GET', '/api/v1/apps/get-apps-status')).data.apps, [
    { app_id: appId, status: 1 },
  ]);

  const details = (await call(owner, 'GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=${appId}`)).data;
  const [file] = details.config.files;
  const [variable] = details.config.variables;
  assert.deepEqual(file, {
    id: file.id,
    filename: 'compose.yml',
    is_encrypted: false,
    type: 'user',
    app_id: appId,
  });
  assert.equal(details.files[file.id], 'services: {}\n');
  assert.equal(details.variables[variable.id], '<encrypted>');

  const updated = await call(owner, 'POST', `/api/v1/apps/update-app?agent_id=${agentId}`, {
    config: { id: appId, files: [{ ...file, filename: 'docker-compose.yml' }], variables: [variable] },
    files: { [file.id]: 'services:\n  a: {}\n' },
    variables: { [variable.id]: '<encrypted>' },
  });
  assert.equal(updated.message, 'App updated');
  assert.deepEqual(
    deployed.at(-1)?.files.map((f) => f.filename),
    ['docker-compose.yml'],
  );
  assert.equal(deployed.at(-1)?.variables[0]?.value, secret, '<encrypted> kept the stored ciphertext');
  assert.equal(
    (await call(owner, 'POST', `/api/v1/apps/update-app?agent_id=${agentId}`, { config: {} })).message,
    'App ID is required for update',
  );

  assert.equal(
    (
      await call(owner, 'POST', '/api/v1/apps/update-app-name', {
        app_id: appId,
        agent_id: agentId,
        name: 'store',
      })
    ).message,
    'App renamed',
  );
  const icon = await call(owner, 'POST', '/api/v1/apps/update-app-icon', {
    app_id: appId,
    agent_id: agentId,
    icon: 'Cart',
    color: '#abcdef',
  });
  assert.equal(icon.message, 'Icon updated');
  assert.equal(
    (
      await call(owner, 'POST', '/api/v1/apps/update-app-icon', {
        app_id: appId,
        agent_id: agentId,
        color: 'red',
      })
    ).status,
    400,
  );
  assert.deepEqual((await call(owner, 'GET', `/api/v1/apps/get-apps?agent_id=${agentId}`)).data.apps[0], {
    id: appId,
    name: 'store',
    icon: 'Cart',
    color: '#abcdef',
    extension: null,
    status: 1,
  });

  assert.equal(
    (await call(outsider, 'GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=${appId}`)).status,
    404,
  );
  assert.equal(
    (await call(outsider, 'POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, { app_id: appId })).status,
    404,
  );
  assert.equal(
    (await call(owner, 'GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=nope`)).message,
    'App ID not found',
  );
  assert.equal(
    (
      await call(owner, 'POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, {
        app_id: appId,
        keep_volumes: 'yes',
      })
    ).status,
    400,
  );
  assert.equal(
    (
      await call(owner, 'POST', `/api/v1/apps/delete-app?agent_id=${agentId}`, {
        app_id: appId,
        keep_volumes: true,
      })
    ).message,
    'App deleted',
  );
  assert.deepEqual(deleteRequests.at(-1), {
    app_id: appId,
    keep_volumes: true,
    operation_id: deleteRequests.at(-1)?.operation_id,
  });
  assert.deepEqual((await call(owner, 'GET', `/api/v1/apps/get-apps?agent_id=${agentId}`)).data.apps, []);
});

test("compose files: Compose's own selection is shown on the app page; COMPOSE_FILE and COMPOSE_PROFILES are checked by name before anything is sent", async () => {
  const sentBefore = deployed.length;
  const create = (name: string, files: Record<string, string>, variables: Record<string, string> = {}) =>
    call(owner, 'POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
      config: {
        name,
        files: Object.keys(files).map((filename) => ({
          id: filename,
          filename,
          is_encrypted: false,
          type: 'user',
        })),
        variables: Object.keys(variables).map((id) => ({ id, name: id, is_encrypted: false, type: 'user' })),
      },
      files,
      variables,
    });
  const project = {
    'compose.yml': 'services: {}\n',
    'compose.override.yml': '{}\n',
    'compose.prod.yml': '{}\n',
  };

  const refusals: [Record<string, string>, Record<string, string>, string][] = [
    [
      { 'compose.prod.yml': '{}\n' },
      {},
      'The app has no compose file: add compose.yaml, compose.yml, docker-compose.yaml or docker-compose.yml, or name the files in COMPOSE_FILE',
    ],
    [
      project,
      { COMPOSE_FILE: 'compose.yml:compose.staging.yml' },
      'COMPOSE_FILE names compose.staging.yml, which is not a file of this app',
    ],
    [
      project,
      { COMPOSE_FILE: '/etc/compose.yml' },
      'COMPOSE_FILE names /etc/compose.yml: Filename must be a relative path',
    ],
    // A file in a subfolder is refused by its path, never by its position in the request.
    [
      { ...project, 'config/nginx.conf': 'ok\n', 'config/../../etc/passwd': 'x' },
      {},
      'File config/../../etc/passwd: Filename must not contain path traversal sequences ("..")',
    ],
    [
      { ...project, '/etc/nginx/nginx.conf': 'x' },
      {},
      'File /etc/nginx/nginx.conf: Filename must be a relative path',
    ],
    [{ ...project, '': 'x' }, {}, 'File #4: Filename is required'],
    [
      project,
      { COMPOSE_PROFILES: 'debug;rm' },
      "COMPOSE_PROFILES names debug;rm, which is not a profile name (letters, digits, '_', '.' and '-')",
    ],
    [
      project,
      { COMPOSE_PROJECT_NAME: 'other' },
      'Variable #1: Variable COMPOSE_PROJECT_NAME is not allowed: names starting with COMPOSE_ or DOCKER_ would change how Docker Compose runs the app',
    ],
  ];
  for (const [files, variables, message] of refusals) {
    const refused = await create('refused', files, variables);
    assert.deepEqual([refused.status, refused.message], [400, message]);
  }
  assert.equal(deployed.length, sentBefore, 'nothing reached the agent');

  const plain = await create('picked', project);
  assert.equal(plain.message, 'App created');
  const read = async (appId: string) =>
    (await call(owner, 'GET', `/api/v1/apps/get-app?agent_id=${agentId}&app_id=${appId}`)).data.compose;
  assert.deepEqual(await read(plain.data.id), {
    files: ['compose.yml', 'compose.override.yml'],
    profiles: [],
    error: null,
  });
  const chosen = await create('chosen', project, {
    COMPOSE_FILE: 'compose.yml:compose.prod.yml',
    COMPOSE_PROFILES: 'debug,tools',
  });
  assert.equal(chosen.message, 'App created');
  assert.deepEqual(await read(chosen.data.id), {
    files: ['compose.yml', 'compose.prod.yml'],
    profiles: ['debug', 'tools'],
    error: null,
  });
  // The agent receives the variables as they are; it turns them into --file and --profile.
  assert.deepEqual(
    deployed.at(-1)?.variables.map((variable) => variable.name),
    ['COMPOSE_FILE', 'COMPOSE_PROFILES'],
  );
});

test('size limits: a file or an app over the contract limits is refused by name, a body over the request limit says why', async () => {
  const sentBefore = deployed.length;
  const create = (files: Record<string, string>, secret: string[] = []) =>
    call(owner, 'POST', `/api/v1/apps/create-app?agent_id=${agentId}`, {
      config: {
        name: 'sized',
        files: Object.keys(files).map((filename) => ({
          id: filename,
          filename,
          is_encrypted: secret.includes(filename),
          type: 'user',
        })),
        variables: [],
      },
      files,
    });
  const kb = (n: number) => 'x'.repeat(n * 1024);
  const big = await create({ 'compose.yml': 'services: {}\n', 'config/dump.sql': kb(600) });
  assert.deepEqual(
    [big.status, big.message],
    [413, 'config/dump.sql is 600 KB: a file may be at most 512 KB'],
  );
  const parts = await create({ 'compose.yml': kb(400), 'a.conf': kb(400), 'b.conf': kb(400) });
  assert.deepEqual(
    [parts.status, parts.message],
    [413, "The app's files are 1.2 MB in all: an app's files may be at most 1 MB"],
  );
  // A secret counts by its plaintext: 500 KB fits, although its envelope is larger.
  const envelope = await encryptForCertificate(kb(500), agent.keys.certificatePem);
  assert.ok(envelope.length > 512 * 1024);
  const secretFile = await create({ 'compose.yml': 'services: {}\n', 'key.pem': envelope }, ['key.pem']);
  assert.equal(secretFile.message, 'App created');
  assert.equal(deployed.length, sentBefore + 1, 'only the app within the limits reached the agent');

  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/v1/apps/create-app?agent_id=${agentId}`,
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ config: { name: 'huge' }, files: { a: kb(4200) } }),
  });
  assert.equal(response.statusCode, 413);
  assert.equal(
    response.json().message,
    "The request is larger than 4 MB, the most the server takes: Up to 512 KB per file and 1 MB for all of an app's files.",
  );
});
