import type { Scanner } from '../tool.ts';
import { analyzeEmail } from './analyze.ts';
import { retrieveEmail, type EmailRetrieveDeps } from './retrieve.ts';

export function createEmailSecurityScanner(deps: EmailRetrieveDeps): Scanner {
  return async (domain, { signal, selectors }) =>
    analyzeEmail(await retrieveEmail(domain, deps, { signal, ...(selectors ? { selectors } : {}) }));
}
