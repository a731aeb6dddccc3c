/**
 * Three replicas as real processes on one PostgreSQL database behind haproxy, round-robin, no
 * sticky sessions (issue 17; scripts/start-replicas.sh runs the same set). A simulated agent
 * connects through the balancer: calls reach it from every replica, a replica killed with
 * `kill -9` has its agent offline within 15 s and online again soon after it reconnects, and a
 * rolling restart of every replica leaves the agent online and fails no dashboard call that one
 * retry does not hide. A sign-in walks the dev identity provider one step per replica; the
 * register-agent limit holds over attempts spread across the replicas; an app's logs are read through a
 * replica the agent is not connected to; and a deploy survives `kill -9` of the replica that was
 * asked for it (it completes) or of the one holding the agent (a clear error, then settled), with the
 * app's record and the agent agreeing afterwards. On SQLite one process serves a data folder, so
 * there are no replicas.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deploymentDigest, type InventoryEntry, type OperationStatus } from 'contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { setAgentPlan } from '../agents/agent-store.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startReplicaSet, type ReplicaSet } from '../test/balancer.js';
import { Browser, signInThroughDevIdp } from '../test/dev-idp-browser.js';
import { customApp } from '../test/fixtures.js';
import { waitUntil } from '../test/processes.js';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createAgentKeys, SimulatedAgent } from '../test/simulated-agent.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';

if (process.env.TEST_DATABASE_URL) {
  let database: TestDatabase;
  let set: ReplicaSet;
  /** In-process, not listening: signs the user in and reads the replica tables. */
  let control: FastifyInstance;
  let owner: TestUser;
  let agent: SimulatedAgent;
  let agentId: string;
  /** Reconnect as the agent does after a drop (its back-off), unless a test holds it back. */
  let reconnect = true;
  const log: string[] = [];
  const networks = [{ name: 'web' }, { name: 'db' }];

  const agentUrl = () => `${set.balancerUrl.replace('http', 'ws')}/agent/connect`;

  /** What the agent holds and its journal, as the real agent keeps them (agent/README.md). */
  const held: InventoryEntry[] = [];
  const journal = new Map<string, OperationStatus>();
  /** A deploy waits here while a test kills a replica under it. */
  let deployGate: Promise<void> | null = null;
  let deployAsked: ((appId: string) => void) | null = null;
  const logs = {
    containers: { c1: 'web' },
    logs: [{ timestamp: 1_700_000_000_000, container_id: 'c1', channel: 'stdout', message: 'hello' }],
  };

  async function answerAsAgent(method: string, params: unknown): Promise<unknown> {
    if (method === 'network.list') return networks;
    if (method === 'app.logs') return logs;
    const { operation_id: operationId } = params as { operation_id?: string };
    if (method === 'operation.status') return journal.get(operationId!) ?? { state: 'unknown' };
    if (method !== 'app.deploy') return {};
    const { deployment } = params as {
      deployment: Parameters<typeof deploymentDigest>[0] & { app_id: string };
    };
    journal.set(operationId!, { state: 'running' });
    deployAsked?.(deployment.app_id);
    await deployGate;
    const result = { app_id: deployment.app_id, status: 1 };
    held.push({
      app_id: deployment.app_id,
      project: deployment.app_id,
      digest: deploymentDigest(deployment),
    });
    journal.set(operationId!, { state: 'done', result });
    // Its inventory after every change; lost with the socket when the replica died under it.
    agent.send({ type: 'inventory', apps: held });
    return result;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads varied payloads
  type Answer = { success: boolean; message: string; data: any };

  async function call(base: string, path: string, init: RequestInit = {}) {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...owner.headers, 'content-type': 'application/json', ...init.headers },
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }

  async function statusVia(base: string): Promise<number | undefined> {
    const { body } = await call(base, '/api/v1/agents/get-agents-status');
    return (body.data?.agents as Array<{ agent_id: string; status: number }> | undefined)?.find(
      (entry) => entry.agent_id === agentId,
    )?.status;
  }

  async function statusOnAll(replicas: Array<{ url: string }>, status: number): Promise<boolean> {
    return (await Promise.all(replicas.map((replica) => statusVia(replica.url)))).every(
      (seen) => seen === status,
    );
  }

  /** The replica whose process holds the agent's socket, read from the shared presence table. */
  async function holderIndex(): Promise<number> {
    return waitUntil(
      async () => {
        const row = await control.dockhand.db
          .selectFrom('agent_presence')
          .innerJoin('server_replicas', 'server_replicas.id', 'agent_presence.replica_id')
          .select('server_replicas.url')
          .where('agent_presence.agent_id', '=', agentId)
          .where(
            'server_replicas.lease_until',
            '>',
            sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`,
          )
          .executeTakeFirst();
        const index = set.replicas.findIndex((replica) => replica.url === row?.url);
        return index >= 0 ? index + 1 : null;
      },
      15_000,
      'the agent’s replica',
    ).then((index) => index - 1);
  }

  before(async () => {
    database = await createTestDatabase();
    set = await startReplicaSet(database.env, log);
    control = await buildApp(
      loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: set.balancerUrl, ...database.env }),
    );
    owner = await signIn(control, 'balancer@example.com');
    const organization = await call(set.balancerUrl, '/api/v1/organization/create-organization', {
      method: 'POST',
      body: JSON.stringify({ name: 'Balanced' }),
    });
    assert.equal(organization.status, 200, JSON.stringify(organization.body));
    agent = new SimulatedAgent(await createAgentKeys(), answerAsAgent);
    agent.connect(agentUrl());
    await agent.waitFor(() => agent.pairingCode !== null, 15_000);
    const paired = await call(set.balancerUrl, '/api/v1/agents/register-agent', {
      method: 'POST',
      body: JSON.stringify({ code: agent.pairingCode, organization_id: organization.body.data.id }),
    });
    assert.equal(paired.status, 200, JSON.stringify(paired.body));
    agentId = paired.body.data.agent.id;
    await agent.waitFor(() => agent.agentId === agentId, 15_000);
    agent.send({ type: 'inventory', apps: held });
    await setAgentPlan(control.dockhand.db, agentId, { status: 'free', source: null });
    void (async function keepConnected() {
      while (agent.socket) {
        await agent.waitFor(() => agent.closeCode !== null, 24 * 3600_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
        while (!reconnect) await new Promise((resolve) => setTimeout(resolve, 100));
        if (!agent.socket) break;
        const welcomed = agent.welcomes;
        agent.connect(agentUrl());
        // Its inventory on every connection, as the real agent sends it.
        await agent
          .waitFor(() => agent.welcomes > welcomed || agent.closeCode !== null, 15_000)
          .then(() => agent.welcomes > welcomed && agent.send({ type: 'inventory', apps: held }))
          .catch(() => undefined);
      }
    })();
  });

  // Runs after a failed start too: no replica, balancer or database may outlive the test.
  after(async () => {
    const socket = agent?.socket;
    if (agent) agent.socket = null; // ends keepConnected
    socket?.terminate();
    await control?.close();
    await set?.stop();
    await database.drop();
  });

  test('a call for the agent answers from every replica, through the balancer or directly', async () => {
    const holder = await holderIndex();
    for (const [index, replica] of set.replicas.entries()) {
      await waitUntil(
        async () => (await statusVia(replica.url)) === 1,
        10_000,
        `online on replica ${index + 1}`,
      );
      const direct = await call(replica.url, `/api/v1/networks/get-networks?agent_id=${agentId}`);
      assert.equal(
        direct.status,
        200,
        `replica ${index + 1} (holder ${holder + 1}): ${JSON.stringify(direct.body)}`,
      );
      assert.deepEqual(direct.body.data.networks, networks);
    }
    for (let round = 0; round < 6; round += 1) {
      const balanced = await call(set.balancerUrl, `/api/v1/networks/get-networks?agent_id=${agentId}`);
      assert.equal(balanced.status, 200, JSON.stringify(balanced.body));
    }
  });

  test('a sign-in that starts on one replica ends on another, one step per replica', async () => {
    let step = 0;
    const replicaOfStep = (url: string) =>
      url.replace(set.balancerUrl, set.replicas[step++ % set.replicas.length]!.url);
    const browser = new Browser(replicaOfStep);
    const { finalLocation } = await signInThroughDevIdp(
      browser,
      set.balancerUrl,
      '/#/servers',
      'walker@example.com',
    );
    assert.equal(finalLocation, '/#/servers');
    assert.ok(step >= 6, `${step} requests`);
    // The session it opened is valid on every replica.
    for (const replica of set.replicas) {
      const user = await browser.get(`${replica.url}/auth/user`);
      assert.equal(user.status, 200);
      assert.equal(((await user.json()) as Answer).data.email, 'walker@example.com');
    }
    // And the whole walk through the balancer, as a browser makes it.
    const through = await signInThroughDevIdp(new Browser(), set.balancerUrl, '/', 'walker@example.com');
    assert.equal(through.finalLocation, '/');
  });

  test('the register-agent limit holds over attempts spread across the replicas', async () => {
    const typist = await signIn(control, 'typist@example.com');
    const organization = await call(set.balancerUrl, '/api/v1/organization/create-organization', {
      method: 'POST',
      headers: typist.headers,
      body: JSON.stringify({ name: 'Typos' }),
    });
    const attempt = (index: number) =>
      call(set.replicas[index % set.replicas.length]!.url, '/api/v1/agents/register-agent', {
        method: 'POST',
        headers: typist.headers,
        body: JSON.stringify({ code: 'not-a-code', organization_id: organization.body.data.id }),
      });
    // Ten per user, whatever they send: four or three on each replica, refused as typos.
    for (let index = 0; index < 10; index += 1) assert.equal((await attempt(index)).status, 400);
    for (let index = 10; index < 13; index += 1) assert.equal((await attempt(index)).status, 429);
  });

  /** A one-file custom app created directly on `base`, with the dashboard's Idempotency-Key. */
  const createApp = (base: string, name: string, key: string) =>
    call(base, `/api/v1/apps/create-app?agent_id=${agentId}`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
      body: JSON.stringify(customApp(name)),
    });

  /** The agent's app as every replica sees it: its record, its last deploy, and no difference. */
  async function agreedOnEveryReplica(appId: string): Promise<void> {
    for (const [index, replica] of set.replicas.entries()) {
      const apps = await call(replica.url, `/api/v1/apps/get-apps?agent_id=${agentId}`);
      assert.ok(
        (apps.body.data.apps as Array<{ id: string }>).some((app) => app.id === appId),
        `replica ${index + 1} lists the app`,
      );
      const history = await call(
        replica.url,
        `/api/v1/apps/get-deploy-history?agent_id=${agentId}&app_id=${appId}`,
      );
      assert.equal(history.body.data.deploys[0].result, 'succeeded', JSON.stringify(history.body));
      const inventory = await call(replica.url, `/api/v1/apps/get-inventory?agent_id=${agentId}`);
      assert.deepEqual(inventory.body.data, { found: [], missing: [] });
    }
    assert.ok(
      held.some((entry) => entry.app_id === appId),
      'the agent holds the app',
    );
  }

  /** Holds the agent's next deploy until the returned release is called; resolves with its app id. */
  function holdNextDeploy(): { asked: Promise<string>; release: () => void } {
    let release!: () => void;
    deployGate = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<string>((resolve) => (deployAsked = resolve));
    return {
      asked,
      release: () => {
        deployAsked = null;
        deployGate = null;
        release();
      },
    };
  }

  /**
   * The dashboard's retry of `create-{name}` with the same key answers 409 while the operation is
   * unsettled, then the first outcome: the app created.
   */
  async function retriedUntilSettled(name: string, appId: string): Promise<void> {
    const retried = await waitUntil(
      async () => {
        const retry = await createApp(set.balancerUrl, name, `create-${name}`);
        return retry.status === 409 ? null : retry;
      },
      30_000,
      `the create of ${name} settled`,
    );
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.equal(retried.body.data.id, appId);
  }

  test('an app’s logs read through a replica the agent is not connected to', async () => {
    const holder = await holderIndex();
    const created = await createApp(set.replicas[holder]!.url, 'logged', 'create-logged');
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const appId = created.body.data.id as string;
    for (const [index, replica] of set.replicas.entries()) {
      if (index === holder) continue;
      const read = await call(replica.url, `/api/v1/apps/get-logs?agent_id=${agentId}&app_id=${appId}`);
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.deepEqual(read.body.data.logs, logs);
    }
  });

  test('kill -9 of the replica asked for a deploy: the deploy completes and every replica agrees', async () => {
    const holder = await holderIndex();
    const caller = (holder + 1) % set.replicas.length;
    const deploy = holdNextDeploy();
    const asked = createApp(set.replicas[caller]!.url, 'orphaned', 'create-orphaned').catch(
      (error: Error) => error,
    );
    const appId = await deploy.asked;
    const killedAt = Date.now();
    await set.replicas[caller]!.process.kill('SIGKILL');
    assert.ok((await asked) instanceof Error, 'the killed replica never answered');
    deploy.release();
    // Nobody holds the call any more: a replica settles it from the agent's journal.
    await retriedUntilSettled('orphaned', appId);
    const settledAfter = Date.now() - killedAt;
    console.log(`# kill -9 of the calling replica: the deploy settled ${settledAfter} ms after the kill`);
    await set.restart(caller);
    await agreedOnEveryReplica(appId);
  });

  test('kill -9 of the agent’s replica mid-deploy: a clear error, then the deploy is settled on reconnection', async () => {
    const holder = await holderIndex();
    const caller = (holder + 1) % set.replicas.length;
    const deploy = holdNextDeploy();
    const asked = createApp(set.replicas[caller]!.url, 'cut-off', 'create-cut-off');
    const appId = await deploy.asked;
    await set.replicas[holder]!.process.kill('SIGKILL');
    const answer = await asked;
    // What the dashboard shows for it.
    assert.equal(answer.status, 502, JSON.stringify(answer.body));
    assert.equal(answer.body.message, 'The agent disconnected before answering');
    deploy.release();
    await set.restart(holder);
    // The agent finished it; once it is back its journal says so and the record is saved.
    await retriedUntilSettled('cut-off', appId);
    await agreedOnEveryReplica(appId);
  });

  test('kill -9 of the agent’s replica: offline within 15 s, online within 10 s of reconnecting', async () => {
    const holder = await holderIndex();
    const others = set.replicas.filter((_, index) => index !== holder);
    reconnect = false; // the agent's back-off: it is away while the lease runs out
    const killedAt = Date.now();
    await set.replicas[holder]!.process.kill('SIGKILL');
    await waitUntil(() => statusOnAll(others, 0), 15_000, 'the agent offline on the other replicas');
    const offlineAfter = Date.now() - killedAt;
    reconnect = true;
    const reconnectedAt = Date.now();
    await waitUntil(() => statusOnAll(others, 1), 10_000, 'the agent online again on the other replicas');
    const onlineAfter = Date.now() - reconnectedAt;
    assert.ok(offlineAfter <= 15_000, `offline after ${offlineAfter} ms`);
    const answered = await call(set.balancerUrl, `/api/v1/networks/get-networks?agent_id=${agentId}`);
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    console.log(`# kill -9: offline after ${offlineAfter} ms; online ${onlineAfter} ms after reconnecting`);
    await set.restart(holder);
  });

  test('a rolling restart of every replica leaves the agent online and fails no call a retry hides', async () => {
    let calls = 0;
    const failures: string[] = [];
    let rolling = true;
    const poller = (async () => {
      while (rolling) {
        calls += 1;
        let result = await call(set.balancerUrl, '/api/v1/agents/get-agents-status').catch(
          (error: Error) => ({
            status: 0,
            body: { success: false, message: error.message, data: null },
          }),
        );
        if (result.status !== 200) {
          await new Promise((resolve) => setTimeout(resolve, 500)); // the dashboard's retry
          result = await call(set.balancerUrl, '/api/v1/agents/get-agents-status').catch((error: Error) => ({
            status: 0,
            body: { success: false, message: error.message, data: null },
          }));
          if (result.status !== 200) failures.push(`${result.status} ${result.body.message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    for (let index = 0; index < set.replicas.length; index += 1) {
      await set.replicas[index]!.process.kill('SIGTERM');
      await set.restart(index);
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // haproxy's next health check
    }
    for (const [index, replica] of set.replicas.entries())
      await waitUntil(
        async () => (await statusVia(replica.url)) === 1,
        10_000,
        `online on replica ${index + 1}`,
      );
    rolling = false;
    await poller;
    assert.deepEqual(failures, [], `${failures.length} of ${calls} calls failed after a retry`);
    assert.ok(calls > 20, `only ${calls} calls made`);
    const answered = await call(set.balancerUrl, `/api/v1/networks/get-networks?agent_id=${agentId}`);
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
  });
}
