/**
 * The one Kysely `Database` type: every area declares its own tables in its own file and they are
 * combined here. Timestamps are milliseconds since the epoch (numbers on both engines); booleans
 * are stored as 0/1 integers so both engines read them the same way.
 */
import type { AgentTables } from '../agents/tables.js';
import type { AppTables } from '../apps/tables.js';
import type { AuthTables } from '../auth/tables.js';
import type { BillingTables } from '../billing/tables.js';
import type { OperationTables } from '../operations/tables.js';
import type { OrganizationTables } from '../organizations/tables.js';
import type { ReplicaTables } from '../replicas/tables.js';

export type Database = AuthTables &
  OrganizationTables &
  AgentTables &
  BillingTables &
  AppTables &
  OperationTables &
  ReplicaTables;
