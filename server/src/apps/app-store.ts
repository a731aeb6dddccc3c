/** Data access for apps and their user/inherited files and variables. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ExtensionValue } from 'contract';
import type { AppFilesTable, AppsTable, AppVariablesTable } from './tables.js';
import type { Database } from '../db/schema.js';
import { cachedQuery } from '../db/read-cache.js';

type Db = Kysely<Database>;
export type AppRow = Selectable<AppsTable>;
export type AppFileRow = Selectable<AppFilesTable>;
export type AppVariableRow = Selectable<AppVariablesTable>;

export interface StoredApp {
  app: AppRow;
  files: AppFileRow[];
  variables: AppVariableRow[];
}

export async function findApp(db: Db, appId: string): Promise<AppRow | null> {
  return (await db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst()) ?? null;
}

export async function loadStoredApp(db: Db, app: AppRow): Promise<StoredApp> {
  const [files, variables] = await Promise.all([
    db.selectFrom('app_files').selectAll().where('app_id', '=', app.id).orderBy('position').execute(),
    db.selectFrom('app_variables').selectAll().where('app_id', '=', app.id).orderBy('position').execute(),
  ]);
  return { app, files, variables };
}

export async function listAppsOfAgents(db: Db, agentIds: string[]): Promise<AppRow[]> {
  if (agentIds.length === 0) return [];
  return db.selectFrom('apps').selectAll().where('agent_id', 'in', agentIds).orderBy('created_at').execute();
}

/** The dashboard polls it: one round trip, compiled once. */
const appStatusesOfUser = cachedQuery(['userId'], (db: Db, args: { userId: string }) =>
  db
    .selectFrom('apps')
    .innerJoin('agents', 'agents.id', 'apps.agent_id')
    .innerJoin('organization_members', 'organization_members.organization_id', 'agents.organization_id')
    .select(['apps.id', 'apps.agent_id', 'apps.status'])
    .where('organization_members.user_id', '=', args.userId)
    .orderBy('apps.created_at'),
);

/** The status of every app on the agents of the user's organizations. */
export async function listAppStatusesOfUser(
  db: Db,
  userId: string,
): Promise<ReadonlyArray<Pick<AppRow, 'id' | 'agent_id' | 'status'>>> {
  return appStatusesOfUser.run(db, { userId });
}

/** Inserts or replaces an app with all its files and variables in one transaction. */
export async function saveStoredApp(db: Db, stored: StoredApp, isNew: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isNew) await trx.insertInto('apps').values(stored.app).execute();
    else {
      const { id, ...rest } = stored.app;
      await trx.updateTable('apps').set(rest).where('id', '=', id).execute();
    }
    await replaceChildren(trx, stored);
  });
}

async function replaceChildren(trx: Transaction<Database>, stored: StoredApp): Promise<void> {
  await trx.deleteFrom('app_files').where('app_id', '=', stored.app.id).execute();
  await trx.deleteFrom('app_variables').where('app_id', '=', stored.app.id).execute();
  if (stored.files.length > 0) await trx.insertInto('app_files').values(stored.files).execute();
  if (stored.variables.length > 0) await trx.insertInto('app_variables').values(stored.variables).execute();
}

export async function updateAppFields(
  db: Db,
  appId: string,
  fields: Partial<Pick<AppRow, 'name' | 'icon' | 'color' | 'status'>>,
): Promise<void> {
  await db
    .updateTable('apps')
    .set({ ...fields, updated_at: Date.now() })
    .where('id', '=', appId)
    .execute();
}

/**
 * Deletes the app's rows. The apps of its server that used an extension it provides (apps exposed
 * through a proxy) lose that value in the same transaction: they read as None, never as a dangling
 * reference to an app that is gone.
 */
export async function deleteApp(db: Db, appId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const app = await trx.selectFrom('apps').select('agent_id').where('id', '=', appId).executeTakeFirst();
    await trx.deleteFrom('apps').where('id', '=', appId).execute();
    if (!app) return;
    for (const user of await extensionUsersIn(trx, app.agent_id, appId)) {
      const kept = user.values.filter((value) => value.extension_app_id !== appId);
      await trx
        .updateTable('apps')
        .set({ extension_values: JSON.stringify(kept), updated_at: Date.now() })
        .where('id', '=', user.id)
        .execute();
    }
  });
}

/** The other apps of the agent whose extension values name `providerId` (apps exposed through a proxy). */
export async function listExtensionUsers(
  db: Db,
  agentId: string,
  providerId: string,
): Promise<Array<{ id: string; name: string }>> {
  const users = await extensionUsersIn(db, agentId, providerId);
  return users.map(({ id, name }) => ({ id, name }));
}

async function extensionUsersIn(db: Db, agentId: string, providerId: string) {
  const rows = await db
    .selectFrom('apps')
    .select(['id', 'name', 'extension_values'])
    .where('agent_id', '=', agentId)
    .where('id', '!=', providerId)
    .orderBy('created_at')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      values: JSON.parse(row.extension_values) as ExtensionValue[],
    }))
    .filter((row) => row.values.some((value) => value.extension_app_id === providerId));
}

/** Stores statuses an agent reported, only for apps that belong to that agent. */
export async function saveAppStatuses(
  db: Db,
  agentId: string,
  statuses: Array<{ app_id: string; status: number }>,
): Promise<void> {
  for (const entry of statuses) {
    if (
      typeof entry?.app_id !== 'string' ||
      !Number.isInteger(entry.status) ||
      entry.status < 0 ||
      entry.status > 5
    )
      continue;
    await db
      .updateTable('apps')
      .set({ status: entry.status })
      .where('id', '=', entry.app_id)
      .where('agent_id', '=', agentId)
      .execute();
  }
}

export async function appNameTaken(
  db: Db,
  agentId: string,
  name: string,
  exceptAppId: string | null,
): Promise<boolean> {
  const rows = await db.selectFrom('apps').select(['id', 'name']).where('agent_id', '=', agentId).execute();
  return rows.some((row) => row.id !== exceptAppId && row.name.toLowerCase() === name.toLowerCase());
}
