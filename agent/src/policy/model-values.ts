/** Reading loosely typed compose YAML/JSON without trusting its shape. */
export type Model = Record<string, unknown>;

export function asRecord(value: unknown): Model {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Model) : {};
}

export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}
