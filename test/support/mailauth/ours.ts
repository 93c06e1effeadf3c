/**
 * Our side of the differential: each family's verdict as the project's parsers reach it, mapped
 * to the common shape of cases.ts. The ONE place that knows our parsers' output: when their
 * internals change, only this file follows.
 */
import type { DnsExchange } from '../../../src/tools/email-security/capture.ts';
import { analyzeBimi } from '../../../src/tools/email-security/bimi/analyze.ts';
import { parseDkimKeyRecord } from '../../../src/tools/email-security/dkim/key-record.ts';
import { analyzeDmarc } from '../../../src/tools/email-security/dmarc/analyze.ts';
import { classifyDmarcText } from '../../../src/tools/email-security/dmarc/parse.ts';
import { parseStsPolicy, uncoveredMx } from '../../../src/tools/email-security/mta-sts/policy.ts';
import { isStsRecord, parseStsRecord } from '../../../src/tools/email-security/mta-sts/record.ts';
import type { SpfQueryType } from '../../../src/tools/email-security/spf/model.ts';
import { buildSpfTree } from '../../../src/tools/email-security/spf/tree.ts';
import { judgeSpf } from '../../../src/tools/email-security/spf/verdict.ts';
import { addresses, captureOf, mx, nodata, nxdomain, txt } from '../email-capture-builder.ts';
import type { Case, Verdict, Zone } from './cases.ts';

/** What our SPF tree builder reads: the zone's answer as a recorded exchange. */
function zoneLookup(zone: Zone): (name: string, type: SpfQueryType) => DnsExchange {
  return (queried, type) => {
    const name = queried.toLowerCase().replace(/\.$/, '');
    const rrs = Object.hasOwn(zone, name) ? zone[name] : undefined;
    if (!rrs) return nxdomain(name, type);
    switch (type) {
      case 'TXT':
        return rrs.TXT?.length ? txt(name, ...rrs.TXT) : nodata(name, type);
      case 'A':
      case 'AAAA':
        return rrs[type]?.length ? addresses(name, type, ...rrs[type]) : nodata(name, type);
      case 'MX':
        return rrs.MX?.length
          ? mx(name, ...rrs.MX.map((m): [number, string] => [m.priority, m.exchange]))
          : nodata(name, type);
    }
  };
}

function spfVerdict(domain: string, zone: Zone): Verdict {
  const tree = buildSpfTree(domain, zoneLookup(zone));
  const judged = judgeSpf(tree);
  if (tree.root.state === 'no-record') return { result: 'none', limit: false, lookups: null, voids: null };
  const overflow = judged.lookupOverflow;
  // The limit ends evaluation only if no permerror came first (for a client IP matching nothing).
  // An include or redirect loop is cut by that limit too (RFC 7208 §4.6.4); we just see it sooner.
  const loop = judged.permerror?.reason === 'loop';
  const limit =
    loop || (overflow !== null && (judged.permerror === null || judged.permerror.order >= overflow.at.order));
  const result =
    limit || judged.permerror ? 'permerror' : judged.temperrors.length > 0 || !tree.complete ? 'temperror' : 'ok';
  return {
    result,
    limit,
    lookups: result === 'ok' ? tree.lookups : limit ? 11 : null,
    voids: result === 'ok' ? tree.voidLookups : null,
  };
}

function dmarcVerdict(text: string): Verdict {
  if (classifyDmarcText(text) !== 'dmarc') return { selected: false };
  // The policies as the analysis applies them (sp defaults to p, np to sp; the §4.10.1 fallback).
  const section = analyzeDmarc(captureOf('example.com', [txt('_dmarc.example.com', text)]));
  const { facts, record } = section;
  if (!facts.valid || record === null) return { selected: false };
  return {
    selected: true,
    p: facts.policy,
    sp: facts.subdomainPolicy,
    np: facts.nonExistentPolicy,
    adkim: record.adkim,
    aspf: record.aspf,
    rua: facts.aggregateReports,
  };
}

function dkimVerdict(text: string): Verdict {
  const record = parseDkimKeyRecord(text);
  // Revoked: p= empty in a well-formed tag-list, whatever the other tags say.
  const wellFormed = !record.problems.some((p) => p.id === 'dkim-record-syntax' || p.id === 'dkim-tag-duplicate');
  if (!record.valid || record.revoked) return { usable: false, revoked: record.revoked && wellFormed };
  return { usable: true, revoked: false, keyType: record.keyType, testing: record.testing };
}

function stsRecordVerdict(text: string): Verdict {
  const record = isStsRecord(text) ? parseStsRecord(text) : null;
  return record?.valid ? { valid: true, id: record.id } : { valid: false, id: null };
}

function stsPolicyVerdict(text: string): Verdict {
  const policy = parseStsPolicy(text);
  if (!policy.valid) return { valid: false };
  return { valid: true, mode: policy.mode, maxAge: policy.maxAge, mx: [...new Set(policy.mx)].sort() };
}

function stsMxVerdict(text: string, host: string): Verdict | null {
  const policy = parseStsPolicy(text);
  if (!policy.valid || policy.mode === 'none') return null;
  return { matches: uncoveredMx(policy.mx, [host]).length === 0 };
}

function bimiVerdict(text: string): Verdict {
  const capture = captureOf('example.com', [
    mx('example.com', [10, 'mx.example.com']),
    txt('_dmarc.example.com', 'v=DMARC1; p=reject'),
    txt('default._bimi.example.com', text),
  ]);
  const { record } = analyzeBimi(capture);
  if (record === null) return { verdict: 'none' };
  if (!record.valid) return { verdict: 'invalid' };
  if (record.declined) return { verdict: 'declined' };
  return { verdict: 'valid', l: record.location, a: record.authority };
}

/** Our verdict on the case; null when the family does not apply to it (an mx check without a usable policy). */
export function ourVerdict(c: Case): Verdict | null {
  switch (c.family) {
    case 'spf':
      return spfVerdict(c.domain, c.zone);
    case 'dmarc':
      return dmarcVerdict(c.record);
    case 'dkim':
      return dkimVerdict(c.record);
    case 'mta-sts-record':
      return stsRecordVerdict(c.record);
    case 'mta-sts-policy':
      return stsPolicyVerdict(c.policy);
    case 'mta-sts-mx':
      return stsMxVerdict(c.policy, c.host);
    case 'bimi':
      return bimiVerdict(c.record);
  }
}
