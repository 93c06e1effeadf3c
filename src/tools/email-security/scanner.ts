import { resolverOutage } from '../resolver-outage.ts';
import type { Scanner } from '../tool.ts';
import { analyzeEmail } from './analyze.ts';
import { retrieveEmail, type EmailRetrieveDeps } from './retrieve.ts';

export function createEmailSecurityScanner(deps: EmailRetrieveDeps): Scanner {
  return async (domain, { signal, selectors, resolverAnswered }) => {
    const capture = await retrieveEmail(domain, deps, { signal, ...(selectors ? { selectors } : {}) });
    if (resolverAnswered && capture.queries.some((query) => query.rcode !== null)) resolverAnswered();
    if (capture.resolverUnreachable !== undefined) throw resolverOutage(capture.resolverUnreachable);
    return analyzeEmail(capture);
  };
}
