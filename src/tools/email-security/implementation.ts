/** The email-security tool's scanner and result shapes, loaded on first use (src/tools/implementations.ts). */
import type { ToolImplementation } from '../tool-entry.ts';
import {
  EmailSecurityDetailsSchema,
  EmailSecurityStatusSchema,
  EmailSecurityUnassessedDetailsSchema,
} from './result-schema.ts';
import { createEmailSecurityScanner } from './scanner.ts';

export const emailSecurityImplementation: ToolImplementation = {
  createScanner: ({ runtime, resolver, guarded }) =>
    createEmailSecurityScanner({
      resolver,
      fetch: guarded,
      ...(runtime.mtaStsPort ? { mtaStsPort: runtime.mtaStsPort } : {}),
    }),
  resultSchemas: {
    status: EmailSecurityStatusSchema,
    details: EmailSecurityDetailsSchema,
    unassessedDetails: EmailSecurityUnassessedDetailsSchema,
  },
};
