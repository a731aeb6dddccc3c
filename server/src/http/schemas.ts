/**
 * The building blocks of route schemas (TypeBox → JSON Schema, checked by fastify before a handler
 * runs and published at /api/docs). Fields carry the spec's refusal texts as OpenAPI extensions:
 * `x-missing` when the field is absent or blank, `x-too-long` when it is longer than allowed; any
 * other mismatch is 'Invalid request'. The texts come from the areas' error catalogues. `error-handler.ts` reads them, so a route states its input
 * once, here, and a service receives values of the right type.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { DomainError } from '../errors/domain-error.js';

export { Type };

/** An entry of an area's error catalogue (`<area>/errors.ts`): the refusal texts live there. */
type Refusal = () => DomainError;

/** The two keywords above, made known to the schema compiler (see app.ts). */
export const refusalKeywords = ['x-missing', 'x-too-long'] as const;

/** Text that must be present and not blank; trimmed by the service that uses it. */
export function requiredText(missing: Refusal, options: { maxLength?: number; tooLong?: Refusal } = {}) {
  return Type.String({
    pattern: '\\S',
    maxLength: options.maxLength ?? 255,
    'x-missing': missing().message,
    ...(options.tooLong ? { 'x-too-long': options.tooLong().message } : {}),
  });
}

/** An id of a row: present, short text. */
export function requiredId(missing: Refusal) {
  return requiredText(missing, { maxLength: 100 });
}

/** Text a caller may leave out (or send empty). */
export function optionalText(maxLength = 255) {
  return Type.Optional(Type.String({ maxLength }));
}

/** A whole number sent in a query string (query values are text; empty means not given). */
export function optionalNumberText() {
  return Type.Optional(Type.String({ pattern: '^[0-9]{0,15}$' }));
}

/** A JSON object body with these fields (others are ignored). */
export function body<T extends Record<string, TSchema>>(fields: T) {
  return Type.Object(fields);
}

/** A query string with these fields. */
export const query = body;

/** The spec's response envelope (section 7): `{success, message, data}`. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Boolean(), message: Type.String(), data });
}

/** The answer without data. */
export const done = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** Every refusal: 4xx and 5xx answers; a failed deploy names its deploy history entry. */
const refusal = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  operation_id: Type.Optional(Type.String()),
});

/** `response` for a route answering `ok`, with the refusal shape for every error status. */
export function answers<T extends TSchema>(ok: T) {
  return { 200: ok, '4xx': refusal, '5xx': refusal };
}
