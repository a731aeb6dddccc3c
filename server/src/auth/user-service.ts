/**
 * Users come from the identity provider: the callback creates or updates the user, then turns
 * pending invitations for a verified email into memberships.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { authErrors } from './errors.js';
import { acceptInvitations } from '../organizations/member-store.js';
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

export async function upsertUserFromIdentity(db: Kysely<Database>, identity: Identity): Promise<string> {
  const email = identity.email?.trim().toLowerCase();
  if (!email || email.length > MAX_FIELD) {
    throw authErrors.emailMissing();
  }
  const name = (identity.name?.trim() || email).slice(0, MAX_FIELD);
  const image = identity.image && identity.image.length <= 2048 ? identity.image : null;
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByIdentity(trx, identity.issuer, identity.subject);
    let userId: string;
    if (existing) {
      userId = existing.id;
      await updateUserProfile(trx, userId, { email, name, image, now });
    } else {
      userId = randomUUID();
      await insertUser(trx, {
        id: userId,
        issuer: identity.issuer,
        subject: identity.subject,
        email,
        name,
        image,
        created_at: now,
        updated_at: now,
      });
    }
    // Only a verified address proves the invitee owns it.
    if (identity.emailVerified) await acceptInvitations(trx, userId, email, now);
    return userId;
  });
}
