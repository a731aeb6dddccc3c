/** The dashboard host's error catalogue. */
import { DomainError } from '../errors/domain-error.js';

export const dashboardErrors = {
  noRemotes: () => new DomainError('NO_REMOTES', 'No remote is released yet: run pnpm build'),
} as const;
