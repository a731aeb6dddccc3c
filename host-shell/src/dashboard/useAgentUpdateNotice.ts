import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { capabilityValue, eventBus, type Agent } from 'shared';
import { agentVersionsQueryOptions, isAgentUpdateAvailable } from './agent-versions';

/** Whether the agent can be updated; raises the 'Update Available' toast once per server per page. */
export function useAgentUpdateNotice(agent: Agent | null): boolean {
  const versions = useQuery({ ...agentVersionsQueryOptions(agent?.id ?? ''), enabled: Boolean(agent) });
  const running = agent ? capabilityValue(agent.capabilities, 'agent_version') : null;
  const available = isAgentUpdateAvailable(versions.data ?? [], running);
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!available || !agent || announced.current.has(agent.id)) return;
    announced.current.add(agent.id);
    eventBus.publish('toast:show', {
      title: 'Update Available',
      description: `A newer agent version is available for ${agent.name}.`,
    });
  }, [available, agent]);
  return available;
}
