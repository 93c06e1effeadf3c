import type { Check } from './check-context.ts';

/** Checked in order on the value (trimmed, lower-case); the first match is the result. */
const XFO_RULES: { result: string; when: (value: string) => boolean }[] = [
  { result: 'x-frame-options-sameorigin-or-deny', when: (v) => v === 'deny' || v === 'sameorigin' },
  { result: 'x-frame-options-allow-from-origin', when: (v) => v.startsWith('allow-from') },
  { result: 'x-frame-options-header-invalid', when: () => true },
];

/**
 * Reads X-Frame-Options (every instance joined with ", ", so a doubled header is invalid). A CSP
 * the model could evaluate that has frame-ancestors takes precedence, as in the model: header and
 * meta policies together (browsers ignore frame-ancestors in `<meta>`; the
 * `csp-frame-ancestors-in-meta` finding says so).
 */
export const xFrameOptionsCheck: Check = (context) => {
  const value = context.auto.headers.combined('x-frame-options');
  const headers = context.auto.headers.pick('x-frame-options');
  const frameAncestors = context.csp.effective?.directives.get('frame-ancestors') ?? null;
  const data = { value, frameAncestors };
  if (frameAncestors !== null) return { result: 'x-frame-options-implemented-via-csp', data, headers };
  if (value === null || value === '') return { result: 'x-frame-options-not-implemented', data, headers };
  const normalised = value.slice(0, 1024).trim().toLowerCase();
  const result = XFO_RULES.find((r) => r.when(normalised))!.result;
  return { result, data, headers };
};
