/**
 * What server and dashboard say while a server is online but its Docker engine does not answer the
 * agent (the agent's `docker-status`): the server card's line and the refusal of app controls.
 */
export const DOCKER_NOT_RESPONDING = 'Docker is not responding on this server';
