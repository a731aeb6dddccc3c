/**
 * Replicas on one PostgreSQL database (issue 17): two server instances, each listening, as two
 * replicas behind a balancer. An agent connected to one is online on the other, its Docker flag
 * is seen there, and a call made on the other reaches it and answers as a local call does. On
 * SQLite one process serves a data folder (db/folder-guard.ts), so there is no second replica.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { DeployProgress } from 'contract';
import { setAgentPlan } from '../agents/agent-store.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { customApp } from '../test/fixtures.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { agentUrlOf, AgentFailure, createAgentKeys, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { waitUntil } from '../test/processes.js';

if (process.env.TEST_DATABASE_URL) {
  let database: TestDatabase;
  let replicas: FastifyInstance[];
  let owner: TestUser;
  let organizationId: string;
  const agents: SimulatedAgent[] = [];

  before(async () => {
    database = await createTestDatabase();
    const env = { LOG_LEVEL: 'silent', AGENT_REQUEST_TIMEOUT_MS: '1500', ...database.env };
    replicas = [await buildApp(loadConfig(env)), await buildApp(loadConfig(env))];
    for (const replica of replicas) await replica.listen({ host: '127.0.0.1', port: 0 });
    owner = await signIn(replicas[0]!, 'replicas@example.com');
    const created = await replicas[1]!.inject({
      method: 'POST',
      url: '/api/v1/organization/create-organization',
      headers: owner.headers,
      payload: { name: 'Replicas' },
    });
    organizationId = (created.json() as { data: { id: string } }).data.id;
  });

  after(async () => {
    for (const agent of agents) agent.close();
    for (const replica of replicas) await replica.close();
    await database.drop();
  });

  async function statusOn(replica: FastifyInstance, agentId: string) {
    const response = await replica.inject({
      method: 'GET',
      url: '/api/v1/agents/get-agents-status',
      headers: owner.headers,
    });
    const all = (
      response.json() as {
        data: { agents: Array<{ agent_id: string; status: number; is_docker_responding: boolean }> };
      }
    ).data.agents;
    return all.find((agent) => agent.agent_id === agentId);
  }

  /** Connects to replica 0 and is paired with the code typed into replica 1. */
  async function agentOnFirstReplica(handler: ConstructorParameters<typeof SimulatedAgent>[1]) {
    const agent = new SimulatedAgent(await createAgentKeys(), handler);
    agents.push(agent);
    agent.connect(agentUrlOf(replicas[0]!));
    await agent.waitFor(() => agent.pairingCode !== null);
    const response = await replicas[1]!.inject({
      method: 'POST',
      url: '/api/v1/agents/register-agent',
      headers: owner.headers,
      payload: { code: agent.pairingCode, organization_id: organizationId },
    });
    assert.equal(response.statusCode, 200, response.body);
    const agentId = (response.json() as { data: { agent: { id: string } } }).data.agent.id;
    // Welcomed by the replica it waits on, though the code was claimed on the other.
    await agent.waitFor(() => agent.agentId === agentId);
    return { agent, agentId };
  }

  const onlineOnSecondReplica = (agentId: string) =>
    waitUntil(
      async () => (await statusOn(replicas[1]!, agentId))?.status === 1,
      10_000,
      'online on the other replica',
    );

  /** A custom app with one compose file, created through `replica`. */
  const createAppOn = (replica: FastifyInstance, agentId: string, name: string) =>
    replica.inject({
      method: 'POST',
      url: `/api/v1/apps/create-app?agent_id=${agentId}`,
      headers: owner.headers,
      payload: customApp(name),
    });

  const listNetworks = (replica: FastifyInstance, agentId: string) =>
    replica.inject({
      method: 'GET',
      url: `/api/v1/networks/get-networks?agent_id=${agentId}`,
      headers: owner.headers,
    });

  test('an agent connected to one replica is online on the other, and a call there reaches it', async () => {
    const { agentId } = await agentOnFirstReplica((method) => {
      if (method === 'network.list') return [{ name: 'web' }, { name: 'db' }];
      throw new AgentFailure('no such method here', 'compose said no');
    });
    await onlineOnSecondReplica(agentId);
    const viaOther = await listNetworks(replicas[1]!, agentId);
    const local = await listNetworks(replicas[0]!, agentId);
    assert.equal(viaOther.statusCode, 200, viaOther.body);
    assert.deepEqual(viaOther.json(), local.json());
  });

  test('the agent’s errors and timeouts answer through the other replica as they do locally', async () => {
    const { agent, agentId } = await agentOnFirstReplica((method) =>
      method === 'network.list'
        ? new Promise(() => undefined) // never answers
        : Promise.reject(new AgentFailure('network web is in use', 'container x uses it')),
    );
    await onlineOnSecondReplica(agentId);
    const deleteOn = (replica: FastifyInstance) =>
      replica.inject({
        method: 'POST',
        url: '/api/v1/networks/delete-network',
        headers: owner.headers,
        payload: { agent_id: agentId, name: 'web' },
      });
    const [local, viaOther] = [await deleteOn(replicas[0]!), await deleteOn(replicas[1]!)];
    assert.equal(viaOther.statusCode, local.statusCode);
    assert.deepEqual(viaOther.json(), local.json());
    const [localTimeout, otherTimeout] = [
      await listNetworks(replicas[0]!, agentId),
      await listNetworks(replicas[1]!, agentId),
    ];
    assert.equal(otherTimeout.statusCode, localTimeout.statusCode);
    assert.deepEqual(otherTimeout.json(), localTimeout.json());
    assert.match((otherTimeout.json() as { message: string }).message, /did not answer in time/);

    agent.send({ type: 'docker-status', is_responding: false });
    await waitUntil(
      async () => (await statusOn(replicas[1]!, agentId))?.is_docker_responding === false,
      10_000,
      'Docker flag seen on the other replica',
    );
    agent.close();
    await waitUntil(
      async () => (await statusOn(replicas[1]!, agentId))?.status === 0,
      10_000,
      'offline on the other replica',
    );
    const offline = await listNetworks(replicas[1]!, agentId);
    assert.equal((offline.json() as { message: string }).message, 'Agent is offline');
  });

  test('a deploy run by one replica is not recovered by the replica holding the agent meanwhile', async () => {
    const asked: string[] = [];
    let holder: SimulatedAgent | null = null;
    const { agent, agentId } = await agentOnFirstReplica(async (method, params) => {
      asked.push(method);
      if (method === 'operation.status') return { state: 'unknown' }; // not in its journal yet
      if (method !== 'app.deploy') return {};
      // An inventory reaches the holding replica while the deploy is on its way: recovery runs there.
      holder?.send({ type: 'inventory', apps: [] });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return { app_id: (params as { deployment: { app_id: string } }).deployment.app_id, status: 1 };
    });
    holder = agent;
    await setAgentPlan(replicas[0]!.dockhand.db, agentId, { status: 'free', source: null });
    await onlineOnSecondReplica(agentId);
    const created = await createAppOn(replicas[1]!, agentId, 'raced');
    assert.equal(created.statusCode, 200, created.body);
    await new Promise((resolve) => setTimeout(resolve, 500)); // any recovery has ended by now
    assert.deepEqual(asked, ['app.deploy']);
    const operation = await replicas[0]!.dockhand.db
      .selectFrom('app_operations')
      .select('state')
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    assert.equal(operation.state, 'done');
  });

  test('the apps found on the agent’s server are the same on every replica', async () => {
    const { agent, agentId } = await agentOnFirstReplica(() => ({}));
    agent.send({ type: 'inventory', apps: [{ app_id: 'stray-app', project: 'stray', digest: 'd' }] });
    const inventoryOn = async (replica: FastifyInstance) =>
      (
        await replica.inject({
          method: 'GET',
          url: `/api/v1/apps/get-inventory?agent_id=${agentId}`,
          headers: owner.headers,
        })
      ).json() as { data: unknown };
    const expected = { found: [{ app_id: 'stray-app', project: 'stray' }], missing: [] };
    await waitUntil(
      async () => JSON.stringify((await inventoryOn(replicas[0]!)).data) === JSON.stringify(expected),
      10_000,
      'the stray app found where the agent is connected',
    );
    await onlineOnSecondReplica(agentId);
    assert.deepEqual((await inventoryOn(replicas[1]!)).data, expected);
  });

  test('a deploy’s progress shows on every replica, not only where its agent is connected', async () => {
    const progress: DeployProgress = {
      step: 'building',
      cancelled: false,
      images: [],
      services: [],
      builds: [{ service: 'web', done: false, lines: ['Step 1/2'] }],
    };
    let holder: SimulatedAgent | null = null;
    const { agent, agentId } = await agentOnFirstReplica(async (method, raw) => {
      if (method !== 'app.deploy') return {};
      const params = raw as { operation_id: string; deployment: { app_id: string } };
      holder?.send({
        type: 'deploy-progress',
        operation_id: params.operation_id,
        app_id: params.deployment.app_id,
        progress,
      });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return { app_id: params.deployment.app_id, status: 1 };
    });
    holder = agent;
    await setAgentPlan(replicas[0]!.dockhand.db, agentId, { status: 'free', source: null });
    await onlineOnSecondReplica(agentId);
    const created = createAppOn(replicas[1]!, agentId, 'watched');
    const appId = await waitUntil(
      async () => {
        const row = await replicas[0]!.dockhand.db
          .selectFrom('app_operations')
          .select('app_id')
          .where('agent_id', '=', agentId)
          .executeTakeFirst();
        return row?.app_id;
      },
      5_000,
      'the deploy recorded',
    );
    const progressOn = async (replica: FastifyInstance) =>
      (
        (
          await replica.inject({
            method: 'GET',
            url: `/api/v1/apps/get-deploy-progress?agent_id=${agentId}&app_id=${appId}`,
            headers: owner.headers,
          })
        ).json() as { data: { deploy: { progress: unknown } | null } }
      ).data.deploy?.progress;
    for (const replica of replicas)
      await waitUntil(
        async () => isDeepStrictEqual(await progressOn(replica), progress),
        2_500,
        'the progress on every replica',
      );
    assert.equal((await created).statusCode, 200);
  });

  test('servers waiting to be paired from one address hit one limit, whichever replica they reach', async () => {
    // Eight unclaimed agents from 127.0.0.1, alternating between the replicas: five per address.
    const waiting = await Promise.all(
      [...Array(8)].map(async () => new SimulatedAgent(await createAgentKeys())),
    );
    agents.push(...waiting);
    for (const [index, agent] of waiting.entries()) {
      agent.connect(agentUrlOf(replicas[index % 2]!));
      await agent.waitFor(() => agent.pairingCode !== null || agent.closeCode !== null);
    }
    assert.equal(waiting.filter((agent) => agent.pairingCode !== null).length, 5);
    assert.deepEqual(
      waiting.filter((agent) => agent.pairingCode === null).map((agent) => agent.closeCode),
      [1013, 1013, 1013],
    );
    // A slot freed on one replica is free on the other.
    const onFirst = waiting.find((agent, index) => index % 2 === 0 && agent.pairingCode !== null)!;
    onFirst.close();
    const later = new SimulatedAgent(await createAgentKeys());
    agents.push(later);
    await waitUntil(
      async () => {
        later.connect(agentUrlOf(replicas[1]!));
        await later.waitFor(() => later.pairingCode !== null || later.closeCode !== null);
        return later.pairingCode !== null;
      },
      5_000,
      'a pairing code once a slot is free',
    );
    for (const agent of [...waiting, later]) agent.close();
  });

  test('a hop not signed with the replicas’ key is refused', async () => {
    const response = await replicas[0]!.inject({
      method: 'POST',
      url: '/internal/replicas/agent-request',
      headers: { 'content-type': 'application/json', 'x-dockhand-hop': `${Date.now()}.00` },
      payload: { agentId: 'x', method: 'network.list', params: {}, timeoutMs: 1000 },
    });
    assert.equal(response.statusCode, 401);
  });
}
