/**
 * The security-headers tool end to end: retrieve a capture, refuse what cannot be graded (a bot
 * or WAF challenge, no response, a redirect into a blocked address), otherwise analyze it.
 */
import { notAssessed } from '../grading.ts';
import { phaseCounter, type ScanOutcome, type Scanner } from '../tool.ts';
import { analyze } from './analyze.ts';
import type { SecurityHeadersCapture } from './capture.ts';
import { detectChallenge } from './retrieve/challenge.ts';
import { retrieve, RETRIEVE_PHASES, type RetrieveDeps } from './retrieve/retrieve.ts';
import { memoizeResolver } from '../../net/memo-resolver.ts';
import { observedResolver, resolverUnreachable } from '../../net/resolver-reachability.ts';
import { resolverOutage } from '../resolver-outage.ts';

/** Pure: the outcome for a capture (also what `npm run admin -- grade-capture FILE` prints). */
export function gradeCapture(capture: SecurityHeadersCapture): ScanOutcome {
  const errors = capture.errors ?? {};
  const blocked = [errors.https, errors.http].find((e) => e?.reason === 'blocked-address');
  if (blocked) {
    const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();
    const own = URL.canParse(blocked.url) && bare(new URL(blocked.url).hostname) === bare(capture.host);
    const where = own
      ? "The site's address may not be scanned"
      : 'The site redirects to an address that may not be scanned';
    return notAssessed(`${where} (${blocked.message}).`, {
      reason: 'blocked-address',
      errors,
    });
  }
  const challenge = detectChallenge(capture);
  if (challenge) {
    return notAssessed(
      `The site answered with a bot or WAF challenge (${challenge.vendor}) instead of its own page; ` +
        'a challenge page is never graded.',
      {
        reason: 'bot-challenge',
        vendor: challenge.vendor,
        evidence: challenge.evidence,
      },
    );
  }
  const analysis = analyze(capture);
  if (!analysis.assessable || analysis.score === null || analysis.grade === null) {
    const cause = errors.https ?? errors.http;
    const unreachable = !capture.https && !capture.http && cause !== undefined;
    const reason = unreachable ? cause.reason : analysis.reason;
    const message = unreachable ? `The site could not be reached: ${bothFailures(errors)}.` : analysis.message;
    return notAssessed(message, { reason, errors, retrieval: analysis.retrieval });
  }
  const { status, message, ...details } = analysis;
  return {
    assessed: true,
    grade: analysis.grade,
    gradeScore: analysis.score,
    result: {
      status,
      message,
      details: { ...details, ...(capture.errors ? { retrievalErrors: capture.errors } : {}) },
    },
  };
}

/** Why each session failed: an http:// site is tried over HTTPS too, and either may be the one that matters. */
function bothFailures(errors: NonNullable<SecurityHeadersCapture['errors']>): string {
  const { https, http } = errors;
  if (https && http && https.message !== http.message)
    return `over HTTPS, ${https.message}; over HTTP, ${http.message}`;
  return (https ?? http)!.message;
}

export function createSecurityHeadersScanner(deps: RetrieveDeps): Scanner {
  return async (target, { signal, resolverAnswered, progress }) => {
    const finished = phaseCounter(RETRIEVE_PHASES + 1, progress);
    // One DNS answer per name for the whole scan: both sessions, every redirect and the CORS probe.
    const dns = observedResolver(memoizeResolver(deps.resolver));
    const outcome = gradeCapture(await retrieve(target, { ...deps, resolver: dns.resolver }, signal, finished));
    finished('Graded the headers');
    if (dns.answered()) resolverAnswered?.();
    // Not the site's fault when no lookup got any DNS response and the resolver does not answer at all.
    if (!outcome.assessed && outcome.result.details['reason'] === 'dns' && dns.unanswered() && !dns.answered()) {
      const why = await resolverUnreachable(deps.resolver, new URL(target).hostname, signal);
      if (why !== null) throw resolverOutage(why);
    }
    return outcome;
  };
}
