/**
 * CSP findings beyond the model: CSP3 -elem/-attr directives honoured, frame-ancestors that allow
 * everyone, 'strict-dynamic' without a nonce, repeated report directives, base-uri, report-only.
 */
import type { CheckContext } from '../checks/check-context.ts';
import {
  isBroad,
  isBroadOrInline,
  normalisedSources,
  type CspAnalysis,
  type EffectivePolicy,
} from '../checks/content-security-policy.ts';
import type { Detected } from './catalogue.ts';

/** The sources a CSP3 browser uses for `directive`, with the model's normalisations. */
const sourcesFor = (p: EffectivePolicy, directive: string): string[] =>
  normalisedSources(p.directives, directive, directive === 'script-src-elem');

/** Explicit CSP3 sub-directives that allow unsafe sources the graded directive did not. */
function unsafeSubDirectives(p: EffectivePolicy, directives: string[]): string[] {
  return directives
    .filter((d) => p.directives.has(d) && sourcesFor(p, d).some(isBroadOrInline))
    .map((d) => `${d} ${p.directives.get(d)!.join(' ')}`);
}

function csp3Findings(csp: CspAnalysis, p: EffectivePolicy): Detected[] {
  const found: Detected[] = [];
  const flags = csp.policy!;
  const scripts = unsafeSubDirectives(p, ['script-src-elem', 'script-src-attr']);
  if (!flags.unsafeInline && scripts.length > 0) found.push({ id: 'csp3-script-directive-unsafe', evidence: scripts });
  const styles = unsafeSubDirectives(p, ['style-src-elem', 'style-src-attr']);
  if (!flags.unsafeInlineStyle && styles.length > 0)
    found.push({ id: 'csp3-style-directive-unsafe', evidence: styles });
  const stricter = ['script-src-elem', 'script-src-attr'].every(
    (d) => p.directives.has(d) && !sourcesFor(p, d).some(isBroadOrInline),
  );
  if (flags.unsafeInline && stricter && !p.objectSrc.some(isBroad)) {
    found.push({
      id: 'csp3-directives-stricter',
      evidence: ['script-src-elem', 'script-src-attr'].map((d) => `${d} ${p.directives.get(d)!.join(' ')}`),
    });
  }
  return found;
}

export function cspFindings(context: CheckContext): Detected[] {
  const csp = context.csp;
  const p = csp.effective;
  const found: Detected[] = [];
  if (p && csp.policy) {
    found.push(...csp3Findings(csp, p));
    const frameAncestors = csp.headerFrameAncestors;
    if (frameAncestors?.some(isBroad))
      found.push({ id: 'csp-frame-ancestors-permissive', evidence: [`frame-ancestors ${frameAncestors.join(' ')}`] });
    if (csp.policy.insecureBaseUri) {
      found.push({
        id: 'csp-base-uri-unrestricted',
        evidence: [p.directives.has('base-uri') ? `base-uri ${p.baseUri.join(' ')}` : 'no base-uri directive'],
      });
    }
    if (p.strictDynamicWithoutNonce)
      found.push({ id: 'csp-strict-dynamic-without-nonce', evidence: [`script-src ${p.scriptSrc.join(' ')}`] });
  }
  if (csp.repeatedReports.length > 0)
    found.push({ id: 'csp-duplicate-report-directive', evidence: csp.repeatedReports.map((d) => `${d} repeated`) });
  if (csp.reportOnly) {
    const values = context.auto.headers.values('content-security-policy-report-only');
    found.push({
      id: 'csp-report-only',
      evidence: [
        `if enforced: ${csp.reportOnly.result}`,
        ...values.map((v) => `content-security-policy-report-only: ${v.slice(0, 300)}`),
      ],
    });
  }
  return found;
}
