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
