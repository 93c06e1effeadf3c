import { ScanDependencyError, type Scanner } from '../tool.ts';
import { analyzeEmail } from './analyze.ts';
import { retrieveEmail, type EmailRetrieveDeps } from './retrieve.ts';

/** How long to wait before retrying when the DNS resolver could not be reached. */
const RESOLVER_RETRY_AFTER_SEC = 30;

export function createEmailSecurityScanner(deps: EmailRetrieveDeps): Scanner {
  return async (domain, { signal, selectors, resolverAnswered }) => {
    const capture = await retrieveEmail(domain, deps, { signal, ...(selectors ? { selectors } : {}) });
    if (resolverAnswered && capture.queries.some((query) => query.rcode !== null)) resolverAnswered();
    if (capture.resolverUnreachable !== undefined)
      throw new ScanDependencyError(
        'the DNS resolver',
        `The DNS-over-HTTPS resolver this service uses gave no DNS response (${capture.resolverUnreachable}).`,
        RESOLVER_RETRY_AFTER_SEC,
      );
    return analyzeEmail(capture);
  };
}
