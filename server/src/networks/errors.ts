/** The networks area's error catalogue (spec section 5, Network). */
import { DomainError } from '../errors/domain-error.js';

export const networkErrors = {
  nameRequired: () => new DomainError('NETWORK_NAME_REQUIRED', 'Network name is required'),
} as const;
