/** The apps tables (migration 100, apps part): an app on an agent and its user files and variables. Booleans are 0/1 integers, times are ms. */
export interface AppsTable {
  id: string;
  agent_id: string;
  name: string;
  /** Compose project name on the agent, fixed at creation (renaming the app keeps it). */
  project: string;
  description: string | null;
  version: string | null;
  template_id: string | null;
  extension: string | null;
  icon: string;
  color: string;
  /** JSON [{extension, extension_app_id}] (contract ExtensionValue); the app's own id = Expose Port. */
  extension_values: string;
  /** JSON [{extension, service, port}] a custom app chose (a catalog app's come from its template). */
  supported_extensions: string;
  /** Last status code the agent reported (spec section 4). */
  status: number;
  created_at: number;
  updated_at: number;
}

/** type 'user' (edited by users) or 'inherited' (a template secret filled in at install). */
export interface AppFilesTable {
  id: string;
  app_id: string;
  filename: string;
  /** Ciphertext when is_encrypted. */
  content: string;
  is_encrypted: number;
  type: string;
  position: number;
}

export interface AppVariablesTable {
  id: string;
  app_id: string;
  name: string;
  /** Ciphertext when is_encrypted. */
  value: string;
  is_encrypted: number;
  type: string;
  position: number;
}

/** An agent's last inventory (migration 109, PostgreSQL only): JSON InventoryEntry[]. */
interface AgentInventoriesTable {
  agent_id: string;
  apps: string;
  updated_at: number;
}

export interface AppTables {
  agent_inventories: AgentInventoriesTable;
  apps: AppsTable;
  app_files: AppFilesTable;
  app_variables: AppVariablesTable;
}
