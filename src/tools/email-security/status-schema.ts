/** `result.status` of an assessed email-security scan: light enough for the tool's entry (index.ts). */
import * as v from 'valibot';

export const EmailSecurityStatusSchema = v.pipe(
  v.picklist(['passed', 'warnings', 'failed']),
  v.description('passed: A- or better, no critical or high finding, none cut short; failed: score below 50.'),
);
