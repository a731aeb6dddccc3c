/**
 * Three replicas as real processes on one PostgreSQL database behind haproxy, round-robin, no
 * sticky sessions (issue 17; scripts/start-replicas.sh runs the same set). A simulated agent
 * connects through the balancer: calls reach it from every replica, a replica killed with
 * `kill -9` has its agent offline within 15 s and online again soon after it reconnects, and a
 * rolling restart of every replica leaves the agent online and fails no dashboard call that one
 * retry does not hide. On SQLite one process serves a data folder, so there are no replicas.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startReplicaSet, type ReplicaSet } from '../test/balancer.js';
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
    agent = new SimulatedAgent(await createAgentKeys(), (method) =>
      method === 'network.list' ? networks : {},
    );
    agent.connect(agentUrl());
    await agent.waitFor(() => agent.pairingCode !== null, 15_000);
    const paired = await call(set.balancerUrl, '/api/v1/agents/register-agent', {
      method: 'POST',
      body: JSON.stringify({ code: agent.pairingCode, organization_id: organization.body.data.id }),
    });
    assert.equal(paired.status, 200, JSON.stringify(paired.body));
    agentId = paired.body.data.agent.id;
    await agent.waitFor(() => agent.agentId === agentId, 15_000);
    void (async function keepConnected() {
      while (agent.socket) {
        await agent.waitFor(() => agent.closeCode !== null, 24 * 3600_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
        while (!reconnect) await new Promise((resolve) => setTimeout(resolve, 100));
        if (agent.socket) agent.connect(agentUrl());
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
