/**
 * Minimal data access to the `agents` table for plans, billing and organization deletion
 * (the agent helper owns pairing and the rest of the agent API).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AgentPlanSource, AgentsTable, AgentSubscriptionStatus } from './tables.js';

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
