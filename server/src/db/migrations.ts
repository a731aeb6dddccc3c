/**
 * The ordered list of schema migrations, run at start (`runMigrations`). Names start with a
 * three-digit number; each migration's code lives with the concern whose tables it shapes
 * (`{area}/migration-*.ts`, or db/migrations/ for the first core tables). A migration name, once
 * shipped, never changes: split code stays one step (see 100).
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as agentsPart100 from '../agents/migration-100-agents.js';
import * as appsPart100 from '../apps/migration-100-apps.js';
import * as core from './migrations/001-core.js';
import * as auth from './migrations/002-auth.js';
import * as billing from './migrations/003-billing.js';

const coreMigrations: Record<string, Migration> = {
  '001_core': core,
  '002_auth': auth,
  '003_billing': billing,
};

const agentMigrations: Record<string, Migration> = {
  '100_agent_hub': {
    up: async (db) => {
      await agentsPart100.up(db);
      await appsPart100.up(db);
    },
  },
};

export const migrations: Readonly<Record<string, Migration>> = { ...coreMigrations, ...agentMigrations };

/** Applies every pending migration in name order; throws (refusing to start) if one fails. */
export async function runMigrations(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Two owners add numbers independently; a later core number may land after an agent one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`);
  }
}
