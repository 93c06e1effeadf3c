/**
 * The security-headers tool's result shapes and the loader of its scanner, both loaded on first
 * use (src/tools/implementations.ts).
 */
import type { ToolImplementation } from '../tool-entry.ts';
import {
  SecurityHeadersDetailsSchema,
  SecurityHeadersUnassessedDetailsSchema,
  BlockedRetrievalFailureSchema,
  RetrievalFailureSchema,
} from './result-schema.ts';
import { HeaderPairsSchema, PolicyFlagsSchema } from './result-schema-tests.ts';

export const securityHeadersImplementation: ToolImplementation = {
  createScanner: async ({ config, runtime, guarded }) => {
    const [{ createSecurityHeadersScanner }, { createPreloadLookup }] = await Promise.all([
      import('./scanner.ts'),
      import('./retrieve/preload-lookup.ts'),
    ]);
    return createSecurityHeadersScanner({
      ...guarded,
      preload: createPreloadLookup({ url: config.hstsPreloadStatusUrl, fetch: runtime.fetch }),
    });
  },
  resultSchemas: {
    details: SecurityHeadersDetailsSchema,
    unassessedDetails: SecurityHeadersUnassessedDetailsSchema,
    parts: {
      HeaderPairs: HeaderPairsSchema,
      CspPolicyFlags: PolicyFlagsSchema,
      RetrievalFailure: RetrievalFailureSchema,
      BlockedRetrievalFailure: BlockedRetrievalFailureSchema,
    },
  },
};
