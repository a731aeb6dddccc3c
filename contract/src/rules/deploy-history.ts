/**
 * The deploy history of an app (issue 14): which actions are recorded, and their names on screen.
 * `configure` is a saved configuration at the same version, `version` one that changes the
 * version, `update` pulls newer images of the same configuration. Stop and restart deploy nothing,
 * and are recorded too, so that every control's failure has its cause in the history (issue 35).
 */
export const DEPLOY_ACTIONS = [
  'install',
  'create',
  'configure',
  'version',
  'update',
  'redeploy',
  'start',
  'stop',
  'restart',
  'delete',
] as const;
export type DeployAction = (typeof DEPLOY_ACTIONS)[number];

export const DEPLOY_ACTION_LABELS: Record<DeployAction, string> = {
  install: 'Install',
  create: 'Create',
  configure: 'Configuration change',
  version: 'Version change',
  update: 'Update',
  redeploy: 'Redeploy',
  start: 'Start',
  stop: 'Stop',
  restart: 'Restart',
  delete: 'Delete',
};

/** What compose printed during one deploy is kept up to this length (its start and its end). */
export const DEPLOY_OUTPUT_MAX_CHARS = 64 * 1024;

/** How many deploys an app keeps in its history. */
export const DEPLOY_HISTORY_LIMIT = 50;

/** A deploy is running until the agent answers, then succeeded or failed. */
export const DEPLOY_RESULTS = ['running', 'succeeded', 'failed'] as const;
export type DeployResult = (typeof DEPLOY_RESULTS)[number];
