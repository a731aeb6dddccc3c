import type { User } from '../types';
import { createRequiredContext } from './createRequiredContext';

/** The signed-in user (session storage key user_state). The host's auth layer provides it. */
export interface CurrentUserValue {
  user: User | null;
  setUser: (user: User | null) => void;
  /** Removes one organization from the user, e.g. after deleting it. */
  removeOrganization: (organizationId: string) => void;
}

export const [CurrentUserContext, useCurrentUser] =
  createRequiredContext<CurrentUserValue>('CurrentUserContext');
