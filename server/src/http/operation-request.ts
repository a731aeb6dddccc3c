import type { FastifyRequest } from 'fastify';
import { operationKey, type OperationRequest } from '../operations/operation-log.js';
import { userOf } from './access.js';

/**
 * The operation a mutating app call belongs to: the signed-in user and the request's
 * `Idempotency-Key` (one per user action, resent on a retry); without the header the server makes
 * a key, so API clients that do not send one keep working (without retry protection).
 */
export function operationOf(request: FastifyRequest): OperationRequest {
  return { userId: userOf(request).id, key: operationKey(request.headers['idempotency-key']) };
}
