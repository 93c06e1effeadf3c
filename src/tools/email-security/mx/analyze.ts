/**
 * MX at the apex: mail hosts, a null MX (RFC 7505: a single `0 .`, "this domain accepts no
 * mail"), no MX at all (RFC 5321 §5.1: mail then goes to the domain's own A/AAAA), and MX
 * hosts whose names have no address (dangling: mail to them cannot be delivered).
 */
import { exchange, type EmailSecurityCapture } from '../capture.ts';
import { lookupEvidence } from '../common-findings.ts';
import { addressesIn, describeExchange, isAbsent, isDnsFailure, quoteRecord } from '../dns-answers.ts';
import { statusFromFindings } from '../finding.ts';
import type { MxSection } from '../result-schema-sections.ts';
import type { Finding } from '../section.ts';
import { apexTxtIn, spfRecordIn, spfSendsNothing } from '../sender-hints.ts';
import { mxFinding } from './catalogue.ts';
import { isIpLiteral, isNullTarget, mxRecords, readMxFacts, sendsNoMail, type MxRecord } from './facts.ts';
import { MAX_MX_HOSTS_CHECKED } from './retrieve.ts';

type MxHostReport = MxSection['hosts'][number];

function hostReport(capture: EmailSecurityCapture, record: MxRecord): MxHostReport {
  const v4 = exchange(capture, record.exchange, 'A');
  const v6 = exchange(capture, record.exchange, 'AAAA');
  const addresses = [...addressesIn(v4), ...addressesIn(v6)];
  const resolves = addresses.length > 0 ? true : isAbsent(v4) && isAbsent(v6) ? false : null;
  const alias = (v4?.cnameChain.length ?? 0) > 0 || (v6?.cnameChain.length ?? 0) > 0;
  return { preference: record.preference, exchange: record.exchange, addresses, resolves, alias };
}

function mailFindings(capture: EmailSecurityCapture, records: MxRecord[], hosts: MxHostReport[]): Finding[] {
  const findings: Finding[] = [];
  const named = records.filter((r) => !isNullTarget(r.exchange));
  if (named.length < records.length) {
    findings.push(
      mxFinding(
        'mx-null-mixed',
        records.map((r) => `MX ${r.preference} ${r.exchange || '.'}`),
      ),
    );
  }
  const literals = named.filter((r) => isIpLiteral(r.exchange));
  if (literals.length > 0) {
    findings.push(
      mxFinding(
        'mx-ip-literal',
        literals.map((r) => `MX ${r.preference} ${r.exchange}`),
      ),
    );
  }
  const dangling = hosts.filter((h) => h.resolves === false);
  if (dangling.length > 0) {
    findings.push(
      mxFinding(
        dangling.length === hosts.length ? 'mx-all-dangling' : 'mx-dangling',
        dangling.map((h) => `MX ${h.preference} ${h.exchange}: no A or AAAA record`),
      ),
    );
  }
  const unknown = hosts.filter((h) => h.resolves === null);
  if (unknown.length > 0) {
    const evidence = unknown
      .flatMap((h) => [exchange(capture, h.exchange, 'A'), exchange(capture, h.exchange, 'AAAA')])
      .flatMap((x) => (x ? [describeExchange(x)] : []));
    findings.push(
      mxFinding(
        'mx-host-unresolved',
        evidence.length > 0
          ? evidence
          : unknown.map((h) => `${h.exchange}: not looked up (more than ${MAX_MX_HOSTS_CHECKED} MX hosts)`),
      ),
    );
  }
  const aliases = hosts.filter((h) => h.alias);
  if (aliases.length > 0) {
    findings.push(
      mxFinding(
        'mx-cname',
        aliases.map((h) => `${h.exchange} is a CNAME`),
      ),
    );
  }
  const counts = new Map<string, number>();
  const repeated: string[] = []; // in the order of their second appearance
  for (const { exchange: name } of named) {
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (count === 2) repeated.push(name);
  }
  if (repeated.length > 0) {
    findings.push(
      mxFinding(
        'mx-duplicate-host',
        repeated.map((name) => `${name} appears ${counts.get(name)} times`),
      ),
    );
  }
  if (records.length > 10) {
    findings.push(mxFinding('mx-many', [`${records.length} MX records`]));
  }
  return findings;
}

export function analyzeMx(capture: EmailSecurityCapture, noMail = sendsNoMail(capture)): MxSection {
  const result = exchange(capture, capture.domain, 'MX');
  const facts = readMxFacts(capture);
  const records = mxRecords(result);
  const shown = records.map((r) => `${r.preference} ${r.exchange || '.'}`);
  if (!result || isDnsFailure(result)) {
    return {
      status: 'error',
      summary: 'The MX records could not be looked up.',
      records: [],
      findings: [mxFinding('mx-lookup-failed', [lookupEvidence(result, `${capture.domain} MX`)])],
      facts,
      hosts: [],
    };
  }
  if (facts.state === 'none') {
    if (result.outcome === 'nxdomain') {
      return {
        status: 'fail',
        summary: `${capture.domain} does not exist in DNS.`,
        records: [],
        findings: [mxFinding('mx-domain-missing', [describeExchange(result)])],
        facts,
        hosts: [],
      };
    }
    const found = mxFinding(noMail ? 'mx-none-parked' : 'mx-none', [describeExchange(result)]);
    return {
      status: 'warn',
      summary: 'The domain publishes no MX records, so senders deliver to its A/AAAA address (implicit MX).',
      records: [],
      findings: [found],
      facts,
      hosts: [],
    };
  }
  if (facts.state === 'null-mx') {
    const record = records[0]!;
    const findings = [mxFinding('mx-null', [`MX ${record.preference} .`])];
    const spf = spfRecordIn(apexTxtIn(capture));
    if (spf !== null && !spfSendsNothing(spf))
      findings.push(
        mxFinding('mx-null-with-senders', [`MX ${record.preference} .`, `${capture.domain} TXT: ${quoteRecord(spf)}`]),
      );
    if (record.preference !== 0) findings.push(mxFinding('mx-null-preference', [`MX ${record.preference} .`]));
    return {
      status: statusFromFindings(findings),
      summary: 'The domain publishes a null MX: it accepts no mail.',
      records: shown,
      findings,
      facts,
      hosts: [],
    };
  }
  const hosts = records
    .filter((r) => !isNullTarget(r.exchange) && !isIpLiteral(r.exchange))
    .map((r) => hostReport(capture, r));
  const findings = mailFindings(capture, records, hosts);
  const dangling = hosts.filter((h) => h.resolves === false).length;
  const broken = findings.some((f) => f.id === 'mx-all-dangling' || f.id === 'mx-null-mixed');
  const status = broken ? 'fail' : statusFromFindings(findings);
  const summary = broken
    ? 'The MX records cannot deliver mail as published.'
    : dangling > 0
      ? `${dangling} of ${hosts.length} MX hosts have no address.`
      : `${hosts.length} mail host${hosts.length === 1 ? '' : 's'}` +
        `${hosts.every((h) => h.resolves) ? ', all with addresses' : ''}.`;
  return { status, summary, records: shown, findings, facts, hosts };
}
