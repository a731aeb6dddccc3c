/** Server (agent) changes any page may make: rename and delete (spec section 7, Agents). */
import type { Agent } from '../types';
import { apiCall, apiPost } from './client';

/** POST rename-agent; resolves with the server's message ('Server Renamed'). */
export async function renameAgent(agentId: string, name: string): Promise<string> {
  const { message } = await apiCall<{ agent?: Agent } | null>('/api/v1/agents/rename-agent', {
    method: 'POST',
    body: { agent_id: agentId, name },
    failureMessage: 'Failed to rename server',
  });
  return message;
}

/** POST delete-agent; the server refuses while the agent is online. */
export async function deleteAgent(agentId: string): Promise<void> {
  await apiPost<unknown>(
    '/api/v1/agents/delete-agent',
    { agent_id: agentId },
    { failureMessage: 'Failed to delete agent', failureDetail: 'none' },
  );
}
