/** Entities of spec section 3, as the API returns them (snake_case) or as the client holds them. */
import type {
  AppStatusCode,
  CatalogItem as ContractCatalogItem,
  ComposeFilesInUse,
  ExtensionValue,
  OrganizationRole,
  SupportedExtension,
} from 'contract/rules';

export type { AppStatusCode, ExtensionValue, OrganizationRole, SupportedExtension };
export type SubscriptionStatus = 'free' | 'paid' | 'unpaid';

export interface UserOrganization {
  id: string;
  name: string;
  role: OrganizationRole;
  subscription_status: SubscriptionStatus;
  /** Count of included Pro servers. */
  licenses: number;
}

/** Kept in session storage under `user_state`. */
export interface User {
  /** From the API's `user_id`. */
  id: string;
  name: string;
  email: string;
  image: string | null;
  organizations: UserOrganization[];
}

export interface AgentCapability {
  name: string;
  value: string;
}

export interface AgentFeature {
  name: string;
  is_enabled: boolean;
}

export interface Agent {
  id: string;
  name: string;
  certificate: string;
  /** Converted by the client to a millisecond time. */
  last_seen: number | null;
  organization_id: string;
  /** Unset is treated as unpaid in one place and free in another (spec section 3). */
  subscription_status?: SubscriptionStatus | string | null;
  capabilities: AgentCapability[];
  features: AgentFeature[];
}

export interface AgentStatus {
  agentId: string;
  /** True when the status code equals 1. */
  isOnline: boolean;
}

export interface AgentVersion {
  version_number: string;
  name: string;
  is_beta: boolean;
  message: string;
  url: string;
}

export interface Organization {
  id: string;
  name: string;
  /** 'paid' means Business, anything else Individual. */
  subscription_status: SubscriptionStatus;
  role: OrganizationRole;
  licenses: number;
}

export interface Member {
  user_id: string;
  email: string;
  role: OrganizationRole;
}

/** The password is never listed. */
export interface Registry {
  address: string;
  username: string;
}

export interface Network {
  name: string;
}

/** A Docker volume on a server: its size when Docker reports one, and the app that owns it. */
export interface DockerVolume {
  name: string;
  size: number | null;
  app_id: string | null;
  app_name: string | null;
}

/** App status codes: 0 unknown, 1 active, 2 idle, 3 restarting, 4 problematic, 5 stopped. */

export interface AppListItem {
  id: string;
  name: string;
  icon: string;
  color: string;
  extension: string | null;
  status: AppStatusCode | null;
}

export interface AppStatusEntry {
  app_id: string;
  status: AppStatusCode;
}

export interface AppFile {
  id: string;
  filename: string;
  is_encrypted: boolean;
  type: 'user' | 'inherited';
  app_id: string | null;
}

export interface AppVariable {
  id: string;
  name: string;
  is_encrypted: boolean;
  type: 'user' | 'constant' | 'inherited';
  app_id: string | null;
}

export interface AppConfig {
  id: string;
  name: string;
  description: string | null;
  version: string | null;
  template_id: string | null;
  extension: string | null;
  icon: string;
  color: string;
  files: AppFile[];
  variables: AppVariable[];
  /** No value for an extension means None (spec section 3). */
  extension_values: ExtensionValue[];
  /** The extensions the app can use, with the compose service and container port they reach. */
  supported_extensions: SupportedExtension[];
}

export interface AppDetails {
  config: AppConfig;
  tags: { name: string }[];
  versions: { name: string; breaking_changes: boolean }[];
  /** File contents by file id. */
  files: Record<string, string>;
  /** Variable values by variable id. */
  variables: Record<string, string>;
  /** The compose files and profiles the app runs with (servers before shared 2.5 send none). */
  compose?: ComposeFilesInUse;
  /** The apps that use the extension this app provides (exposed through this proxy); older servers send none. */
  extension_users?: { id: string; name: string }[];
}

/** A catalog item as the API lists it (the contract's), with what the client adds. */
export interface CatalogItem extends ContractCatalogItem {
  featured?: boolean;
  url?: string;
  image?: string;
}

export interface LogEntry {
  timestamp: number;
  containerID?: string;
  container_id?: string;
  channel: 'stdout' | 'stderr' | string;
  message: string;
}

export interface LogsPage {
  containers: Record<string, string>;
  logs: LogEntry[];
}

/** The response envelope of every API call (spec section 7). */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data?: T;
  /** On a failed deploy: its entry in the app's deploy history. */
  operation_id?: string;
}
