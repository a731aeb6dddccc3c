/**
 * Who is connected right now. The app context holds one `AgentPresence`; it starts as
 * `noAgentsOnline` and app.ts replaces it with the agent hub (`context.presence = hub`).
 * Services read `context.presence` at call time, never a copy.
 */
export interface AgentPresence {
  isOnline(agentId: string): boolean;
}

export const noAgentsOnline: AgentPresence = {
  isOnline: () => false,
};

/** The agent hub also knows whether each connected agent's Docker engine answers it. */
export interface DockerHealth {
  /** The agent's last `docker-status` (an agent that never sent one: yes); false when offline. */
  isDockerResponding(agentId: string): boolean;
}

/** Reported app statuses hold only while the agent is connected and its Docker answers; else Unknown. */
export function statusesAreLive(presence: AgentPresence & DockerHealth, agentId: string): boolean {
  return presence.isOnline(agentId) && presence.isDockerResponding(agentId);
}
