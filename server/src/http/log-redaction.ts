/**
 * Request logging without secrets: query strings (OIDC codes and state, billing ids) are dropped
 * from logged URLs, and headers (Authorization, cookies) are never logged.
 */
import type { FastifyRequest } from 'fastify';

export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : `${url.slice(0, queryStart)}?[redacted]`;
}

export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactedUrl(request.url), remoteAddress: request.ip };
  },
};
