/**
 * Session cookies. `access_token` is readable by the page (the dashboard decodes its `exp`),
 * SameSite=Lax, path `/`. `refresh_token` is httpOnly, SameSite=Strict and only sent to `/auth`.
 * Both are Secure when PUBLIC_URL is https.
 */
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import type { IssuedSession } from './session-service.js';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/auth';

function secure(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}

export function setSessionCookies(reply: FastifyReply, config: Config, session: IssuedSession): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, session.accessToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: secure(config),
    maxAge: config.auth.accessTokenTtlSeconds,
  });
  reply.setCookie(REFRESH_TOKEN_COOKIE, session.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
    maxAge: config.auth.refreshTokenTtlSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/', sameSite: 'lax', secure: secure(config) });
  reply.clearCookie(REFRESH_TOKEN_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
  });
}
