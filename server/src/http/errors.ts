import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * A failure a user can act on. Services throw these; the one error handler below turns them into
 * `{success:false, message}` with the status. `code` is stable for logs and tests, `message` is the
 * exact user-facing text of the spec.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send({ success: false, message: error.message });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      // Malformed JSON, schema failures, oversized bodies: a clear 4xx, never a crash.
      const message = fastifyError.validation ? 'Invalid request' : fastifyError.message;
      return reply.status(fastifyError.statusCode).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, message: `Not found: ${request.method} ${request.url}` });
  });
}
