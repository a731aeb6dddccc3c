/** Data access for agent pairing, identity and reports (migration 100 columns and tables). */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AgentHubColumns, AgentPairingCodesTable } from './hub-tables.js';
import type { AgentsTable } from './tables.js';

type Db = Kysely<Database>;
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

/** Stores a fresh code for this certificate, dropping its older codes and every expired one. */
export async function savePairingCode(db: Db, code: PairingCode): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('agent_pairing_codes')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', Date.now()),
          eb('certificate_fingerprint', '=', code.certificate_fingerprint),
        ]),
      )
      .execute();
    await trx.insertInto('agent_pairing_codes').values(code).execute();
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

export async function listAgentsOfUser(db: Db, userId: string): Promise<AgentRecord[]> {
  return db
    .selectFrom('agents')
    .innerJoin('organization_members', 'organization_members.organization_id', 'agents.organization_id')
    .selectAll('agents')
    .where('organization_members.user_id', '=', userId)
    .orderBy('agents.created_at')
    .execute();
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
