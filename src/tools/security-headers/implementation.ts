/** The security-headers tool's scanner and result shapes, loaded on first use (src/tools/implementations.ts). */
import type { ToolImplementation } from '../tool-entry.ts';
import {
  SecurityHeadersDetailsSchema,
  SecurityHeadersStatusSchema,
  SecurityHeadersUnassessedDetailsSchema,
} from './result-schema.ts';
import { createPreloadLookup } from './retrieve/preload-lookup.ts';
import { createSecurityHeadersScanner } from './scanner.ts';

export const securityHeadersImplementation: ToolImplementation = {
  createScanner: ({ config, runtime, guarded }) =>
    createSecurityHeadersScanner({
      ...guarded,
      preload: createPreloadLookup({ url: config.hstsPreloadStatusUrl, fetch: runtime.fetch }),
    }),
  resultSchemas: {
    status: SecurityHeadersStatusSchema,
    details: SecurityHeadersDetailsSchema,
    unassessedDetails: SecurityHeadersUnassessedDetailsSchema,
  },
};
