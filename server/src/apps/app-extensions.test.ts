/**
 * The expose extension through create-app, update-app and install-app (issue 16): the Caddy
 * template provides it, an app that supports it is exposed through the proxy by domain or on a
 * host port, and every refusal comes with its message before anything reaches the agent.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import { ExtensionText, type AppDeployment } from 'contract';
import { forgetUnknownExtensions } from './migration-105-app-extensions.js';
import { insertTestApp } from '../test/fixtures.js';
import { callAs, startWithPairedAgent, stopPairedAgent, type PairedAgent } from '../test/paired-agent.js';

let setup: PairedAgent;
const deployed: AppDeployment[] = [];
const deleted: string[] = [];
/** What the agent was asked about host ports, and the one port something on its host holds. */
const hostPortAsks: Array<{ app_id: string; port: number }> = [];
const HELD_BY_THE_HOST = 18095;

const call = (method: 'GET' | 'POST', url: string, body?: object) =>
  callAs(setup.testApp, setup.owner, method, url, body);

before(async () => {
  setup = await startWithPairedAgent({
    email: 'expose-owner@example.com',
    organization: 'Expose',
    plan: 'paid',
    answer: (method, params) => {
      if (method === 'app.delete') {
        deleted.push((params as { app_id: string }).app_id);
        return { deleted: true };
      }
      if (method === 'app.host-port') {
        const asked = params as { app_id: string; port: number };
        hostPortAsks.push(asked);
        return { refusal: asked.port === HELD_BY_THE_HOST ? ExtensionText.hostPortInUse(asked.port) : null };
      }
      if (method !== 'app.deploy' && method !== 'app.control') throw new Error(`unexpected ${method}`);
      const { deployment } = params as { deployment: AppDeployment };
      deployed.push(deployment);
      return { app_id: deployment.app_id, status: 1 };
    },
  });
});

after(() => stopPairedAgent(setup));

const WEB = { extension: 'expose', service: 'web', port: 8080 };

/** A custom app serving on web:8080, exposed as `extension_app_id` says with these variables. */
function customApp(name: string, providerId: string | null, variables: Record<string, string>, id?: string) {
  const entries = Object.keys(variables).map((key) => ({
    id: `v-${key}`,
    name: key,
    is_encrypted: false,
    type: 'user',
  }));
  return {
    config: {
      ...(id ? { id } : {}),
      name,
      files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
      variables: entries,
      supported_extensions: [WEB],
      extension_values: providerId === null ? [] : [{ extension: 'expose', extension_app_id: providerId }],
    },
    files: { f: 'services:\n  web:\n    image: busybox\n' },
    variables: Object.fromEntries(Object.entries(variables).map(([key, value]) => [`v-${key}`, value])),
  };
}

const create = (body: object) => call('POST', `/api/v1/apps/create-app?agent_id=${setup.agentId}`, body);
const update = (body: object) => call('POST', `/api/v1/apps/update-app?agent_id=${setup.agentId}`, body);
const appNames = async () =>
  (
    (await call('GET', `/api/v1/apps/get-apps?agent_id=${setup.agentId}`)).data.apps as Array<{
      name: string;
    }>
  ).map((a) => a.name);

test('Caddy provides expose; an app exposed through it by domain gets a route, then None removes it', async () => {
  const installed = await call('POST', `/api/v1/catalog/install-app?agent_id=${setup.agentId}`, {
    name: 'caddy',
    template_id: 'caddy',
  });
  assert.equal(installed.status, 200, installed.message);
  const proxyDeployment = deployed.at(-1);
  assert.deepEqual(proxyDeployment?.provides_expose, { service: 'caddy' });
  const proxyId = proxyDeployment?.app_id ?? '';
  const list = (await call('GET', `/api/v1/apps/get-apps?agent_id=${setup.agentId}`)).data.apps;
  assert.equal(list.find((app: { id: string }) => app.id === proxyId).extension, 'expose');

  const blog = await create(
    customApp('blog', proxyId, { EXPOSE_DOMAINS: 'Blog.Example.com, www.blog.example.com' }),
  );
  assert.equal(blog.status, 200, blog.message);
  const blogDeployment = deployed.at(-1);
  assert.deepEqual(blogDeployment?.exposure, {
    kind: 'proxy',
    proxy_app_id: proxyId,
    service: 'web',
    port: 8080,
    domains: ['blog.example.com', 'www.blog.example.com'],
  });
  const blogId = blogDeployment?.app_id ?? '';
  const details = (await call('GET', `/api/v1/apps/get-app?app_id=${blogId}&agent_id=${setup.agentId}`)).data;
  assert.deepEqual(details.config.extension_values, [{ extension: 'expose', extension_app_id: proxyId }]);
  assert.deepEqual(details.config.supported_extensions, [WEB]);
  const contributed = details.config.variables.find(
    (v: { name: string; type: string }) => v.name === 'EXPOSE_DOMAINS' && v.type === 'inherited',
  );
  assert.equal(contributed.app_id, proxyId, "the proxy's inherited item carries its app id");

  const none = await update(customApp('blog', null, { EXPOSE_DOMAINS: 'blog.example.com' }, blogId));
  assert.equal(none.status, 200, none.message);
  assert.equal(deployed.at(-1)?.exposure, undefined);
  const after = (await call('GET', `/api/v1/apps/get-app?app_id=${blogId}&agent_id=${setup.agentId}`)).data;
  assert.deepEqual(after.config.extension_values, []);
  // Exposed again for the refusals below.
  assert.equal(
    (await update(customApp('blog', proxyId, { EXPOSE_DOMAINS: 'blog.example.com' }, blogId))).status,
    200,
  );
});

test('refusals name the problem and leave nothing: domain syntax, a domain of another app, ports', async () => {
  const proxyId = deployed.find((deployment) => deployment.provides_expose)?.app_id ?? '';
  const sent = deployed.length;
  const refusals: Array<[Record<string, string>, string | null, string, number]> = [
    [
      { EXPOSE_DOMAINS: 'https://shop.example.com' },
      proxyId,
      ExtensionText.domainScheme('https://shop.example.com'),
      400,
    ],
    [
      { EXPOSE_DOMAINS: 'shop.example.com/admin' },
      proxyId,
      ExtensionText.domainPath('shop.example.com/admin'),
      400,
    ],
    [
      { EXPOSE_DOMAINS: 'shop.example.com:8443' },
      proxyId,
      ExtensionText.domainPort('shop.example.com:8443'),
      400,
    ],
    [
      { EXPOSE_DOMAINS: 'bücher.example.com' },
      proxyId,
      ExtensionText.domainUnicode('bücher.example.com'),
      400,
    ],
    [{ EXPOSE_DOMAINS: '' }, proxyId, ExtensionText.domainsRequired, 400],
    [
      { EXPOSE_DOMAINS: 'shop.example.com BLOG.example.com' },
      proxyId,
      ExtensionText.domainTaken('blog.example.com', 'blog'),
      409,
    ],
    [{ EXPOSE_DOMAINS: 'shop.example.com' }, 'no-such-app', ExtensionText.providerMissing, 400],
    [{ EXPOSE_HOST_PORT: '443' }, 'self', ExtensionText.hostPortProxy(443, 'caddy'), 409],
    [{ EXPOSE_HOST_PORT: '80' }, 'self', ExtensionText.hostPortProxy(80, 'caddy'), 409],
    [{ EXPOSE_HOST_PORT: '70000' }, 'self', ExtensionText.hostPortSyntax('70000'), 400],
  ];
  for (const [variables, provider, message, status] of refusals) {
    const answer = await create(customApp('shop', provider, variables));
    assert.deepEqual([answer.status, answer.message], [status, message], JSON.stringify(variables));
  }
  assert.equal(deployed.length, sent, 'nothing reached the agent');
  assert.ok(!(await appNames()).includes('shop'), 'nothing was saved');

  const blogId = deployed.find((deployment) => deployment.exposure?.kind === 'proxy')?.app_id ?? '';
  const notProvider = await create(customApp('shop', blogId, { EXPOSE_DOMAINS: 'shop.example.com' }));
  assert.deepEqual([notProvider.status, notProvider.message], [400, ExtensionText.notAProvider('blog')]);
});

test('Expose Port publishes the chosen host port; a second app cannot take it', async () => {
  const port = await create(customApp('api', 'self', { EXPOSE_HOST_PORT: '18090' }));
  assert.equal(port.status, 200, port.message);
  const deployment = deployed.at(-1);
  assert.deepEqual(deployment?.exposure, { kind: 'port', service: 'web', port: 8080, host_port: 18090 });
  const details = (
    await call('GET', `/api/v1/apps/get-app?app_id=${deployment?.app_id}&agent_id=${setup.agentId}`)
  ).data;
  assert.deepEqual(details.config.extension_values, [
    { extension: 'expose', extension_app_id: deployment?.app_id },
  ]);

  const clash = await create(customApp('api2', 'self', { EXPOSE_HOST_PORT: '18090' }));
  assert.deepEqual([clash.status, clash.message], [409, ExtensionText.hostPortTaken(18090, 'api')]);

  // The Extension panel asks before Deploy: the server's apps first, then the host through the agent.
  const check = async (port: number, appId?: string) => {
    const answer = await call('POST', `/api/v1/apps/check-host-port?agent_id=${setup.agentId}`, {
      ...(appId ? { app_id: appId } : {}),
      port,
    });
    assert.equal(answer.status, 200, answer.message);
    return answer.data.refusal as string | null;
  };
  assert.equal(await check(443), ExtensionText.hostPortProxy(443, 'caddy'));
  assert.equal(await check(18090), ExtensionText.hostPortTaken(18090, 'api'));
  assert.deepEqual(hostPortAsks, [], 'what the server knows is answered without the agent');
  assert.equal(await check(HELD_BY_THE_HOST), ExtensionText.hostPortInUse(HELD_BY_THE_HOST));
  assert.equal(await check(18090, deployment?.app_id), null, "the app's own port is free for it");
  assert.deepEqual(hostPortAsks, [
    { app_id: '', port: HELD_BY_THE_HOST },
    { app_id: deployment?.app_id, port: 18090 },
  ]);
  const badPort = await call('POST', `/api/v1/apps/check-host-port?agent_id=${setup.agentId}`, { port: 0 });
  assert.equal(badPort.status, 400);

  const plain = customApp('plain', 'self', { EXPOSE_HOST_PORT: '18091' });
  const unsupported = await create({ ...plain, config: { ...plain.config, supported_extensions: [] } });
  assert.deepEqual([unsupported.status, unsupported.message], [400, ExtensionText.notSupported('expose')]);
});

test('deleting a proxy: get-app names the apps it exposes, they read as None after, a deploy naming it is refused', async () => {
  const installed = await call('POST', `/api/v1/catalog/install-app?agent_id=${setup.agentId}`, {
    name: 'edge',
    template_id: 'caddy',
  });
  assert.equal(installed.status, 200, installed.message);
  const edgeId = deployed.at(-1)?.app_id ?? '';
  const wiki = customApp('wiki', edgeId, { EXPOSE_DOMAINS: 'wiki.example.com' });
  const docs = customApp('docs', edgeId, { EXPOSE_DOMAINS: 'docs.example.com' });
  assert.equal((await create(wiki)).status, 200);
  const wikiId = deployed.at(-1)?.app_id ?? '';
  assert.equal((await create(docs)).status, 200);
  const getApp = async (id: string) =>
    (await call('GET', `/api/v1/apps/get-app?app_id=${id}&agent_id=${setup.agentId}`)).data;
  const users = (await getApp(edgeId)).extension_users as Array<{ name: string }>;
  assert.deepEqual(
    users.map((user) => user.name),
    ['wiki', 'docs'],
    'the confirmation can list the apps exposed through it',
  );
  assert.deepEqual((await getApp(wikiId)).extension_users, [], 'an app that provides nothing has no users');

  const removed = await call('POST', `/api/v1/apps/delete-app?agent_id=${setup.agentId}`, { app_id: edgeId });
  assert.equal(removed.status, 200, removed.message);
  assert.equal(deleted.at(-1), edgeId);
  assert.deepEqual((await getApp(wikiId)).config.extension_values, [], 'the selector shows None');
  const row = await setup.testApp.app.dockhand.db
    .selectFrom('apps')
    .select('extension_values')
    .where('id', '=', wikiId)
    .executeTakeFirstOrThrow();
  assert.deepEqual(JSON.parse(row.extension_values), [], 'no dangling reference is stored');

  // An editor opened before the delete still names the proxy: refused, nothing sent or saved.
  const sent = deployed.length;
  const stale = await update(customApp('wiki', edgeId, { EXPOSE_DOMAINS: 'wiki.example.com' }, wikiId));
  assert.deepEqual([stale.status, stale.message], [400, ExtensionText.providerMissing]);
  assert.equal(deployed.length, sent, 'nothing reached the agent');
  const redeploy = await call('POST', `/api/v1/apps/control-app?agent_id=${setup.agentId}`, {
    app_id: wikiId,
    action: 'active',
    operation: 'redeploy',
  });
  assert.equal(redeploy.status, 200, redeploy.message);
  assert.equal(deployed.at(-1)?.exposure, undefined, 'a redeploy afterwards deploys it unexposed');
});

test('migration 105: an unknown extension stored by older versions becomes none', async () => {
  const db = setup.testApp.app.dockhand.db;
  await insertTestApp(setup.testApp.app, setup.agentId, 'old-proxy');
  await db
    .updateTable('apps')
    .set({
      extension: 'proxy',
      extension_values: JSON.stringify([
        { extension: 'proxy', extension_app_id: 'old-proxy' },
        { extension: 'expose', extension_app_id: 'x' },
      ]),
    })
    .where('id', '=', 'old-proxy')
    .execute();
  await forgetUnknownExtensions(db as Kysely<unknown>);
  const row = await db.selectFrom('apps').selectAll().where('id', '=', 'old-proxy').executeTakeFirstOrThrow();
  assert.equal(row.extension, null);
  assert.deepEqual(JSON.parse(row.extension_values), [{ extension: 'expose', extension_app_id: 'x' }]);
});
