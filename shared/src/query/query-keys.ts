/**
 * Query keys as a tree with one root per area: invalidating a root invalidates its subtree.
 * Everything that belongs to one server is rooted under its id (`['apps', agentId, ...]`), so
 * `agentScopedRoots(agentId)` names every cache entry of that server (dropped when it is deleted).
 */
export const queryKeys = {
  agents: {
    all: () => ['agents'] as const,
    list: () => ['agents', 'list'] as const,
    statuses: () => ['agents', 'statuses'] as const,
    /** What the shell knows of one server beyond the list (its available agent versions). */
    one: (agentId: string) => ['agents', agentId] as const,
    versions: (agentId: string) => ['agents', agentId, 'versions'] as const,
  },
  apps: {
    all: (agentId: string) => ['apps', agentId] as const,
    list: (agentId: string) => ['apps', agentId, 'list'] as const,
    statuses: (agentId: string) => ['apps', agentId, 'statuses'] as const,
    /** Apps found on the server without a record, and records whose app is missing there. */
    inventory: (agentId: string) => ['apps', agentId, 'inventory'] as const,
    /** Every loaded version of one app's details. */
    details: (agentId: string, appId: string) => ['apps', agentId, 'detail', appId] as const,
    detail: (agentId: string, appId: string, version?: string) =>
      ['apps', agentId, 'detail', appId, version ?? 'current'] as const,
    /** One app's deploy history, and (under it) the output of one deploy. */
    history: (agentId: string, appId: string) => ['apps', agentId, 'history', appId] as const,
    deployOutput: (agentId: string, appId: string, deployId: string) =>
      ['apps', agentId, 'history', appId, deployId] as const,
  },
  catalog: {
    all: (agentId: string) => ['catalog', agentId] as const,
    list: (agentId: string) => ['catalog', agentId, 'list'] as const,
  },
  registries: {
    all: (agentId: string) => ['registries', agentId] as const,
    list: (agentId: string) => ['registries', agentId, 'list'] as const,
  },
  networks: {
    all: (agentId: string) => ['networks', agentId] as const,
    list: (agentId: string) => ['networks', agentId, 'list'] as const,
  },
  volumes: {
    all: (agentId: string) => ['volumes', agentId] as const,
    list: (agentId: string) => ['volumes', agentId, 'list'] as const,
  },
  organizations: {
    all: () => ['organizations'] as const,
    members: (organizationId: string) => ['organizations', organizationId, 'members'] as const,
    /** Invitations addressed to the signed-in user. */
    invitations: () => ['organizations', 'invitations'] as const,
  },
  /** The Dockhand server itself (its release). */
  server: {
    version: () => ['server', 'version'] as const,
  },
} as const;

/** The roots of every query that belongs to one server. */
export function agentScopedRoots(agentId: string) {
  return [
    queryKeys.agents.one(agentId),
    queryKeys.apps.all(agentId),
    queryKeys.catalog.all(agentId),
    queryKeys.registries.all(agentId),
    queryKeys.networks.all(agentId),
    queryKeys.volumes.all(agentId),
  ] as const;
}
