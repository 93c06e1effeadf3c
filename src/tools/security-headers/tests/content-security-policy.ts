import type { TestRunner } from '../context.ts';

/** Reads the graded response's CSP headers and `<meta http-equiv>` policies (see csp.ts). */
export const contentSecurityPolicyTest: TestRunner = (context) => {
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
      ...(csp.meta ? { metaPolicies: context.page.metaCsp } : {}),
    },
    headers: context.auto.headers.pick('content-security-policy', 'content-security-policy-report-only'),
  };
};
