/**
 * Field readers for validating template.json: each reads one field of an untrusted object and
 * throws a TemplateFieldError naming the field's path (e.g. `registry.releases[2].date`).
 */

export class TemplateFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`field '${field}' ${message}`);
    this.name = 'TemplateFieldError';
  }
}

export type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

export function readObject(value: unknown, field: string): JsonObject {
  if (!isObject(value)) throw new TemplateFieldError(field, 'must be an object');
  return value;
}

export function readString(
  object: JsonObject,
  key: string,
  parent = '',
  options: { allowEmpty?: boolean } = {},
): string {
  const field = fieldPath(parent, key);
  const value = object[key];
  if (typeof value !== 'string') throw new TemplateFieldError(field, 'must be a string');
  if (!options.allowEmpty && value.trim() === '') throw new TemplateFieldError(field, 'must not be empty');
  return value;
}

export function readBoolean(object: JsonObject, key: string, parent = ''): boolean {
  const value = object[key];
  if (typeof value !== 'boolean')
    throw new TemplateFieldError(fieldPath(parent, key), 'must be true or false');
  return value;
}

export function readUrl(object: JsonObject, key: string, parent = ''): string {
  const value = readString(object, key, parent);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TemplateFieldError(fieldPath(parent, key), `must be an absolute URL, got '${value}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TemplateFieldError(fieldPath(parent, key), `must be an http(s) URL, got '${value}'`);
  }
  return value;
}

/** A URL or null; a missing key counts as null. */
export function readOptionalUrl(object: JsonObject, key: string, parent = ''): string | null {
  return object[key] === undefined || object[key] === null ? null : readUrl(object, key, parent);
}

export function readArray(object: JsonObject, key: string, parent = ''): unknown[] {
  const value = object[key];
  if (!Array.isArray(value)) throw new TemplateFieldError(fieldPath(parent, key), 'must be a list');
  return value;
}

/** An optional list: a missing key counts as empty. */
export function readOptionalArray(object: JsonObject, key: string, parent = ''): unknown[] {
  return object[key] === undefined ? [] : readArray(object, key, parent);
}

export function readStringList(object: JsonObject, key: string, parent = ''): string[] {
  return readArray(object, key, parent).map((item, index) => {
    if (typeof item !== 'string' || item.trim() === '') {
      throw new TemplateFieldError(fieldPath(fieldPath(parent, key), index), 'must be a non-empty string');
    }
    return item;
  });
}

/** The value itself when it is one of `allowed`; otherwise an error naming `field`. */
function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T)) {
    throw new TemplateFieldError(field, `must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** A list whose items must each be one of `allowed`, without repeats. */
export function readEnumList<T extends string>(
  object: JsonObject,
  key: string,
  allowed: readonly T[],
  parent = '',
): T[] {
  const field = fieldPath(parent, key);
  const result: T[] = [];
  readOptionalArray(object, key, parent).forEach((item, index) => {
    const value = requireOneOf(item, allowed, fieldPath(field, index));
    if (result.includes(value)) throw new TemplateFieldError(fieldPath(field, index), `repeats '${value}'`);
    result.push(value);
  });
  return result;
}

export function readEnum<T extends string>(
  object: JsonObject,
  key: string,
  allowed: readonly T[],
  parent = '',
): T {
  return requireOneOf(object[key], allowed, fieldPath(parent, key));
}

/** Fails on the first value seen twice, naming the field where it repeats. */
export function requireUnique(
  values: readonly string[],
  field: (index: number) => string,
  what: string,
): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value)) throw new TemplateFieldError(field(index), `repeats ${what} '${value}'`);
    seen.add(value);
  });
}
