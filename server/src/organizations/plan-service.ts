import type { Static } from '@sinclair/typebox';
/**
 * Server plans (spec sections 4 Plans, 6): an unpaid server can take the Free plan while the
 * organization owner's single free slot is unused (counted across every organization they own),
 * or Pro while the organization's Business licenses are not all used. A free server can go Pro.
 * Who may change a plan is the route's `config.auth` (owner or admin of the agent's organization).
 */
import type { Kysely } from 'kysely';
import {
  countFreeAgentsOwnedBy,
  countLicensedAgents,
  findAgent,
  setAgentPlan,
} from '../agents/agent-store.js';
import type { DatabaseEngine } from '../db/connect.js';
import { lockWithinTransaction } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { Type } from '@sinclair/typebox';
import { agentErrors } from '../agents/errors.js';
import { organizationErrors } from './errors.js';
import { findOwnerIds } from './member-store.js';
import { findOrganization } from './organization-store.js';

const FREE_SERVERS_PER_USER = 1;
export type PlanType = 'free' | 'pro';

/** What promote-agent answers (its response schema). */
export const PlanChange = Type.Object({
  message: Type.String(),
  subscription_status: Type.Union([Type.Literal('free'), Type.Literal('paid')]),
});
export type PlanChange = Static<typeof PlanChange>;

export function parsePlanType(value: unknown): PlanType {
  if (value === 'free' || value === 'pro') return value;
  throw organizationErrors.planTypeInvalid();
}

export async function promoteAgent(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  agentId: string,
  type: PlanType,
): Promise<PlanChange> {
  // Serialised so two promotions cannot both take the last free slot or license.
  return db.transaction().execute(async (trx) => {
    // Read again inside the transaction: the plan it holds now is the one to change.
    const agent = await findAgent(trx, agentId);
    if (!agent) throw agentErrors.notFound(agentId);

    if (type === 'free') {
      if (agent.subscription_status === 'free')
        return { message: 'Agent is already on the Free plan', subscription_status: 'free' };
      if (agent.subscription_status === 'paid') throw organizationErrors.alreadyPro();
      const [ownerId] = await findOwnerIds(trx, agent.organization_id);
      if (ownerId) await lockWithinTransaction(trx, engine, `free-slot:${ownerId}`);
      if (!ownerId || (await countFreeAgentsOwnedBy(trx, ownerId)) >= FREE_SERVERS_PER_USER)
        throw organizationErrors.freeSlotUsed();
      await setAgentPlan(trx, agentId, { status: 'free', source: null });
      return { message: 'Agent promoted successfully', subscription_status: 'free' };
    }

    if (agent.subscription_status === 'paid')
      return { message: 'Agent is already on the Pro plan', subscription_status: 'paid' };
    await lockWithinTransaction(trx, engine, `licenses:${agent.organization_id}`);
    const organization = await findOrganization(trx, agent.organization_id);
    const licenses = organization?.subscription_status === 'paid' ? organization.licenses : 0;
    if ((await countLicensedAgents(trx, agent.organization_id)) >= licenses)
      throw organizationErrors.noProLicenses();
    await setAgentPlan(trx, agentId, { status: 'paid', source: 'license' });
    return { message: 'Agent promoted successfully', subscription_status: 'paid' };
  });
}
