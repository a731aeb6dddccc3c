/**
 * Test helper: signs a user in the way the OIDC callback does (same user and session code), without
 * the browser round trip. The full code flow has its own test (auth/oidc-flow.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { openSession } from '../auth/session-service.js';
import { upsertUserFromIdentity } from '../auth/user-service.js';

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  /** Bearer header for API calls. */
  headers: { authorization: string };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  name = email.split('@')[0]!,
  options: { emailVerified?: boolean } = {},
): Promise<TestUser> {
  const context = app.dockhand;
  const id = await upsertUserFromIdentity(context, {
    issuer: context.config.auth.issuer,
    subject: `test-${email}`,
    email,
    emailVerified: options.emailVerified ?? true,
    name,
    image: undefined,
  });
  const session = await openSession(context, id);
  return {
    id,
    email,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    sessionId: session.sessionId,
    headers: { authorization: `Bearer ${session.accessToken}` },
  };
}
