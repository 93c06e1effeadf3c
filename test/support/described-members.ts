/**
 * The rule the published schemas keep (docs/api-behaviour.md, "How the document describes
 * members"): words go where a name and a type leave the meaning open. A member needs a
 * description when it holds an object or a list of objects, a closed vocabulary, a null or a
 * choice of shapes; a constant, a `$ref` (its component is described) and a plain string, number,
 * boolean or list of them may go without one when their name says what they hold.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a member's schema needs words; undefined when its name and type may speak for it. */
function needsWords(member: Json): string | undefined {
  if ('const' in member || '$ref' in member) return undefined;
  if (Array.isArray(member['enum']) && member['enum'].length > 1) return 'a vocabulary';
  const choices = member['anyOf'] ?? member['oneOf'];
  if (Array.isArray(choices)) {
    const nullable = choices.some((choice) => isObject(choice) && choice['type'] === 'null');
    return nullable ? 'a null' : 'a choice of shapes';
  }
  if (member['type'] === 'object' || 'properties' in member || 'additionalProperties' in member) return 'an object';
  const items = member['items'];
  const itemsNeed = isObject(items) ? needsWords(items) : undefined;
  return itemsNeed === undefined ? undefined : `a list, each ${itemsNeed}`;
}

/**
 * The members of `schema`, at every depth, that need a description and have none, as
 * `path: why`; an empty list when the schema keeps the rule.
 */
export function undescribedMembers(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => undescribedMembers(item, `${path}/${i}`));
  if (!isObject(schema)) return [];
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const own = Object.entries(properties).flatMap(([name, member]) => {
    if (!isObject(member) || typeof member['description'] === 'string') return [];
    const why = needsWords(member);
    return why === undefined ? [] : [`${path}/${name}: ${why}`];
  });
  return [
    ...own,
    ...Object.entries(schema).flatMap(([key, value]) =>
      key === 'examples' || key === 'enum' ? [] : undescribedMembers(value, `${path}/${key}`),
    ),
  ];
}
