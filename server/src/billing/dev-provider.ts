/** The development billing provider: checkouts are pages of this server (see dev-routes.ts). */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertDevCheckout } from './billing-store.js';
import type { BillingProvider } from './provider.js';

export function createDevBillingProvider(db: Kysely<Database>, publicUrl: string): BillingProvider {
  async function checkout(
    kind: 'agent' | 'business',
    organizationId: string,
    agentId: string | null,
    userId: string,
  ): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    await insertDevCheckout(db, { id, kind, organizationId, agentId, userId, now: Date.now() });
    return `${publicUrl}/billing/dev/checkout/${id}`;
  }
  return {
    agentCheckoutUrl: ({ agent, organization, userId }) =>
      checkout('agent', organization.id, agent.id, userId),
    businessCheckoutUrl: ({ organization, userId }) => checkout('business', organization.id, null, userId),
    portalUrl: async ({ organization }) =>
      `${publicUrl}/billing/dev/portal/${encodeURIComponent(organization.id)}`,
  };
}
