/** A scan result's `details` read back as plain JSON, as the MCP summary sees the REST body. */
export type JsonDetails = Record<string, unknown>;

/** The objects of a JSON array, or none when `value` is not an array. */
export function objectsIn(value: unknown): JsonDetails[] {
  return Array.isArray(value) ? value.filter((x): x is JsonDetails => typeof x === 'object' && x !== null) : [];
}
