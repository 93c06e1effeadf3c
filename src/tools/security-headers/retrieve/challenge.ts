/**
 * Whether what the retrieval got is the site or a bot or WAF challenge standing in for it. Pure,
 * on the capture; scanner.ts asks it before grading, and a challenge is never graded.
 */
import type { Hop, SecurityHeadersCapture } from '../capture.ts';
import {
  AWS_CHALLENGE_STATUSES,
  BODY_MARKERS,
  DECISIVE_HEADERS,
  PRESENCE,
  REFUSING_STATUSES,
} from './challenge-signatures.ts';
import { finalHop, HeaderView } from '../parse/headers.ts';

/** A bot or WAF challenge answered instead of the site: such a response is never graded. */
export interface ChallengeVerdict {
  vendor: string;
  evidence: string[];
}

/** A final response with its headers ready for lookup. */
interface FinalResponse {
  status: number;
  headers: HeaderView;
}

function cookieNames(headers: HeaderView): string[] {
  return headers.values('set-cookie').map((c) => c.split('=')[0]!.trim());
}

function decisive({ status, headers }: FinalResponse): ChallengeVerdict | null {
  for (const sig of DECISIVE_HEADERS) {
    const value = headers.values(sig.header).find((v) => sig.value.test(v));
    if (value !== undefined)
      return { vendor: sig.vendor, evidence: [`${sig.header}: ${value.trim()}`, `status ${status}`] };
  }
  return null;
}

function presentVendors(headers: HeaderView): Map<string, string> {
  const found = new Map<string, string>();
  const cookies = cookieNames(headers);
  for (const p of PRESENCE) {
    if (found.has(p.vendor)) continue;
    if (p.header) {
      const [name, pattern] = p.header;
      const value = headers.values(name).find((v) => pattern.test(v));
      if (value !== undefined) found.set(p.vendor, `${name}: ${value.trim().slice(0, 80)}`);
    }
    const cookie = p.cookie && cookies.find((c) => p.cookie!.test(c));
    if (cookie) found.set(p.vendor, `cookie ${cookie}`);
  }
  return found;
}

/**
 * Decides whether the final responses are a challenge rather than the site, on positive evidence
 * only: a vendor's decisive header on any final response, or a refusing status with the vendor's
 * page markers in the body. A CDN's presence (its server header, its cookies) beside a refusing
 * status and a small page is not such evidence: the site's own 403 behind a CDN looks the same,
 * and is graded (the Observatory grades it too); the presence is kept as evidence of a verdict.
 * Only the headers named in the signatures are read: a CSP that lists a challenge domain proves
 * nothing.
 */
export function detectChallenge(capture: SecurityHeadersCapture): ChallengeVerdict | null {
  const finals = [finalHop(capture.https), finalHop(capture.http)]
    .filter((h): h is Hop => h !== null)
    .map((hop): FinalResponse => ({ status: hop.status, headers: new HeaderView(hop.headers) }));
  for (const response of finals) {
    const verdict = decisive(response);
    if (verdict) return verdict;
  }
  // The body belongs to the https session's final response, else the http one's.
  const body = finals[0];
  if (!body) return null;
  const refusing =
    REFUSING_STATUSES.has(body.status) ||
    (AWS_CHALLENGE_STATUSES.has(body.status) && body.headers.has('x-amzn-waf-action'));
  if (!refusing) return null;
  const html = capture.html ?? '';
  const marker = BODY_MARKERS.find((m) => m.marker.test(html));
  if (!marker) return null;
  const presence = presentVendors(body.headers).get(marker.vendor);
  return {
    vendor: marker.vendor,
    evidence: [
      `status ${body.status}`,
      `page marker ${marker.marker.source.slice(0, 60)}`,
      ...(presence === undefined ? [] : [presence]),
    ],
  };
}
