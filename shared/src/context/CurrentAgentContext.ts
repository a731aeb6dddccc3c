import type { Agent } from '../types';
import { createRequiredContext } from './createRequiredContext';

/** The current server and its list (spec section 4, Agent). The host's shell provides it. */
export interface CurrentAgentValue {
  agents: Agent[];
  isLoadingAgents: boolean;
  agentError: string | null;
  currentAgentId: string | null;
  currentAgent: Agent | null;
  isOnline: boolean;
  /**
   * False while the current server is online but its Docker engine does not answer: app statuses
   * are Unknown and app controls are off ('Docker is not responding on this server').
   */
  isDockerResponding: boolean;
  /** Whether any server the user sees is online now (from the shell's status polling). */
  isAgentOnline: (agentId: string) => boolean;
  /** Stores or removes `agent_id` and publishes `agent:selected`. */
  selectAgent: (agentId: string | null) => void;
}

export const [CurrentAgentContext, useCurrentAgent] =
  createRequiredContext<CurrentAgentValue>('CurrentAgentContext');
