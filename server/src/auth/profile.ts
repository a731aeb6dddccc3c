/** The signed-in user's profile as GET /auth/user returns it (spec section 3, User). */
import type { Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { Type } from '@sinclair/typebox';
import { UserOrganizationView } from '../organizations/role-schema.js';
import { listOrganizationsOfUser } from '../organizations/organization-store.js';
import type { SessionUser } from './session-store.js';

/** The answer's shape: the route's response schema (and /api/docs) and this type are one. */
export const UserProfile = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  organizations: Type.Array(UserOrganizationView),
});
export type UserProfile = Static<typeof UserProfile>;

export async function getProfile(db: Kysely<Database>, user: SessionUser): Promise<UserProfile> {
  // A copy: the cached list is shared (db/read-cache.ts).
  const organizations = [...(await listOrganizationsOfUser(db, user.id))];
  return { user_id: user.id, name: user.name, email: user.email, image: user.image, organizations };
}
