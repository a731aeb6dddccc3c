/** The networks area's error catalogue (spec section 5, Network). */
import { DisplayNames, DisplayNameText } from 'contract';
import { DomainError } from '../errors/domain-error.js';

export const networkErrors = {
  nameRequired: () =>
    new DomainError('NETWORK_NAME_REQUIRED', DisplayNameText.required(DisplayNames.network)),
  /** Any refusal of the contract's name rule, with its text. */
  nameRefused: (message: string) => new DomainError('NETWORK_NAME_INVALID', message),
} as const;
