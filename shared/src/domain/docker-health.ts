import { DOCKER_NOT_RESPONDING } from 'contract/rules';

/** The app page's overlay while the server's Docker does not answer (beside the offline one). */
export const DOCKER_NOT_RESPONDING_APP = `${DOCKER_NOT_RESPONDING}. Interactions with this app are disabled until it answers again.`;
