/**
 * Test fixture: organization A (owner, admin, billing members, one unpaid server) and
 * organization B of an outsider (with its own server). Names and emails are unique per call so
 * one database can hold many fixtures.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertAgent } from '../agents/agent-store.js';
import { markOrganizationBusiness } from '../billing/billing-store.js';
import { insertMember } from '../organizations/member-store.js';
import { createOrganization } from '../organizations/organization-service.js';
import { signIn, type TestUser } from './sign-in.js';

let counter = 0;

export interface Fixture {
  owner: TestUser;
  admin: TestUser;
  billing: TestUser;
  outsider: TestUser;
  orgA: { id: string; name: string };
  orgB: { id: string; name: string };
  agentA: string;
  agentB: string;
}

export async function seedFixture(
  app: FastifyInstance,
  options: { business?: boolean; licenses?: number } = {},
): Promise<Fixture> {
  counter += 1;
  const tag = `${counter}-${randomUUID().slice(0, 6)}`;
  const db = app.dockhand.db;
  const owner = await signIn(app, `owner-${tag}@a.test`);
  const admin = await signIn(app, `admin-${tag}@a.test`);
  const billing = await signIn(app, `billing-${tag}@a.test`);
  const outsider = await signIn(app, `outsider-${tag}@b.test`);
  const orgA = await createOrganization(db, owner.id, `Alpha ${tag}`);
  const orgB = await createOrganization(db, outsider.id, `Bravo ${tag}`);
  await insertMember(db, orgA.id, admin.id, 'admin', Date.now());
  await insertMember(db, orgA.id, billing.id, 'billing', Date.now());
  if (options.business) {
    await markOrganizationBusiness(db, orgA.id, {
      licenses: options.licenses ?? 2,
      customerId: null,
      subscriptionId: null,
      eventAt: null,
    });
  }
  const agentA = randomUUID();
  const agentB = randomUUID();
  await insertAgent(db, { id: agentA, organizationId: orgA.id, name: `server-a-${tag}` });
  await insertAgent(db, { id: agentB, organizationId: orgB.id, name: `server-b-${tag}` });
  return { owner, admin, billing, outsider, orgA, orgB, agentA, agentB };
}

/** An app row on `agentId` (as an install would store it, without files or variables). */
export async function insertTestApp(
  app: FastifyInstance,
  agentId: string,
  id: string,
  fields: { name?: string; icon?: string } = {},
): Promise<void> {
  const now = Date.now();
  await app.dockhand.db
    .insertInto('apps')
    .values({
      id,
      agent_id: agentId,
      name: fields.name ?? id,
      project: id,
      description: null,
      version: null,
      template_id: null,
      extension: null,
      icon: fields.icon ?? 'Package',
      color: '#3B82F6',
      extension_values: '[]',
      supported_extensions: '[]',
      status: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Everything an organization, server or app-customizing call could change, for "nothing changed" assertions. */
export async function snapshot(app: FastifyInstance): Promise<string> {
  const db = app.dockhand.db;
  const tables = await Promise.all([
    db.selectFrom('organizations').selectAll().orderBy('id').execute(),
    db.selectFrom('organization_members').selectAll().orderBy('organization_id').orderBy('user_id').execute(),
    db.selectFrom('organization_invitations').selectAll().orderBy('id').execute(),
    db.selectFrom('agents').selectAll().orderBy('id').execute(),
    db.selectFrom('dev_checkouts').selectAll().orderBy('id').execute(),
    db.selectFrom('apps').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

/**
 * The body of create-app, or of update-app when `config` holds the app's id, for a custom app with
 * one compose file (`compose`); `config` gives the rest of its config (name, version...).
 */
export const customAppBody = (config: object, compose = 'services: {}\n') => ({
  config: {
    ...config,
    files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user' }],
    variables: [],
  },
  files: { f: compose },
  variables: {},
});

/** The body of create-app for a custom app with one compose file. */
export const customApp = (name: string) => customAppBody({ name });
