// The current-agent choice of spec section 4 (Agent). Free of runtime imports from `shared`, so the
// entry script can make the same choice before the shared libraries exist (../early-requests).
import type { Agent } from 'shared';

/** Local storage key of the chosen server (spec section 9, stored keys). */
const AGENT_ID_KEY = 'agent_id';

/**
 * The current agent: the stored id when it is still in the list, otherwise the first agent
 * (which then gets stored), or none.
 */
export function chooseCurrentAgentId(
  agents: readonly Pick<Agent, 'id'>[],
  storedId: string | null,
): string | null {
  if (storedId && agents.some((agent) => agent.id === storedId)) return storedId;
  return agents[0]?.id ?? null;
}

export function readStoredAgentId(): string | null {
  try {
    return localStorage.getItem(AGENT_ID_KEY);
  } catch {
    return null;
  }
}

export function storeAgentId(agentId: string | null): void {
  try {
    if (agentId) localStorage.setItem(AGENT_ID_KEY, agentId);
    else localStorage.removeItem(AGENT_ID_KEY);
  } catch {
    // Storage may be disabled; the selection still holds for this page.
  }
}
