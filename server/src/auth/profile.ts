/** The signed-in user's profile as GET /auth/user returns it (spec section 3, User). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { listOrganizationsOfUser, type UserOrganization } from '../organizations/organization-store.js';
import type { SessionUser } from './session-store.js';

export interface UserProfile {
  user_id: string;
  name: string;
  email: string;
  image: string | null;
  organizations: UserOrganization[];
}

export async function getProfile(db: Kysely<Database>, user: SessionUser): Promise<UserProfile> {
  const organizations = await listOrganizationsOfUser(db, user.id);
  return { user_id: user.id, name: user.name, email: user.email, image: user.image, organizations };
}
