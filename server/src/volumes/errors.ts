/** The volumes area's error catalogue. */
import { DomainError } from '../errors/domain-error.js';

export const volumeErrors = {
  nameRequired: () => new DomainError('VOLUME_NAME_REQUIRED', 'Volume name is required'),
} as const;
