/**
 * Security headers on every response, and CSRF protection for state-changing `/api/v1` and
 * `/auth` calls: a request that carries cookies and no bearer header must carry an Origin (or, failing that,
 * a Referer) of this site. Bearer-header requests are safe by construction (a foreign page cannot
 * set the header), so they pass. A GET that changes state (the spec's `GET /auth/logout`) declares
 * `config: { changesState: true }`: it is refused when the browser says the request comes from
 * another site (`Sec-Fetch-Site: cross-site`, or a foreign Origin), so a link or redirect on a
 * foreign page cannot sign anyone out; same-site use is unchanged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config.js';
import { edgeErrors } from './errors.js';
import { withHookFirst } from './route-hooks.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A safe-method route that changes state anyway; refused when the request is cross-site. */
    changesState?: boolean;
  }
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Emotion (Chakra) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const strictTransport = config.publicUrl.startsWith('https://');

  // Both hooks run on every call and wait for nothing: callback style, so no promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    if (strictTransport) reply.header('Strict-Transport-Security', 'max-age=31536000');
    done(null, payload);
  });

  const ownOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    done(forgedRequest(request, ownOrigin) ? edgeErrors.originNotAllowed() : undefined);
  });
  // Only the few routes that declare `changesState` look at where the call comes from, first of
  // their own hooks (registered after access.ts's, whose hooks go first too).
  const refuseCrossSite = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(crossSite(request, ownOrigin) ? edgeErrors.originNotAllowed() : undefined);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.changesState) return;
    route.onRequest = withHookFirst(refuseCrossSite, route.onRequest);
  });
}

/** A call that may change state: any but GET, HEAD and OPTIONS, or a route declaring `changesState`. */
export function mayChangeState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
}

/** A state-changing method's call carrying cookies without this site's Origin. */
function forgedRequest(request: FastifyRequest, ownOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method) || !needsCsrfCheck(request.url)) return false;
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return false;
  // Without any cookie the request carries no ambient credential; authentication answers it.
  if (!request.headers.cookie) return false;
  return !sentOrigin(request, ownOrigin);
}

function needsCsrfCheck(url: string): boolean {
  return url.startsWith('/api/v1/') || url.startsWith('/auth/') || url.startsWith('/billing/dev/');
}

function crossSite(request: FastifyRequest, ownOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== ownOrigin;
}

function sentOrigin(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === ownOrigin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return new URL(referer).origin === ownOrigin;
  } catch {
    return false;
  }
}
