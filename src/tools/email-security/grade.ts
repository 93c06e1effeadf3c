/**
 * The email-security grade: points per category (DMARC 35, SPF 30, DKIM 25, transport and extras
 * 10); items that do not apply are dropped and the rest rescaled to 100; critical problems cap
 * the grade. The letter comes from the one chart in src/tools/grading.ts.
 * docs/email-security-grading.md explains it.
 */
import { gradeFor, highestScoreOf, type Grade } from '../grading.ts';
import { POLICY_STRENGTH } from './dmarc/tags.ts';
import type { ScoreItem } from './result-schema.ts';
import type {
  BimiFacts,
  DkimFacts,
  DmarcFacts,
  DnssecFacts,
  MtaStsFacts,
  MxFacts,
  SpfFacts,
  TlsRptFacts,
} from './section.ts';

export interface EmailFacts {
  mx: MxFacts;
  spf: SpfFacts;
  dmarc: DmarcFacts;
  dkim: DkimFacts;
  mtaSts: MtaStsFacts;
  tlsRpt: TlsRptFacts;
  bimi: BimiFacts;
  dnssec: DnssecFacts;
}

export interface EmailGrade {
  score: number;
  grade: Grade;
  items: ScoreItem[];
  /** Caps applied, e.g. "no DMARC record: at most D". */
  caps: string[];
  /** The domain publishes that it sends no mail (null MX, or no MX with SPF -all). */
  parked: boolean;
}

const POLICY_POINTS = { reject: 15, quarantine: 11, none: 3 } as const;
const WEAKER = { reject: 'quarantine', quarantine: 'none', none: 'none' } as const;

/** The policy failing mail meets in effect: `t=y` or `pct` below 100 count one step weaker. */
function appliedPolicy(d: DmarcFacts): DmarcFacts['policy'] {
  const partial = d.testing || (d.percentage !== null && d.percentage < 100);
  return d.valid && d.policy ? (partial ? WEAKER[d.policy] : d.policy) : null;
}

function dmarcItems(d: DmarcFacts): ScoreItem[] {
  const policy = appliedPolicy(d);
  const p = d.policy ?? 'none';
  // Subdomains (sp) 2 points, names that do not exist (np, which defaults to sp) 1: an np=reject
  // beside a weaker sp still closes the names no one sends from, so it earns its point alone.
  const atLeastP = (policy: keyof typeof POLICY_STRENGTH) => POLICY_STRENGTH[policy] >= POLICY_STRENGTH[p];
  const subdomainPoints = !d.valid
    ? 0
    : (atLeastP(d.subdomainPolicy ?? p) ? 2 : 0) + (atLeastP(d.nonExistentPolicy ?? d.subdomainPolicy ?? p) ? 1 : 0);
  return [
    { category: 'dmarc', item: 'one valid DMARC record', earned: d.found && d.valid && !d.multiple ? 15 : 0, max: 15 },
    { category: 'dmarc', item: 'policy strength', earned: policy ? POLICY_POINTS[policy] : 0, max: 15 },
    { category: 'dmarc', item: 'subdomains as strict as the domain', earned: subdomainPoints, max: 3 },
    {
      category: 'dmarc',
      item: 'aggregate reports to authorized destinations',
      earned: d.valid && d.aggregateReports && d.externalDestinationsAuthorized ? 2 : 0,
      max: 2,
    },
  ];
}

function spfItems(s: SpfFacts): ScoreItem[] {
  const withinLimits = s.found && s.permerror === null && !s.temperror;
  const passesAll = s.all === '+' || s.passesEverySender !== null;
  const terminal = !s.valid || passesAll ? 0 : s.all === '-' ? 10 : s.all === '~' ? 8 : 2;
  return [
    { category: 'spf', item: 'one valid SPF record', earned: s.found && s.valid ? 12 : 0, max: 12 },
    { category: 'spf', item: 'within the lookup and void-lookup limits', earned: withinLimits ? 8 : 0, max: 8 },
    { category: 'spf', item: 'terminal policy (-all best)', earned: terminal, max: 10 },
  ];
}

function dkimItems(k: DkimFacts, incomplete: boolean): ScoreItem[] {
  if (incomplete) return [{ category: 'dkim', item: 'DKIM keys found and strong', earned: 0, max: 25 }];
  if (k.state === 'not-applicable' || k.state === 'error') return [];
  let earned = 5;
  if (k.state === 'likely-present') earned = 12;
  if (k.state === 'found') {
    const usable = k.keys.filter((key) => key.valid && !key.revoked);
    const weakest = Math.min(...usable.map((key) => (key.keyType === 'ed25519' ? 4096 : (key.bits ?? 0))));
    earned = usable.length === 0 ? 5 : weakest >= 2048 ? 25 : weakest >= 1024 ? 18 : 5;
  }
  return [{ category: 'dkim', item: 'DKIM keys found and strong', earned, max: 25 }];
}

/** The MX hosts mail is delivered to (a null MX target is none). */
const mailHostCount = (f: EmailFacts) => f.mx.hosts.filter((h) => h.exchange !== '.' && h.exchange !== '').length;

/**
 * MTA-STS: enforce covering every MX host 4; covering some 3 (senders skip the others, RFC 8461
 * §5: mail stays protected with less redundancy); covering none 0 (mail bounces); testing 2.
 */
function stsPoints(f: EmailFacts): number {
  const sts = f.mtaSts;
  if (!sts.record || !sts.policyValid) return 0;
  if (sts.mode === 'testing') return 2;
  if (sts.mode !== 'enforce') return 0;
  if (sts.coversAllMx !== false) return 4;
  return sts.uncoveredMx < mailHostCount(f) ? 3 : 0;
}

function transportItems(f: EmailFacts, parked: boolean): ScoreItem[] {
  const items: ScoreItem[] = [];
  // MTA-STS and TLS-RPT protect mail to the domain: nothing to protect behind a null MX.
  if (!parked && f.mx.state !== 'null-mx') {
    items.push({ category: 'transport', item: 'MTA-STS policy in enforce mode', earned: stsPoints(f), max: 4 });
    items.push({
      category: 'transport',
      item: 'TLS-RPT reporting',
      earned: f.tlsRpt.present && f.tlsRpt.valid ? 2 : 0,
      max: 2,
    });
  }
  if (!parked) {
    items.push({
      category: 'transport',
      item: 'BIMI record valid',
      earned: f.bimi.present && f.bimi.valid ? 1 : 0,
      max: 1,
    });
  }
  items.push({ category: 'transport', item: 'DNSSEC-signed answers', earned: f.dnssec.signed ? 2 : 0, max: 2 });
  items.push({
    category: 'transport',
    item: parked ? 'null MX for a domain without mail' : 'MX hosts that resolve',
    earned: f.mx.state === 'error' ? 0 : parked ? (f.mx.state === 'null-mx' ? 1 : 0) : f.mx.state === 'mail' ? 1 : 0,
    max: 1,
  });
  return items;
}

/** The grade each problem caps the score at (to the top of that letter's band), and why. */
function caps(f: EmailFacts): [Grade, string][] {
  const out: [Grade, string][] = [];
  const noDmarc = !f.dmarc.found || !f.dmarc.valid;
  if (noDmarc && !f.spf.found) out.push(['F', 'neither SPF nor DMARC is published: at most F']);
  if (f.spf.valid && f.spf.all === '+') out.push(['F', 'SPF ends in +all (anyone may send as this domain): at most F']);
  else if (f.spf.valid && f.spf.passesEverySender !== null)
    out.push(['F', `SPF passes every sender through ${f.spf.passesEverySender}, as +all does: at most F`]);
  if (noDmarc) out.push(['D', 'no valid DMARC record: at most D']);
  if (!f.spf.found) out.push(['D', 'no SPF record: at most D']);
  if (f.spf.permerror) out.push(['C', `SPF is invalid (${f.spf.permerror.reason}): at most C`]);
  // Spoofable ranks below misconfigured: p=none lets anyone send as the exact domain, as no DMARC
  // does, while an SPF permerror (C) or an MTA-STS mismatch (D) under enforcement risks only some
  // of the domain's own deliverability (docs/email-security-grading.md, "Caps, in order").
  if (!noDmarc && f.dmarc.policy === 'none')
    out.push(['D', 'DMARC p=none only monitors, so anyone can send as the domain: at most D']);
  else if (!noDmarc && appliedPolicy(f.dmarc) === 'none')
    out.push(['B', `DMARC p=${f.dmarc.policy} with t=y or pct below 100 counts one step weaker (none): at most B`]);
  // Senders skip MX hosts no mx: pattern matches (RFC 8461 §5): only when none matches is mail lost.
  const sts = f.mtaSts;
  if (
    sts.record &&
    sts.policyValid &&
    sts.mode === 'enforce' &&
    sts.uncoveredMx > 0 &&
    sts.uncoveredMx >= mailHostCount(f)
  )
    out.push(['D', 'MTA-STS enforce matches no MX host (MTA-STS senders defer and finally bounce mail): at most D']);
  return out;
}

/** The section each transport item scores, to zero the items of sections a deadline left incomplete. */
const TRANSPORT_SECTIONS: Record<string, string> = {
  'MTA-STS policy in enforce mode': 'mtaSts',
  'TLS-RPT reporting': 'tlsRpt',
  'BIMI record valid': 'bimi',
  'DNSSEC-signed answers': 'dnssec',
};

/**
 * `parked`: the domain sends no mail (`sendsNoMail` in mx/facts.ts, as the sections were told).
 * `incomplete`: sections the scan deadline cut short; they earn nothing, and the grade stays below A+.
 */
export function gradeEmail(facts: EmailFacts, parked: boolean, incomplete: readonly string[] = []): EmailGrade {
  const sectionOf = (item: ScoreItem) =>
    item.category === 'transport' ? (TRANSPORT_SECTIONS[item.item] ?? 'mx') : item.category;
  const cut = (item: ScoreItem): ScoreItem => (incomplete.includes(sectionOf(item)) ? { ...item, earned: 0 } : item);
  const items = [
    ...dmarcItems(facts.dmarc),
    ...spfItems(facts.spf),
    ...dkimItems(facts.dkim, incomplete.includes('dkim')),
    ...transportItems(facts, parked),
  ].map(cut);
  const max = items.reduce((sum, i) => sum + i.max, 0);
  const earned = items.reduce((sum, i) => sum + i.earned, 0);
  const points = max === 0 ? 0 : Math.floor((100 * earned) / max);
  const candidates = caps(facts);
  if (incomplete.length > 0)
    candidates.push([
      'A',
      `the scan deadline cut short ${incomplete.join(', ')}; what was not read earns nothing: at most A`,
    ]);
  // Only the caps below the points lowered the grade; the others would not have changed it.
  const applied = candidates.filter(([letter]) => highestScoreOf(letter) < points);
  const score = Math.min(points, ...applied.map(([letter]) => highestScoreOf(letter)));
  return { score, grade: gradeFor(score), items, caps: applied.map(([, why]) => why), parked };
}
