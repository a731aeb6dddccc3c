/** What the dashboard says while a server is online but its Docker engine does not answer the agent. */
export const DOCKER_NOT_RESPONDING = 'Docker is not responding on this server';
/** The app page's overlay then (beside the offline one, 'The server is offline. ...'). */
export const DOCKER_NOT_RESPONDING_APP = `${DOCKER_NOT_RESPONDING}. Interactions with this app are disabled until it answers again.`;
