/**
 * A named schema used with its own description (`v.pipe(Named, v.description(…))`) is written
 * out whole by the converter, which flattens the pipe and so loses the reference. This pass puts
 * the reference back: every subtree that equals a component, apart from its description and
 * title, becomes `{ $ref, description }`. Small components (a bare string, say) are left out, so
 * that a plain member never turns into a reference by coincidence.
 */

type Json = unknown;
type JsonObject = Record<string, Json>;

/** Below this many characters a component is too small to stand for anything but itself. */
const MIN_SHAPE_CHARS = 200;

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema apart from what only labels it. */
function shapeOf(schema: JsonObject): string {
  const labels = new Set(['description', 'title']);
  return JSON.stringify(Object.fromEntries(Object.entries(schema).filter(([key]) => !labels.has(key))));
}

export function referenceRepeatedSchemas(
  schemas: Record<string, Json>,
  refPrefix = '#/components/schemas/',
): Record<string, Json> {
  const nameByShape = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema)) continue;
    const shape = shapeOf(schema);
    if (shape.length >= MIN_SHAPE_CHARS && !nameByShape.has(shape)) nameByShape.set(shape, name);
  }
  const rewrite = (node: Json, root: boolean): Json => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, false));
    if (!isObject(node)) return node;
    if (!root) {
      const name = nameByShape.get(shapeOf(node));
      if (name !== undefined) {
        const { description } = node;
        return description === undefined ? { $ref: refPrefix + name } : { $ref: refPrefix + name, description };
      }
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value, false)]));
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, rewrite(schema, true)]));
}
