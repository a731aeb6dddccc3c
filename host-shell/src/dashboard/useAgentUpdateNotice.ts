import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { capabilityValue, eventBus, type Agent } from 'shared';
import { agentVersionsQueryOptions, newestAgentUpdate } from './agent-versions';

/**
 * localStorage key of the newest version already announced per server ({agentId: version}): a
 * notice the user has seen stays away across pages and reloads until a newer release appears.
 */
const AGENT_UPDATE_NOTICES_KEY = 'agent_update_notices';

function announcedVersions(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AGENT_UPDATE_NOTICES_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function rememberAnnounced(agentId: string, version: string): void {
  localStorage.setItem(
    AGENT_UPDATE_NOTICES_KEY,
    JSON.stringify({ ...announcedVersions(), [agentId]: version }),
  );
}

/** Whether the agent can be updated; raises the 'Update Available' toast once per server and release. */
export function useAgentUpdateNotice(agent: Agent | null): boolean {
  const agentId = agent?.id ?? '';
  const versions = useQuery({ ...agentVersionsQueryOptions(agentId), enabled: Boolean(agent) });
  const running = agent ? capabilityValue(agent.capabilities, 'agent_version') : null;
  const newest = newestAgentUpdate(versions.data ?? [], running);
  const name = agent?.name;
  useEffect(() => {
    // Only the server these versions were fetched for is named, whichever is selected by then.
    if (!newest || !agentId || !name || announcedVersions()[agentId] === newest) return;
    rememberAnnounced(agentId, newest);
    eventBus.publish('toast:show', {
      title: 'Update Available',
      description: `A newer agent version is available for ${name}.`,
      // A background notice: it must not hide 'Server Connected' when an outdated server is paired.
      polite: true,
    });
  }, [newest, agentId, name]);
  return newest !== null;
}
