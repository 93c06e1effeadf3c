/** The finding detectors, run in this order on every graded analysis. */
import { bySeverity } from '../../grading.ts';
import type { Finding } from '../analysis.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { FINDING_CATALOGUE, type Detected } from './catalogue.ts';
import { cspFindings } from './csp-findings.ts';
import { headerFindings } from './header-findings.ts';
import { modelFindings } from './model-findings.ts';
import { permissionsPolicyFindings } from './permissions-policy.ts';

const DETECTORS: ((context: CheckContext) => Detected[])[] = [
  cspFindings,
  headerFindings,
  (c) => permissionsPolicyFindings(c.auto.headers),
  modelFindings,
];

/** Every finding of the analysis, most severe first. */
export function collectFindings(context: CheckContext): Finding[] {
  return DETECTORS.flatMap((detect) => detect(context))
    .map(({ id, evidence, recommendation }) => ({
      id,
      ...FINDING_CATALOGUE[id],
      evidence,
      ...(recommendation ? { recommendation } : {}),
    }))
    .sort(bySeverity);
}
