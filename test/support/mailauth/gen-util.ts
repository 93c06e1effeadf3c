/** Small fast-check helpers the generators share. */
import fc from 'fast-check';

/** One of the values, evenly. */
export const pick = <T>(...values: T[]) => fc.constantFrom(...values);

/** Usually `usual`, one time in `weight + 1` `odd`. */
export const rare = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>, weight = 6) =>
  fc.oneof({ weight, arbitrary: usual }, { weight: 1, arbitrary: odd });

/** A value one time in `oneIn`, otherwise null. */
export const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
