/**
 * Shared presence reads only what changed (issue 17): each replica's refresh reads the presence
 * rows changed since its previous read, releases included, instead of the whole table. Two
 * `SharedPresence` instances on one PostgreSQL database stand for two replicas. On SQLite one
 * process serves a data folder and keeps presence in memory, so there is nothing shared to read.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { waitUntil } from '../test/processes.js';
import { presenceChanges, renewLease, writePresence } from './replica-store.js';
import { SharedPresence, type SharedPresenceTimings } from './shared-presence.js';

if (process.env.TEST_DATABASE_URL) {
  let testApp: TestApp;
  const db = () => testApp.app.dockhand.db;
  /** Quick enough that a test sees claims and departures within a few hundred milliseconds. */
  const timings: SharedPresenceTimings = { leaseTtlMs: 5_000, heartbeatMs: 200, refreshMs: 100, flushMs: 10 };

  before(async () => {
    testApp = await createTestApp();
  });

  after(async () => {
    await testApp.close();
  });

  test('a read returns only the presence rows changed since the previous read, releases included', async () => {
    await renewLease(db(), { id: 'replica-a', url: 'http://127.0.0.1:1' }, 60_000);
    const agents = ['read-1', 'read-2', 'read-3'];
    await writePresence(db(), 'replica-a', {
      claims: agents.map((agentId) => ({ agentId, dockerResponding: true })),
      updates: [],
      releases: [],
    });
    const first = await presenceChanges(db(), null);
    assert.deepEqual(
      first.rows.filter((row) => agents.includes(row.agent_id)).sort(byAgent),
      agents.map((agentId) => ({ agent_id: agentId, replica_id: 'replica-a', docker_responding: 1 })),
    );

    await writePresence(db(), 'replica-a', {
      claims: [],
      updates: [{ agentId: 'read-2', dockerResponding: false }],
      releases: ['read-3'],
    });
    const second = await presenceChanges(db(), first.snapshot);
    assert.deepEqual(second.rows.sort(byAgent), [
      { agent_id: 'read-2', replica_id: 'replica-a', docker_responding: 0 },
      { agent_id: 'read-3', replica_id: null, docker_responding: 1 },
    ]);

    const third = await presenceChanges(db(), second.snapshot);
    assert.deepEqual(third.rows, []);
  });

  test('a replica sees another replica’s claims, Docker flags, releases, moves and departure', async () => {
    const lostOnA: string[] = [];
    const local = (lost: string[]) => ({
      held: () => [],
      lost: (agentId: string) => lost.push(agentId),
      log: () => {},
    });
    const a = new SharedPresence(db(), local(lostOnA), timings);
    const b = new SharedPresence(db(), local([]), timings);
    await a.start();
    await b.start();
    await a.listening('http://127.0.0.1:2');
    await b.listening('http://127.0.0.1:3');
    try {
      for (const agentId of ['moves', 'released', 'stays']) a.claim(agentId, true);
      await waitUntil(async () => b.holderOf('stays'), 5_000, 'the claims on the other replica');
      assert.deepEqual(b.holderOf('moves'), {
        replicaId: a.replicaId,
        url: 'http://127.0.0.1:2',
        dockerResponding: true,
      });

      a.dockerChanged('stays', false);
      a.release('released');
      await waitUntil(async () => b.holderOf('stays')?.dockerResponding === false, 5_000, 'the Docker flag');
      await waitUntil(async () => b.holderOf('released') === null, 5_000, 'the release');

      // The agent reconnected to b: a learns its own socket for it is stale.
      b.claim('moves', true);
      await waitUntil(async () => lostOnA.includes('moves'), 5_000, 'the move');
      assert.equal(a.holderOf('moves')?.replicaId, b.replicaId);

      await a.close();
      await waitUntil(
        async () => b.holderOf('stays') === null,
        5_000,
        'the departed replica’s agents offline',
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a replica restarted at the same address does not count its killed predecessor’s agents as online', async () => {
    const local = { held: () => [], lost: () => {}, log: () => {} };
    // The predecessor was killed at once: its lease runs on, its claim stays in the table.
    await renewLease(db(), { id: 'killed-replica', url: 'http://127.0.0.1:4' }, 60_000);
    await writePresence(db(), 'killed-replica', {
      claims: [{ agentId: 'held-by-the-killed', dockerResponding: true }],
      updates: [],
      releases: [],
    });
    const restarted = new SharedPresence(db(), local, timings);
    const other = new SharedPresence(db(), local, timings);
    await restarted.start();
    await other.start();
    try {
      // Before it listens, the restarted process reads the table like any replica.
      assert.equal(restarted.holderOf('held-by-the-killed')?.replicaId, 'killed-replica');
      // Fastify answers calls while its onListen hooks (this one's statements) still run.
      const listened = restarted.listening('http://127.0.0.1:4');
      assert.equal(restarted.holderOf('held-by-the-killed'), null);
      await listened;
      assert.equal(restarted.holderOf('held-by-the-killed'), null);
      await other.listening('http://127.0.0.1:5');
      await waitUntil(async () => other.holderOf('held-by-the-killed') === null, 5_000, 'offline elsewhere');
    } finally {
      await restarted.close();
      await other.close();
    }
  });
}

const byAgent = (left: { agent_id: string }, right: { agent_id: string }) =>
  left.agent_id.localeCompare(right.agent_id);
