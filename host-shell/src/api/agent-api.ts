import { apiCall, apiGet, toMilliseconds, type Agent, type AgentVersion } from 'shared';

interface RawAgentStatus {
  agent_id: string;
  status: number;
  /** Missing from servers older than the Docker health report: taken as responding. */
  is_docker_responding?: boolean;
}

/** The status poll: who is online (status 1), and which online servers' Docker does not answer. */
export interface AgentStatuses {
  online: ReadonlyMap<string, boolean>;
  dockerNotResponding: ReadonlySet<string>;
}

/** GET get-agents-status. */
export async function fetchAgentStatuses(signal?: AbortSignal): Promise<AgentStatuses> {
  const data = await apiGet<{ agents?: RawAgentStatus[] }>('/api/v1/agents/get-agents-status', {
    failureMessage: 'Failed to fetch agent statuses',
    failureDetail: 'statusText',
    signal,
  });
  const entries = data?.agents ?? [];
  return {
    online: new Map(entries.map((entry) => [entry.agent_id, entry.status === 1])),
    dockerNotResponding: new Set(
      entries
        .filter((entry) => entry.status === 1 && entry.is_docker_responding === false)
        .map((entry) => entry.agent_id),
    ),
  };
}

type RawRegisteredAgent = Omit<Agent, 'last_seen'> & { last_seen?: string | number | null };

/** POST register-agent with the 6-character code; returns the new server. */
export async function registerAgent(
  code: string,
  organizationId: string,
): Promise<{ agent: Agent; message: string }> {
  const { data, message } = await apiCall<{ agent: RawRegisteredAgent }>('/api/v1/agents/register-agent', {
    method: 'POST',
    body: { code, organization_id: organizationId },
    failureMessage: 'Failed to register agent',
    failureDetail: 'statusText',
  });
  const raw = data.agent;
  const agent: Agent = {
    ...raw,
    capabilities: raw.capabilities ?? [],
    features: raw.features ?? [],
    last_seen: toMilliseconds(raw.last_seen ?? null),
  };
  return { agent, message };
}

/** Versions newer than the agent's own; `older` asks for the ones below it (explicit downgrade). */
export async function fetchAgentVersions(
  agentId: string,
  signal?: AbortSignal,
  older = false,
): Promise<AgentVersion[]> {
  const data = await apiGet<{ versions?: AgentVersion[] }>('/api/v1/agents/get-available-versions', {
    query: older ? { agent_id: agentId, older: 'true' } : { agent_id: agentId },
    failureMessage: 'Failed to fetch agent versions',
    failureDetail: 'none',
    signal,
  });
  return data?.versions ?? [];
}

export async function updateAgent(agentId: string, version: string, downgrade = false): Promise<string> {
  const { message } = await apiCall<unknown>('/api/v1/agents/update-agent', {
    method: 'POST',
    body: downgrade ? { agent_id: agentId, version, downgrade: true } : { agent_id: agentId, version },
    failureMessage: 'Update Failed',
  });
  return message;
}
