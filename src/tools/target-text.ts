import { MAX_TARGET_LENGTH } from '../limits.ts';
import { hasInvisibleCharacters } from '../net/host-text.ts';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Checks shared by every tool's target before any tool-specific parsing; null when fine. */
export function targetTextProblem(target: string): string | null {
  if (target.length === 0) return '"target" is empty.';
  const length = [...target].length;
  if (length > MAX_TARGET_LENGTH)
    return `"target" is ${length} characters long; at most ${MAX_TARGET_LENGTH} are allowed.`;
  if (LONE_SURROGATE.test(target)) return '"target" contains an unpaired surrogate (invalid Unicode).';
  if (hasInvisibleCharacters(target)) return '"target" contains whitespace or control characters.';
  return null;
}
