/** The registries area's error catalogue (spec section 5, Registry). */
import { DomainError } from '../errors/domain-error.js';

export const registryErrors = {
  addressRequired: () => new DomainError('REGISTRY_ADDRESS_REQUIRED', 'Address is required'),
  notEncrypted: (field: 'username' | 'password') =>
    new DomainError(
      'REGISTRY_NOT_ENCRYPTED',
      `The registry ${field} must be encrypted with the agent certificate`,
    ),
} as const;
