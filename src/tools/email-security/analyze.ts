/**
 * The pure half of email-security: every section from the capture, the grade, the bulk-sender
 * summary, and whether the domain could be assessed at all.
 */
import type * as v from 'valibot';
import { bySeverity, FAILING_SCORE, isAtLeast, notAssessed } from '../grading.ts';
import type { ScanOutcome } from '../tool.ts';
import { bulkSenderReadiness } from './bulk-sender.ts';
import { exchange, type DnsExchange, type EmailSecurityCapture } from './capture.ts';
import { isDnsFailure } from './dns-answers.ts';
import { gradeEmail } from './grade.ts';
import {
  analyzeBimi,
  analyzeDkim,
  analyzeDmarc,
  analyzeDnssec,
  analyzeMtaSts,
  analyzeMx,
  analyzeTlsRpt,
  receivesNoMail,
  sendsNoMail,
} from './mechanisms.ts';
import type { EmailSecurityDetailsSchema, EmailSecurityUnassessedDetailsSchema } from './result-schema.ts';
import type { Finding, Section } from './section.ts';
import { analyzeSpf } from './spf/analyze.ts';

type UnassessedDetails = v.InferOutput<typeof EmailSecurityUnassessedDetailsSchema>;
type GradedDetails = v.InferOutput<typeof EmailSecurityDetailsSchema>;

/** Why a domain is not graded, one of the reasons the result schema lists, and the message that says so. */
interface Refusal {
  reason: UnassessedDetails['reason'];
  message: string;
}

/** Why a capture cannot be graded: the domain does not exist, or DNS failed for the core lookups. */
function assessability(capture: EmailSecurityCapture): Refusal | null {
  const { domain } = capture;
  const core = [
    exchange(capture, domain, 'TXT'),
    exchange(capture, `_dmarc.${domain}`, 'TXT'),
    exchange(capture, domain, 'MX'),
  ];
  const apex = [exchange(capture, domain, 'SOA'), core[0], core[2]];
  if (apex.every((e) => e?.outcome === 'nxdomain'))
    return { reason: 'nxdomain', message: `The domain ${domain} does not exist (NXDOMAIN).` };
  if (core.every((e) => e === undefined || isDnsFailure(e))) {
    return {
      reason: 'dns-failure',
      message: `DNS lookups for ${domain} failed (SERVFAIL or time-out), so its records cannot be read.`,
    };
  }
  return null;
}

/** A DNS message came back (whatever its RCODE): the resolver read the record set. */
const answered = (e: DnsExchange | undefined) => e !== undefined && e.rcode !== null;

/**
 * When the deadline stopped retrieval: 422 unless SPF, DMARC and MX were all read. Otherwise the
 * sections it cut short: those whose lookups did not finish, SPF when its tree misses answers,
 * MTA-STS when its policy fetch was cut off.
 */
function deadlineRefusal(capture: EmailSecurityCapture): Refusal | null {
  const { domain } = capture;
  const core = { SPF: [domain, 'TXT'], DMARC: [`_dmarc.${domain}`, 'TXT'], MX: [domain, 'MX'] } as const;
  const missing = Object.entries(core).filter(([, [name, type]]) => !answered(exchange(capture, name, type)));
  if (missing.length === 0) return null;
  return {
    reason: 'timeout',
    message:
      `The scan reached its deadline before the ${missing.map(([what]) => what).join(', ')} records of ` +
      `${domain} were read, so it cannot be graded.`,
  };
}

function incompleteSections(capture: EmailSecurityCapture, sections: Record<string, Section>): string[] {
  if (!capture.deadlineReached) return [];
  const fetchCut = /abort|time/i.test(capture.mtaStsPolicy?.error ?? '');
  return Object.entries(sections)
    .filter(
      ([name, section]) =>
        section.status === 'error' ||
        (name === 'spf' && section.findings.some((f) => f.id === 'spf-not-retrieved')) ||
        (name === 'mtaSts' && fetchCut),
    )
    .map(([name]) => name);
}

export function analyzeEmail(capture: EmailSecurityCapture): ScanOutcome {
  const refused = assessability(capture) ?? (capture.deadlineReached ? deadlineRefusal(capture) : null);
  if (refused)
    return notAssessed(refused.message, {
      reason: refused.reason,
      domain: capture.domain,
      queries: capture.queries.length,
    } satisfies UnassessedDetails);

  const noMail = sendsNoMail(capture);
  const mx = analyzeMx(capture, noMail);
  const spf = analyzeSpf(capture);
  const dmarc = analyzeDmarc(capture, noMail);
  const dkim = analyzeDkim(capture, noMail);
  const noInboundMail = receivesNoMail(capture);
  const mtaSts = analyzeMtaSts(capture, noInboundMail);
  const tlsRpt = analyzeTlsRpt(capture, noInboundMail);
  const bimi = analyzeBimi(capture, dmarc, noMail);
  const dnssec = analyzeDnssec(capture);
  const facts = {
    mx: mx.facts,
    spf: spf.facts,
    dmarc: dmarc.facts,
    dkim: dkim.facts,
    mtaSts: mtaSts.facts,
    tlsRpt: tlsRpt.facts,
    bimi: bimi.facts,
    dnssec: dnssec.facts,
  };
  const sections: Record<string, Section> = { dmarc, spf, dkim, mx, mtaSts, tlsRpt, bimi, dnssec };
  const incomplete = incompleteSections(capture, sections);
  const graded = gradeEmail(facts, noMail, incomplete);

  const findings: (Finding & { section: string })[] = Object.entries(sections)
    .flatMap(([section, s]) => s.findings.map((f) => ({ ...f, section })))
    .sort(bySeverity);
  const serious = findings.filter((f) => f.severity === 'critical' || f.severity === 'high');
  const status =
    graded.score < FAILING_SCORE
      ? 'failed'
      : isAtLeast(graded.grade, 'A-') && serious.length === 0 && incomplete.length === 0
        ? 'passed'
        : 'warnings';
  const top = findings.slice(0, 3).map((f) => f.title);
  const message =
    `Grade ${graded.grade} (${graded.score}/100)${graded.parked ? ' for a domain that sends no mail' : ''}: ` +
    (top.length === 0
      ? 'no problems found.'
      : `${findings.length} finding${findings.length === 1 ? '' : 's'}, most important: ${top.join('; ')}.`) +
    (incomplete.length > 0 ? ` The scan deadline cut short: ${incomplete.join(', ')}.` : '');

  return {
    assessed: true,
    grade: graded.grade,
    gradeScore: graded.score,
    result: {
      status,
      message,
      details: {
        domain: capture.domain,
        score: graded.score,
        grade: graded.grade,
        parked: graded.parked,
        caps: graded.caps,
        incomplete,
        scoreItems: graded.items,
        bulkSender: bulkSenderReadiness(facts, graded.parked),
        sections,
        findings,
        queries: capture.queries.length,
        selectors: capture.selectors,
        // Exactly the members the result schema publishes: one added on either side only does not
        // compile (the schema names each section's finding ids and statuses, which these types do not).
      } satisfies Record<keyof GradedDetails, unknown>,
    },
  };
}
