/** Data access for plan changes applied by billing (checkout completions, webhooks, portal). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CheckoutKind, DevCheckoutsTable } from './tables.js';
import type { Selectable } from 'kysely';

type Db = Kysely<Database>;

export async function markAgentProSubscription(
  db: Db,
  agentId: string,
  subscriptionId: string | null,
  eventAt: number | null,
): Promise<void> {
  await db
    .updateTable('agents')
    .set({
      subscription_status: 'paid',
      plan_source: 'subscription',
      billing_subscription_id: subscriptionId,
      billing_event_at: eventAt,
    })
    .where('id', '=', agentId)
    .execute();
}

/** Ends a server's own Pro subscription (a license-based Pro plan is left alone). */
export async function endAgentProSubscription(
  db: Db,
  agentId: string,
  eventAt: number | null,
): Promise<void> {
  await db
    .updateTable('agents')
    .set({ subscription_status: 'unpaid', plan_source: null, billing_event_at: eventAt })
    .where('id', '=', agentId)
    .where('plan_source', '=', 'subscription')
    .execute();
}

export async function markOrganizationBusiness(
  db: Db,
  organizationId: string,
  plan: {
    licenses: number;
    customerId: string | null;
    subscriptionId: string | null;
    eventAt: number | null;
  },
): Promise<void> {
  const update: Record<string, unknown> = {
    subscription_status: 'paid',
    licenses: plan.licenses,
    billing_event_at: plan.eventAt,
  };
  if (plan.customerId) update.billing_customer_id = plan.customerId;
  if (plan.subscriptionId) update.billing_subscription_id = plan.subscriptionId;
  await db.updateTable('organizations').set(update).where('id', '=', organizationId).execute();
}

/** Ends Business: no licenses, and servers that used one become unpaid. */
export async function endOrganizationBusiness(
  db: Db,
  organizationId: string,
  eventAt: number | null,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ subscription_status: 'unpaid', licenses: 0, billing_event_at: eventAt })
    .where('id', '=', organizationId)
    .execute();
  await db
    .updateTable('agents')
    .set({ subscription_status: 'unpaid', plan_source: null })
    .where('organization_id', '=', organizationId)
    .where('plan_source', '=', 'license')
    .execute();
}

export async function setOrganizationCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ billing_customer_id: customerId })
    .where('id', '=', organizationId)
    .execute();
}

/** Records a provider event; false when it was already processed (webhooks are retried). */
export async function claimBillingEvent(db: Db, eventId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id: eventId, processed_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export type DevCheckoutRow = Selectable<DevCheckoutsTable>;

export async function insertDevCheckout(
  db: Db,
  checkout: {
    id: string;
    kind: CheckoutKind;
    organizationId: string;
    agentId: string | null;
    userId: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('dev_checkouts')
    .values({
      id: checkout.id,
      kind: checkout.kind,
      organization_id: checkout.organizationId,
      agent_id: checkout.agentId,
      user_id: checkout.userId,
      created_at: checkout.now,
      completed_at: null,
    })
    .execute();
}

export async function findDevCheckout(db: Db, id: string): Promise<DevCheckoutRow | null> {
  return (await db.selectFrom('dev_checkouts').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Marks it completed once; false when it already was. */
export async function completeDevCheckout(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('dev_checkouts')
    .set({ completed_at: now })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
