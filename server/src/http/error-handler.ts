/**
 * The one error handler: domain errors become `{success:false, message}` with the status of their
 * code (`error-statuses.ts`); schema refusals take the field's own text (see `schemas.ts`) or
 * 'Invalid request'; a database that cannot be reached or a full disk answers 503/507 with its
 * own text (`db/errors.ts`), the driver's error logged as it was; anything else unexpected is
 * logged and answers 500 without details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SizeText } from 'contract';
import { databaseFailureOf } from '../db/errors.js';
import { DomainError } from '../errors/domain-error.js';
import { httpStatusOf, retryAfterOf } from './error-statuses.js';

type SchemaError = NonNullable<FastifyError['validation']>[number];
type FieldSchema = { 'x-missing'?: string; 'x-too-long'?: string };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(reply, error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendDomainError(reply, new DomainError('REQUEST_TOO_LARGE', SizeText.requestTooLarge));
    if (error.validation) {
      return reply.status(400).send({ success: false, message: schemaRefusal(error, request) });
    }
    if (error.statusCode && error.statusCode < 500) {
      // Malformed JSON, oversized bodies, unsupported content types: a clear 4xx, never a crash.
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    const databaseFailure = databaseFailureOf(error);
    if (databaseFailure) {
      request.log.error({ err: error }, databaseFailure.message);
      return sendDomainError(reply, databaseFailure);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, message: `Not found: ${request.method} ${request.url}` });
  });
}

function sendDomainError(reply: FastifyReply, error: DomainError) {
  const retryAfter = error.retryAfterSeconds ?? retryAfterOf(error.code);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.status(httpStatusOf(error.code)).send({
    success: false,
    message: error.message,
    // A failed deploy links to its entry in the app's deploy history (the full output is there).
    ...(error.operationId ? { operation_id: error.operationId } : {}),
  });
}

function schemaRefusal(error: FastifyError, request: FastifyRequest): string {
  const [first] = error.validation ?? [];
  const part = error.validationContext === 'querystring' ? 'querystring' : error.validationContext;
  const schema = part ? (request.routeOptions.schema?.[part as 'body'] as { properties?: object }) : null;
  const field = first ? fieldOf(first, schema?.properties as Record<string, FieldSchema> | undefined) : null;
  if (!first || !field) return 'Invalid request';
  if (first.keyword === 'required' || first.keyword === 'pattern' || first.keyword === 'minLength')
    return field['x-missing'] ?? 'Invalid request';
  if (first.keyword === 'maxLength') return field['x-too-long'] ?? 'Invalid request';
  return 'Invalid request';
}

/** The schema of the top-level field an error is about. */
function fieldOf(
  error: SchemaError,
  properties: Record<string, FieldSchema> | undefined,
): FieldSchema | null {
  const name =
    error.keyword === 'required'
      ? String((error.params as { missingProperty?: unknown }).missingProperty ?? '')
      : error.instancePath.split('/')[1];
  return (name && properties?.[name]) || null;
}
