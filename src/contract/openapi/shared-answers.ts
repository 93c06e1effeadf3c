/**
 * Answers that several operations give word for word (the same description, headers and content)
 * are published once under components.responses and referenced by each: the document stays small
 * and a generated client has one type for each answer instead of one per operation.
 */
type Answer = { description: string; headers?: Record<string, unknown>; content?: unknown };
type Listed = Answer | { $ref: string };
type Operations = Record<string, Record<string, { operationId?: unknown; responses: Record<string, Listed> }>>;

const pascal = (text: string) =>
  text.replace(/(^|[-_])(\w)/g, (_, _sep: string, letter: string) => letter.toUpperCase());

/**
 * A readable name: the problem code the description starts with (told apart, when two answers
 * share a code, by the next term in backquotes, e.g. the scope a key lacks), marked when
 * deprecated; an answer without a code is named by its status or by its first operation.
 */
function nameOf(answer: Answer, status: string, operationId: string, taken: Set<string>): string {
  const terms = [...answer.description.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const code = /\(`(\w+)`\)/.exec(answer.description)?.[1];
  const base = code
    ? pascal(code)
    : status === '304'
      ? 'NotModified'
      : `${pascal(operationId)}${status === '200' ? '' : status}`;
  const named = (answer.headers?.['Deprecation'] ? 'Deprecated' : '') + base;
  if (!taken.has(named)) return named;
  const qualifier = terms.find((term) => term !== code);
  return `${named}${pascal((qualifier ?? operationId).replace(/[^A-Za-z0-9]+/g, '-'))}`;
}

/**
 * `paths` with every answer that appears more than once replaced by a reference, and the answers
 * so named added to `named` (the hand-named shared answers, which keep their names).
 */
export function shareRepeatedAnswers(paths: Operations, named: Record<string, Answer>) {
  const count = new Map<string, number>();
  const each = (visit: (listed: Listed, status: string, operationId: string) => Listed) => {
    for (const item of Object.values(paths))
      for (const operation of Object.values(item)) {
        if (typeof operation !== 'object' || !('responses' in operation)) continue;
        for (const [status, listed] of Object.entries(operation.responses))
          operation.responses[status] = visit(listed, status, String(operation.operationId));
      }
  };
  each((listed) => {
    if ('$ref' in listed) return listed;
    const text = JSON.stringify(listed);
    count.set(text, (count.get(text) ?? 0) + 1);
    return listed;
  });
  const responses: Record<string, Answer> = { ...named };
  const nameByText = new Map(Object.entries(named).map(([name, answer]) => [JSON.stringify(answer), name]));
  const taken = new Set(Object.keys(named));
  each((listed, status, operationId) => {
    if ('$ref' in listed) return listed;
    const text = JSON.stringify(listed);
    let name = nameByText.get(text);
    if (name === undefined) {
      if ((count.get(text) ?? 0) < 2) return listed;
      name = nameOf(listed, status, operationId, taken);
      taken.add(name);
      nameByText.set(text, name);
      responses[name] = listed;
    }
    return { $ref: `#/components/responses/${name}` };
  });
  return responses;
}
