/** A scan result's `details` read back as plain JSON, as the MCP summary sees the REST body. */
export type JsonDetails = Record<string, unknown>;

/** A JSON value as text: a string as itself, an object or array as JSON, never "[object Object]". */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** The objects of a JSON array, or none when `value` is not an array. */
export function objectsIn(value: unknown): JsonDetails[] {
  return Array.isArray(value) ? value.filter((x): x is JsonDetails => typeof x === 'object' && x !== null) : [];
}
