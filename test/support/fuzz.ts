/**
 * What the property-based fuzz tests (`*.fuzz.test.ts`) and the adversarial bench
 * (test/bench/adversarial.ts) share: one seed, so every failure replays, and text arbitraries
 * that mix a grammar's own tokens with awkward characters, arbitrary code points and long runs.
 * The tests draw small inputs; the bench draws the same shapes at `size: 'max'`, up to each
 * input's cap.
 */
import fc from 'fast-check';

export const FUZZ_SEED = 20_261_123;

/**
 * Characters that separate, quote or escape in some grammar here, white space of every kind,
 * controls (NUL included), invisible and non-ASCII characters, an astral one and a lone surrogate.
 */
export const AWKWARD_CHARACTERS: readonly string[] = [
  ' ',
  '\t',
  '\r',
  '\n',
  '\f',
  ';',
  ',',
  ':',
  '=',
  '"',
  "'",
  '\\',
  '/',
  '%',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '<',
  '>',
  '!',
  '?',
  '#',
  '&',
  '@',
  '*',
  '.',
  '-',
  '+',
  '~',
  '_',
  '\u0000',
  '\u0001',
  '\u007f',
  '\u00a0',
  '\u00ad',
  '\u200b',
  '\u2028',
  '\ufeff',
  'é',
  'ß',
  'İ',
  '\u{1f600}',
  '\ud800',
];

export interface TextLimits {
  /** The longest text produced: the input's cap. */
  maxLength: number;
  /** fast-check's size for the number of pieces: the default (small) in tests, `'max'` in the bench. */
  size?: fc.SizeForArbitrary;
}

/** One piece repeated: the long runs that make backtracking and quadratic loops show. */
function runOf(characters: readonly string[], maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...characters), fc.integer({ min: 2, max: Math.max(2, maxLength) }))
    .map(([piece, count]) => piece.repeat(Math.min(count, Math.ceil(maxLength / piece.length))));
}

/**
 * Text made of pieces: mostly the grammar's `tokens`, then awkward characters, arbitrary code
 * points (lone surrogates included) and long runs of a token or an awkward character. Cut at
 * `maxLength`.
 */
export function grammarText(tokens: readonly string[], limits: TextLimits): fc.Arbitrary<string> {
  const { maxLength, size } = limits;
  const piece = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...tokens) },
    { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_CHARACTERS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    { weight: 1, arbitrary: runOf([...AWKWARD_CHARACTERS, 'a', '0', 'Z'], maxLength) },
    { weight: 1, arbitrary: runOf(tokens, Math.ceil(maxLength / 8)) },
  );
  const pieces = Math.max(1, Math.floor(maxLength / 4));
  return fc.array(piece, { maxLength: pieces, ...(size !== undefined ? { size } : {}) }).map((parts) => {
    let text = '';
    for (const part of parts) {
      if (text.length >= maxLength) break;
      text += part;
    }
    return text.slice(0, maxLength);
  });
}

/** Either text of the grammar or any string at all (any code point). */
export function textOrAnything(tokens: readonly string[], limits: TextLimits): fc.Arbitrary<string> {
  const { maxLength, size } = limits;
  return fc.oneof(
    { weight: 4, arbitrary: grammarText(tokens, limits) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength, ...(size !== undefined ? { size } : {}) }) },
  );
}

/** Runs `parse`, letting through only errors of the classes it documents; any other error fails the property. */
export function throwsOnlyTyped(parse: () => unknown, ...documented: (abstract new (...args: never[]) => Error)[]) {
  try {
    parse();
  } catch (error) {
    if (!documented.some((type) => error instanceof type)) throw error;
  }
}
