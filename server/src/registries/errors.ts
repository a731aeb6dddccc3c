/** The registries area's error catalogue (spec section 5, Registry). */
import { RegistryText } from 'contract';
import { DomainError } from '../errors/domain-error.js';

export const registryErrors = {
  addressRequired: () => new DomainError('REGISTRY_ADDRESS_REQUIRED', RegistryText.addressRequired),
  addressTooLong: () => new DomainError('REGISTRY_ADDRESS_LONG', RegistryText.addressTooLong),
  /** Any refusal of the contract's address rule, with its text. */
  addressRefused: (message: string) => new DomainError('REGISTRY_ADDRESS_INVALID', message),
  notEncrypted: (field: 'username' | 'password') =>
    new DomainError(
      'REGISTRY_NOT_ENCRYPTED',
      `The registry ${field} must be encrypted with the agent certificate`,
    ),
} as const;
