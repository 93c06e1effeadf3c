import type { Check } from './check-context.ts';

/** Every policy value and how the model rates it. */
const REFERRER_POLICIES: Record<string, 'private' | 'unsafe'> = {
  'no-referrer': 'private',
  'same-origin': 'private',
  'strict-origin': 'private',
  'strict-origin-when-cross-origin': 'private',
  origin: 'unsafe',
  'origin-when-cross-origin': 'unsafe',
  'unsafe-url': 'unsafe',
  'no-referrer-when-downgrade': 'unsafe',
};

const RESULTS = {
  private: 'referrer-policy-private',
  unsafe: 'referrer-policy-unsafe',
  invalid: 'referrer-policy-header-invalid',
} as const;

/**
 * Header values and the last `<meta name=referrer>` content are read as one comma-separated list
 * (meta last, so it wins); the last valid token is the policy, as in browsers.
 */
export const referrerPolicyCheck: Check = (context) => {
  const fromHeader = context.auto.headers.values('referrer-policy');
  const fromMeta = context.page.metaReferrer === null ? [] : [context.page.metaReferrer];
  const headers = context.auto.headers.pick('referrer-policy');
  if (fromHeader.length === 0 && fromMeta.length === 0) {
    return {
      result: 'referrer-policy-not-implemented',
      data: { value: null, policy: null, http: false, meta: false },
      headers,
    };
  }
  const value = [...fromHeader, ...fromMeta].join(', ');
  const tokens = value.split(',').map((t) => t.trim().toLowerCase());
  const policy = tokens.filter((t) => Object.hasOwn(REFERRER_POLICIES, t)).at(-1) ?? null;
  const result = RESULTS[policy ? REFERRER_POLICIES[policy]! : 'invalid'];
  return { result, data: { value, policy, http: fromHeader.length > 0, meta: fromMeta.length > 0 }, headers };
};
