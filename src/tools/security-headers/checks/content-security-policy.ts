import type { Check } from './check-context.ts';

/** Meta policies echoed in the test data at most, and characters of each: a page may carry 512 KiB. */
const MAX_LISTED_META = 20;
const MAX_LISTED_META_LENGTH = 2048;

function metaPolicyData(policies: string[]): Record<string, unknown> {
  const metaPolicies = policies.slice(0, MAX_LISTED_META).map((p) => p.slice(0, MAX_LISTED_META_LENGTH));
  return policies.length > MAX_LISTED_META ? { metaPolicies, metaPolicyCount: policies.length } : { metaPolicies };
}

/** Reads the graded response's CSP headers and `<meta http-equiv>` policies (see csp.ts). */
export const contentSecurityPolicyCheck: Check = (context) => {
  const csp = context.csp;
  const directives = csp.effective
    ? Object.fromEntries([...csp.effective.directives].map(([name, sources]) => [name, [...sources].sort()]))
    : null;
  return {
    result: csp.result,
    data: {
      http: csp.http,
      meta: csp.meta,
      numPolicies: csp.numPolicies,
      policy: csp.policy,
      directives,
      ...(csp.problem ? { problem: csp.problem } : {}),
      ...(csp.repeatedReports.length > 0 ? { repeatedReportDirectives: csp.repeatedReports } : {}),
      ...(csp.reportOnly ? { reportOnly: csp.reportOnly } : {}),
      ...(csp.meta ? metaPolicyData(context.page.metaCsp) : {}),
    },
    headers: context.auto.headers.pick('content-security-policy', 'content-security-policy-report-only'),
  };
};
