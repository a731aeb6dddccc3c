/**
 * Data access for agent records (the only SQL of agents/): plans and billing columns, pairing
 * codes, certificate identity, revocation and the agent's last report.
 */
import type { OrganizationRole } from 'contract';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseEngine } from '../db/connect.js';
import { lockWithinTransaction } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { cachedQuery } from '../db/read-cache.js';
import { reusableQuery } from '../db/reusable-query.js';
import type {
  AgentHubColumns,
  AgentPairingCodesTable,
  AgentPlanSource,
  AgentsTable,
  AgentSubscriptionStatus,
} from './tables.js';

type Db = Kysely<Database>;
export type AgentRow = Selectable<AgentsTable>;

export async function findAgent(db: Db, agentId: string): Promise<AgentRow | null> {
  return (await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirst()) ?? null;
}

export async function listAgentIdsOfOrganization(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('agents')
    .select('id')
    .where('organization_id', '=', organizationId)
    .execute();
  return rows.map((row) => row.id);
}

/** Free servers in every organization `ownerId` owns: the one-free-server-per-user limit. */
export async function countFreeAgentsOwnedBy(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('agents')
    .innerJoin('organization_members', 'organization_members.organization_id', 'agents.organization_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_members.user_id', '=', ownerId)
    .where('organization_members.role', '=', 'owner')
    .where('agents.subscription_status', '=', 'free')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Pro servers paid for by the organization's Business licenses. */
export async function countLicensedAgents(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('subscription_status', '=', 'paid')
    .where('plan_source', '=', 'license')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function setAgentPlan(
  db: Db,
  agentId: string,
  plan: { status: AgentSubscriptionStatus; source: AgentPlanSource | null },
): Promise<void> {
  await db
    .updateTable('agents')
    .set({ subscription_status: plan.status, plan_source: plan.source })
    .where('id', '=', agentId)
    .execute();
}

/** Test and seeding helper: inserts an agent row with defaults. */
export async function insertAgent(
  db: Db,
  agent: {
    id: string;
    organizationId: string;
    name: string;
    certificate?: string;
    status?: AgentSubscriptionStatus;
  },
): Promise<void> {
  await db
    .insertInto('agents')
    .values({
      id: agent.id,
      organization_id: agent.organizationId,
      name: agent.name,
      certificate: agent.certificate ?? '',
      subscription_status: agent.status ?? 'unpaid',
      plan_source: null,
      billing_subscription_id: null,
      billing_event_at: null,
      last_seen: null,
      created_at: Date.now(),
    })
    .execute();
}

export type AgentRecord = Selectable<AgentsTable & AgentHubColumns>;
export type PairingCode = Selectable<AgentPairingCodesTable>;

export async function findAgentByFingerprint(db: Db, fingerprint: string): Promise<AgentRecord | null> {
  return (
    (await db
      .selectFrom('agents')
      .selectAll()
      .where('certificate_fingerprint', '=', fingerprint)
      .executeTakeFirst()) ?? null
  );
}

/** Runs before every call on an agent: the agent and the caller's role in one round trip. */
const agentWithRole = reusableQuery(
  ['agentId', 'userId'],
  (db: Db, args: { agentId: string; userId: string }) =>
    db
      .selectFrom('agents')
      .leftJoin('organization_members', (join) =>
        join
          .onRef('organization_members.organization_id', '=', 'agents.organization_id')
          .on('organization_members.user_id', '=', args.userId),
      )
      .selectAll('agents')
      .select('organization_members.role as caller_role')
      .where('agents.id', '=', args.agentId),
);

/** The agent and the user's role in its organization (null: not a member), or null for no such agent. */
export async function findAgentWithRole(
  db: Db,
  agentId: string,
  userId: string,
): Promise<{ agent: AgentRecord; role: OrganizationRole | null } | null> {
  const [row] = await agentWithRole.run(db, { agentId, userId });
  if (!row) return null;
  const { caller_role: role, ...agent } = row;
  return { agent, role };
}

export async function findAgentRecord(db: Db, agentId: string): Promise<AgentRecord | null> {
  return (await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirst()) ?? null;
}

export async function isCertificateRevoked(db: Db, fingerprint: string): Promise<boolean> {
  const row = await db
    .selectFrom('revoked_agent_certificates')
    .select('certificate_fingerprint')
    .where('certificate_fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many unclaimed agents may wait at once: from one address, and from all of them. */
export interface PairingRoom {
  perAddress: number;
  pending: number;
}

/**
 * Stores a fresh code for this certificate, dropping its older codes and every expired one, when
 * its address and the whole server still have room (false otherwise). The count is of rows, not of
 * one process's sockets, and the check and the insert hold one lock, so the limits hold however
 * many replicas the agents connect to.
 */
export async function savePairingCode(
  db: Db,
  engine: DatabaseEngine,
  code: PairingCode & { address: string },
  room: PairingRoom,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockWithinTransaction(trx, engine, 'agent_pairing_codes');
    await trx.deleteFrom('agent_pairing_codes').where('expires_at', '<', Date.now()).execute();
    const others = trx
      .selectFrom('agent_pairing_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('certificate_fingerprint', '!=', code.certificate_fingerprint);
    const fromAddress = await others.where('address', '=', code.address).executeTakeFirstOrThrow();
    const pending = await others.executeTakeFirstOrThrow();
    if (Number(fromAddress.count) >= room.perAddress || Number(pending.count) >= room.pending) return false;
    await trx
      .deleteFrom('agent_pairing_codes')
      .where('certificate_fingerprint', '=', code.certificate_fingerprint)
      .execute();
    await trx.insertInto('agent_pairing_codes').values(code).execute();
    return true;
  });
}

export async function deletePairingCodesOf(db: Db, fingerprint: string): Promise<void> {
  await db.deleteFrom('agent_pairing_codes').where('certificate_fingerprint', '=', fingerprint).execute();
}

/**
 * Claims a code once: it is deleted and the agent row inserted in one transaction, so two users
 * racing for the same code cannot both win.
 */
export async function claimPairingCode(
  db: Db,
  code: string,
  agent: { id: string; organizationId: string; name: string; now: number },
): Promise<PairingCode | null> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('agent_pairing_codes')
      .where('code', '=', code)
      .where('expires_at', '>', agent.now)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) return null;
    await trx
      .insertInto('agents')
      .values({
        id: agent.id,
        organization_id: agent.organizationId,
        name: agent.name,
        certificate: deleted.certificate,
        certificate_fingerprint: deleted.certificate_fingerprint,
        subscription_status: 'unpaid',
        plan_source: null,
        billing_subscription_id: null,
        billing_event_at: null,
        last_seen: agent.now,
        created_at: agent.now,
      })
      .execute();
    return deleted;
  });
}

export async function saveAgentReport(
  db: Db,
  agentId: string,
  report: { capabilities: string; features: string },
): Promise<void> {
  await db.updateTable('agents').set(report).where('id', '=', agentId).execute();
}

export async function touchLastSeen(db: Db, agentId: string, at: number): Promise<void> {
  await db.updateTable('agents').set({ last_seen: at }).where('id', '=', agentId).execute();
}

/** The agents of every organization the user belongs to, oldest first. */
function agentsOfUserQuery(db: Db, userId: string) {
  return db
    .selectFrom('agents')
    .innerJoin('organization_members', 'organization_members.organization_id', 'agents.organization_id')
    .where('organization_members.user_id', '=', userId)
    .orderBy('agents.created_at');
}

/** Behind the server list: compiled once, answers remembered (db/read-cache.ts). */
const agentsOfUser = cachedQuery(['userId'], (db: Db, args: { userId: string }) =>
  agentsOfUserQuery(db, args.userId).selectAll('agents'),
);

export async function listAgentsOfUser(db: Db, userId: string): Promise<readonly AgentRecord[]> {
  return agentsOfUser.run(db, { userId });
}

/** Behind the status poll, every few seconds per open dashboard: ids only, not certificates and reports. */
const agentIdsOfUser = cachedQuery(['userId'], (db: Db, args: { userId: string }) =>
  agentsOfUserQuery(db, args.userId).select('agents.id'),
);

export async function listAgentIdsOfUser(db: Db, userId: string): Promise<string[]> {
  return (await agentIdsOfUser.run(db, { userId })).map((row) => row.id);
}

export async function renameAgent(db: Db, agentId: string, name: string): Promise<void> {
  await db.updateTable('agents').set({ name }).where('id', '=', agentId).execute();
}

/** Deletes the agent (its apps cascade) and revokes its certificate in one transaction. */
export async function deleteAndRevokeAgent(db: Db, agent: AgentRecord, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (agent.certificate_fingerprint) {
      await trx
        .insertInto('revoked_agent_certificates')
        .values({ certificate_fingerprint: agent.certificate_fingerprint, revoked_at: now })
        .onConflict((oc) => oc.column('certificate_fingerprint').doNothing())
        .execute();
    }
    await trx.deleteFrom('apps').where('agent_id', '=', agent.id).execute();
    await trx.deleteFrom('agents').where('id', '=', agent.id).execute();
  });
}
