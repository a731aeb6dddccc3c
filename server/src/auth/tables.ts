/** Users, sessions, rotating refresh tokens and persisted server secrets. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  /** Issuer URL + subject identify the account at the identity provider. */
  issuer: string;
  subject: string;
  /** Lower-cased. */
  email: string;
  /** 1 when the identity provider vouched for `email` at the last sign-in (invitations need it). */
  email_verified: Generated<number>;
  name: string;
  image: string | null;
  created_at: number;
  updated_at: number;
}

/** One sign-in: the family of all refresh tokens rotated from it. */
interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: number;
  /** Set when rotated; presenting a used token again is a replay. */
  used_at: number | null;
}

/** Secrets the server generates once and keeps across restarts (e.g. the session signing key). */
interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/**
 * The dev identity provider's artefacts (migration 112), keyed `{model}:{id}`: the payload is
 * oidc-provider's, as JSON; `uid` finds an interaction's session, `grant_id` revokes a grant's.
 */
interface DevIdpArtefactsTable {
  id: string;
  uid: string | null;
  grant_id: string | null;
  payload: string;
  expires_at: number;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  server_secrets: ServerSecretsTable;
  dev_idp_artefacts: DevIdpArtefactsTable;
}
