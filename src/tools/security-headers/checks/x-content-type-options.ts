import type { Check } from './check-context.ts';

/**
 * The value (every instance joined with ", ", trimmed, lower-case) must be exactly nosniff. An
 * empty value is no header at all, as in the Observatory.
 */
export const xContentTypeOptionsCheck: Check = (context) => {
  const value = context.auto.headers.combined('x-content-type-options');
  const headers = context.auto.headers.pick('x-content-type-options');
  if (!value) return { result: 'x-content-type-options-not-implemented', data: { value: null }, headers };
  const valid = value.slice(0, 256).trim().toLowerCase() === 'nosniff';
  return {
    result: valid ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid',
    data: { value },
    headers,
  };
};
