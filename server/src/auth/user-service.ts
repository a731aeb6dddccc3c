/**
 * Users come from the identity provider: the callback creates or updates the user and records
 * whether the provider vouched for the email (invitations to it need that, see
 * organizations/invitation-service.ts; signing in no longer joins an organization by itself).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SessionCache } from './session-cache.js';
import { authErrors } from './errors.js';
import { findUserByIdentity, insertUser, updateUserProfile } from './user-store.js';

export interface Identity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  image: string | undefined;
}

const MAX_FIELD = 255;

export async function upsertUserFromIdentity(
  deps: { db: Kysely<Database>; sessions: SessionCache },
  identity: Identity,
): Promise<string> {
  const email = identity.email?.trim().toLowerCase();
  if (!email || email.length > MAX_FIELD) {
    throw authErrors.emailMissing();
  }
  const name = (identity.name?.trim() || email).slice(0, MAX_FIELD);
  const image = identity.image && identity.image.length <= 2048 ? identity.image : null;
  const now = Date.now();
  const emailVerified = identity.emailVerified ? 1 : 0;
  // The user's signed-in sessions carry the profile: they are told of the new one.
  return deps.sessions.change(deps.db, async (trx, announce) => {
    const existing = await findUserByIdentity(trx, identity.issuer, identity.subject);
    let userId: string;
    if (existing) {
      userId = existing.id;
      await updateUserProfile(trx, userId, { email, emailVerified, name, image, now });
      await announce({ changedUser: userId });
    } else {
      userId = randomUUID();
      await insertUser(trx, {
        id: userId,
        issuer: identity.issuer,
        subject: identity.subject,
        email,
        email_verified: emailVerified,
        name,
        image,
        created_at: now,
        updated_at: now,
      });
    }
    return userId;
  });
}
