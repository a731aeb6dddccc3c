/** The agent releases area's error catalogue: stable codes, user-facing texts. */
import { DomainError } from '../errors/domain-error.js';

export const releaseErrors = {
  versionRequired: () => new DomainError('AGENT_VERSION_REQUIRED', 'Agent version is required'),
  versionNotFound: (version: string) =>
    new DomainError('AGENT_VERSION_NOT_FOUND', `Agent version ${version || '(none)'} is not available`),
  versionRunning: (name: string) =>
    new DomainError('AGENT_VERSION_RUNNING', `The agent already runs ${name}`),
  downgradeNotConfirmed: (name: string, running: string) =>
    new DomainError(
      'AGENT_DOWNGRADE_NOT_CONFIRMED',
      `${name} is older than the running ${running}; confirm the downgrade to install it`,
    ),
  releaseKeyMissing: () =>
    new DomainError(
      'AGENT_RELEASE_KEY_MISSING',
      'No agent release key is configured on this server (AGENT_RELEASE_PUBLIC_KEY)',
    ),
} as const;
