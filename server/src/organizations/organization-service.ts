/** Organization rules: create (creator = owner), rename, delete (owner only, servers offline). */
import { DisplayNames } from 'contract';
import { randomUUID } from 'node:crypto';
import type { AgentPresence } from '../hub/presence.js';
import { listAgentIdsOfOrganization } from '../agents/agent-store.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { validDisplayName } from '../errors/display-name.js';
import { organizationErrors } from './errors.js';
import { insertMember } from './member-store.js';
import { deleteOrganizationCascade, insertOrganization, renameOrganization } from './organization-store.js';
import type { OrganizationSubscriptionStatus } from './tables.js';

export const ORGANIZATION_NAME_MAX = DisplayNames.organization.max;

function validateOrganizationName(value: unknown): string {
  return validDisplayName(value, DisplayNames.organization, organizationErrors.nameRefused);
}

export interface CreatedOrganization {
  id: string;
  name: string;
  subscription_status: OrganizationSubscriptionStatus;
}

export async function createOrganization(
  db: Kysely<Database>,
  userId: string,
  rawName: unknown,
): Promise<CreatedOrganization> {
  const name = validateOrganizationName(rawName);
  const id = randomUUID();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await insertOrganization(trx, { id, name, now });
    await insertMember(trx, id, userId, 'owner', now);
  });
  return { id, name, subscription_status: 'unpaid' };
}

export async function renameOrganizationTo(
  db: Kysely<Database>,
  organizationId: string,
  rawName: unknown,
): Promise<{ name: string }> {
  const name = validateOrganizationName(rawName);
  await renameOrganization(db, organizationId, name);
  return { name };
}

/** `organizationId`: one its owner asked to delete (the route checks that, `OWNER_ROLES`). */
export async function deleteOrganization(
  db: Kysely<Database>,
  presence: AgentPresence,
  organizationId: string,
): Promise<void> {
  const agentIds = await listAgentIdsOfOrganization(db, organizationId);
  if (agentIds.some((agentId) => presence.isOnline(agentId))) throw organizationErrors.serversOnline();
  await db.transaction().execute((trx) => deleteOrganizationCascade(trx, organizationId));
}
