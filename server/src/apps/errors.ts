/** The apps area's error catalogue: stable codes, exact user-facing texts (spec sections 5 and 8). */
import { AppIdText } from 'contract';
import { DomainError } from '../errors/domain-error.js';

export const appErrors = {
  notFound: () => new DomainError('APP_NOT_FOUND', 'App ID not found'),
  idRequired: () => new DomainError('APP_ID_REQUIRED', 'App ID is required'),
  idInvalid: () => new DomainError('APP_ID_INVALID', AppIdText.invalid),
  idTaken: () => new DomainError('APP_ID_TAKEN', AppIdText.taken),
  idRequiredForUpdate: () => new DomainError('APP_ID_REQUIRED', 'App ID is required for update'),
  templateRequired: () => new DomainError('TEMPLATE_REQUIRED', 'Template ID is required'),
  nameTaken: () => new DomainError('APP_NAME_TAKEN', 'An app with this name already exists'),
  agentUnpaid: () =>
    new DomainError(
      'AGENT_UNPAID',
      'This server has no active plan. Assign it a Free or Pro plan to install or edit apps.',
    ),
  actionInvalid: () => new DomainError('APP_ACTION_INVALID', "Action must be 'active' or 'stopped'"),
  operationInvalid: () =>
    new DomainError(
      'APP_OPERATION_INVALID',
      `Operation must be one of start, restart, update, redeploy (action 'active') or stop (action 'stopped')`,
    ),
  deployNotFound: () => new DomainError('DEPLOY_NOT_FOUND', "This deploy is not in the app's history"),
  deployIdRequired: () => new DomainError('DEPLOY_ID_REQUIRED', 'Deploy ID is required'),
  deployNotRunning: () =>
    new DomainError('DEPLOY_NOT_RUNNING', 'This deploy is no longer running, so it cannot be cancelled.'),
} as const;
