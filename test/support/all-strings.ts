/** Every string over `alphabet` of length 1 to `maxLength`, shortest first: for exhaustive equivalence checks. */
export function* allStrings(alphabet: string, maxLength: number): Generator<string> {
  let level = [''];
  for (let length = 1; length <= maxLength; length++) {
    level = level.flatMap((prefix) => [...alphabet].map((char) => prefix + char));
    yield* level;
  }
}
