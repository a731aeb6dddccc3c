import { useCallback, useEffect, useState } from 'react';
import { eventBus, type Agent } from 'shared';
import { chooseCurrentAgentId, readStoredAgentId, storeAgentId } from './current-agent-choice';

/**
 * The current server (spec section 4, Agent): the stored `agent_id` while it is in the list,
 * otherwise the first server, which is then stored. Every change is published as `agent:selected`.
 */
export function useAgentSelection(agents: readonly Agent[], listLoaded: boolean) {
  const [storedId, setStoredId] = useState<string | null>(readStoredAgentId);
  const currentAgentId = listLoaded ? chooseCurrentAgentId(agents, storedId) : storedId;

  const selectAgent = useCallback((agentId: string | null) => {
    storeAgentId(agentId);
    setStoredId(agentId);
    eventBus.publish('agent:selected', { agentId });
  }, []);

  // The first agent is chosen and stored when the stored one is missing or gone.
  useEffect(() => {
    if (!listLoaded || currentAgentId === readStoredAgentId()) return;
    storeAgentId(currentAgentId);
    eventBus.publish('agent:selected', { agentId: currentAgentId });
  }, [listLoaded, currentAgentId]);

  return { currentAgentId, selectAgent };
}
