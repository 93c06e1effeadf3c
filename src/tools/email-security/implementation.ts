/**
 * The email-security tool's result shapes and the loader of its scanner, both loaded on first use
 * (src/tools/implementations.ts).
 */
import type { ToolImplementation } from '../tool-entry.ts';
import { EmailSecurityDetailsSchema, EmailSecurityUnassessedDetailsSchema } from './result-schema.ts';
import { DmarcRecordSchema, ReportUriSchema, SpfRecordNodeSchema } from './result-schema-records.ts';
import { FindingIdSchema, FindingSchema, SECTION_SCHEMAS } from './result-schema-sections.ts';

const sectionParts = Object.fromEntries(
  Object.entries(SECTION_SCHEMAS).map(([name, schema]) => [
    `EmailSecurity${name[0]!.toUpperCase()}${name.slice(1)}Section`,
    schema,
  ]),
);

export const emailSecurityImplementation: ToolImplementation = {
  createScanner: async ({ runtime, resolver, guarded }) =>
    (await import('./scanner.ts')).createEmailSecurityScanner({
      resolver,
      fetch: guarded,
      ...(runtime.mtaStsPort ? { mtaStsPort: runtime.mtaStsPort } : {}),
    }),
  resultSchemas: {
    details: EmailSecurityDetailsSchema,
    unassessedDetails: EmailSecurityUnassessedDetailsSchema,
    parts: {
      SpfRecord: SpfRecordNodeSchema,
      DmarcRecord: DmarcRecordSchema,
      ReportUri: ReportUriSchema,
      EmailSecurityFinding: FindingSchema,
      EmailSecurityFindingId: FindingIdSchema,
      ...sectionParts,
    },
  },
};
