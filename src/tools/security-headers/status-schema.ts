/** `result.status` of an assessed security-headers scan: light enough for the tool's entry (index.ts). */
import * as v from 'valibot';
import { FAILING_SCORE, gradeFor } from '../grading.ts';

export const SecurityHeadersStatusSchema = v.pipe(
  v.picklist(['passed', 'warnings', 'failed']),
  v.description(
    'passed: no test failed and no high or medium finding; ' +
      `failed: score below ${FAILING_SCORE} (grade ${gradeFor(FAILING_SCORE - 1)} or worse); warnings: anything else.`,
  ),
);
