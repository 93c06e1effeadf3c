import { resolverOutage } from '../resolver-outage.ts';
import { phaseCounter, type Scanner } from '../tool.ts';
import { analyzeEmail } from './analyze.ts';
import { RECORD_FAMILIES, retrieveEmail, type EmailRetrieveDeps } from './retrieve.ts';

export function createEmailSecurityScanner(deps: EmailRetrieveDeps): Scanner {
  return async (domain, { signal, selectors, resolverAnswered, progress }) => {
    const finished = phaseCounter(RECORD_FAMILIES + 1, progress);
    const capture = await retrieveEmail(domain, deps, { signal, finished, ...(selectors ? { selectors } : {}) });
    if (resolverAnswered && capture.queries.some((query) => query.rcode !== null)) resolverAnswered();
    if (capture.resolverUnreachable !== undefined) throw resolverOutage(capture.resolverUnreachable);
    const outcome = analyzeEmail(capture);
    finished('Graded the records');
    return outcome;
  };
}
