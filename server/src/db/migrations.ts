/**
 * The ordered list of schema migrations, run at start (`runMigrations`). Names start with a
 * three-digit number; each migration's code lives with the concern whose tables it shapes
 * (`<area>/migration-NNN-*.ts`). A shipped name never changes and stays one step, so a step that
 * shapes several concerns runs their parts in order (001, 100, 102).
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as agentsPart001 from '../agents/migration-001-agents.js';
import * as agentsPart100 from '../agents/migration-100-agents.js';
import * as agentsPart102 from '../agents/migration-102-clean-names.js';
import * as pairingAddress110 from '../agents/migration-110-pairing-address.js';
import * as appsPart100 from '../apps/migration-100-apps.js';
import * as appsPart102 from '../apps/migration-102-clean-names.js';
import * as appExtensions105 from '../apps/migration-105-app-extensions.js';
import * as agentInventories109 from '../apps/migration-109-agent-inventories.js';
import * as usersPart001 from '../auth/migration-001-users.js';
import * as sessions002 from '../auth/migration-002-sessions.js';
import * as emailVerified103 from '../auth/migration-103-email-verified.js';
import * as devIdp112 from '../auth/migration-112-dev-idp.js';
import * as billing003 from '../billing/migration-003-billing.js';
import * as attemptLimits104 from '../limits/migration-104-attempt-limits.js';
import * as operations101 from '../operations/migration-101-operations.js';
import * as deployHistory106 from '../operations/migration-106-deploy-history.js';
import * as operationReplica108 from '../operations/migration-108-operation-replica.js';
import * as organizationsPart001 from '../organizations/migration-001-organizations.js';
import * as organizationsPart102 from '../organizations/migration-102-clean-names.js';
import * as replicas107 from '../replicas/migration-107-replicas.js';
import * as presenceChanges111 from '../replicas/migration-111-presence-changes.js';
import * as changeNotices113 from './migration-113-change-notices.js';

/** One step made of parts run in order. */
function inOrder(...parts: Migration[]): Migration {
  return {
    up: async (db) => {
      for (const part of parts) await part.up(db);
    },
  };
}

export const migrations: Readonly<Record<string, Migration>> = {
  '001_core': inOrder(usersPart001, organizationsPart001, agentsPart001),
  '002_auth': sessions002,
  '003_billing': billing003,
  '100_agent_hub': inOrder(agentsPart100, appsPart100),
  '101_app_operations': operations101,
  '102_clean_names': inOrder(organizationsPart102, agentsPart102, appsPart102),
  '103_email_verified': emailVerified103,
  '104_attempt_limits': attemptLimits104,
  '105_app_extensions': appExtensions105,
  '106_deploy_history': deployHistory106,
  '107_replicas': replicas107,
  '108_operation_replica': operationReplica108,
  '109_agent_inventories': agentInventories109,
  '110_pairing_address': pairingAddress110,
  '111_presence_changes': presenceChanges111,
  '112_dev_idp': devIdp112,
  '113_change_notices': changeNotices113,
};

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
