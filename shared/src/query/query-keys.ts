/**
 * Query keys as a tree with one root per area: invalidating a root invalidates its subtree
 * (e.g. `queryKeys.apps.all(agentId)` covers the list, statuses and details of that server).
 */
export const queryKeys = {
  auth: {
    all: () => ['auth'] as const,
    user: () => ['auth', 'user'] as const,
  },
  agents: {
    all: () => ['agents'] as const,
    list: () => ['agents', 'list'] as const,
    statuses: () => ['agents', 'statuses'] as const,
    versions: (agentId: string) => ['agents', 'versions', agentId] as const,
  },
  apps: {
    all: (agentId: string) => ['apps', agentId] as const,
    list: (agentId: string) => ['apps', agentId, 'list'] as const,
    statuses: (agentId: string) => ['apps', agentId, 'statuses'] as const,
    /** Every loaded version of one app's details. */
    details: (agentId: string, appId: string) => ['apps', agentId, 'detail', appId] as const,
    detail: (agentId: string, appId: string, version?: string) =>
      ['apps', agentId, 'detail', appId, version ?? 'current'] as const,
    logs: (agentId: string, appId: string) => ['apps', agentId, 'logs', appId] as const,
  },
  catalog: {
    all: (agentId: string) => ['catalog', agentId] as const,
    list: (agentId: string) => ['catalog', agentId, 'list'] as const,
  },
  registries: {
    list: (agentId: string) => ['registries', agentId] as const,
  },
  networks: {
    list: (agentId: string) => ['networks', agentId] as const,
  },
  organizations: {
    all: () => ['organizations'] as const,
    members: (organizationId: string) => ['organizations', organizationId, 'members'] as const,
  },
} as const;
