/**
 * Applies Stripe events to plans, idempotently: each event id is applied once (recorded in the
 * same transaction), and an event older than the last one applied to a target never wins.
 */
import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  claimBillingEvent,
  endAgentProSubscription,
  endOrganizationBusiness,
  markAgentProSubscription,
  markOrganizationBusiness,
} from './billing-store.js';

const ACTIVE_STATUSES = new Set<string>(['active', 'trialing', 'past_due']);

interface Target {
  kind: 'agent' | 'business';
  organizationId: string;
  agentId: string | null;
}

function targetOf(metadata: Stripe.Metadata | null | undefined): Target | null {
  const kind = metadata?.kind;
  const organizationId = metadata?.organization_id;
  if ((kind !== 'agent' && kind !== 'business') || !organizationId) return null;
  const agentId = metadata?.agent_id ?? null;
  if (kind === 'agent' && !agentId) return null;
  return { kind, organizationId, agentId };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Returns false when the event was a duplicate and nothing was applied. */
export async function applyStripeEvent(
  db: Kysely<Database>,
  event: Stripe.Event,
  businessLicenses: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimBillingEvent(trx, event.id, Date.now()))) return false;
    const eventAt = event.created;
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const target = targetOf(session.metadata);
      if (target)
        await activate(
          trx,
          target,
          idOf(session.customer),
          idOf(session.subscription),
          eventAt,
          businessLicenses,
        );
    } else if (
      event.type === 'customer.subscription.created' ||
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.deleted'
    ) {
      const subscription = event.data.object;
      const target = targetOf(subscription.metadata);
      if (!target || (await isStale(trx, target, eventAt))) return true;
      const active =
        event.type !== 'customer.subscription.deleted' && ACTIVE_STATUSES.has(subscription.status);
      if (active)
        await activate(trx, target, idOf(subscription.customer), subscription.id, eventAt, businessLicenses);
      else if (target.kind === 'agent') await endAgentProSubscription(trx, target.agentId!, eventAt);
      else await endOrganizationBusiness(trx, target.organizationId, eventAt);
    }
    return true;
  });
}

async function activate(
  db: Kysely<Database>,
  target: Target,
  customerId: string | null,
  subscriptionId: string | null,
  eventAt: number,
  businessLicenses: number,
): Promise<void> {
  if (target.kind === 'agent') {
    await markAgentProSubscription(db, target.agentId!, subscriptionId, eventAt);
  } else {
    await markOrganizationBusiness(db, target.organizationId, {
      licenses: businessLicenses,
      customerId,
      subscriptionId,
      eventAt,
    });
  }
}

async function isStale(db: Kysely<Database>, target: Target, eventAt: number): Promise<boolean> {
  const row =
    target.kind === 'agent'
      ? await db
          .selectFrom('agents')
          .select('billing_event_at')
          .where('id', '=', target.agentId!)
          .executeTakeFirst()
      : await db
          .selectFrom('organizations')
          .select('billing_event_at')
          .where('id', '=', target.organizationId)
          .executeTakeFirst();
  return row?.billing_event_at != null && row.billing_event_at > eventAt;
}
