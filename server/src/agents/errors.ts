/** The agents area's error catalogue: stable codes, exact user-facing texts (spec sections 5, 6 and 8). */
import { DisplayNames, DisplayNameText, DOCKER_NOT_RESPONDING } from 'contract';
import { DomainError } from '../errors/domain-error.js';

export const agentErrors = {
  idRequired: () => new DomainError('AGENT_ID_REQUIRED', 'Agent ID is required'),
  serverIdRequired: () => new DomainError('AGENT_ID_REQUIRED', 'Server ID is required'),
  notFound: (agentId: string) => new DomainError('AGENT_NOT_FOUND', `Agent with ID ${agentId} not found`),
  forbidden: () =>
    new DomainError('AGENT_FORBIDDEN', 'You don’t have permission to manage settings for this server.'),
  offline: () => new DomainError('AGENT_OFFLINE', 'Agent is offline'),
  dockerNotResponding: () => new DomainError('DOCKER_NOT_RESPONDING', DOCKER_NOT_RESPONDING),
  online: () =>
    new DomainError('AGENT_ONLINE', 'The server must be offline to be deleted. Stop its agent first.'),
  nameRequired: () => new DomainError('AGENT_NAME_REQUIRED', DisplayNameText.required(DisplayNames.server)),
  nameTooLong: () => new DomainError('AGENT_NAME_LONG', DisplayNameText.tooLong(DisplayNames.server)),
  /** Any refusal of the contract's name rule, with its text. */
  nameRefused: (message: string) => new DomainError('AGENT_NAME_INVALID', message),
  /** Says when to try again: the limit's window, rounded up to whole minutes. */
  pairingRateLimited: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const error = new DomainError(
      'PAIRING_RATE_LIMITED',
      `Too many attempts. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
    );
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  },
  pairingCodeInvalid: () =>
    new DomainError(
      'PAIRING_CODE_INVALID',
      'Invalid or expired code. Check the code printed by the agent and try again.',
    ),
} as const;
