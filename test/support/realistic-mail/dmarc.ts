/** Realistic mail domains, DMARC: policies, typos and how receivers fall back, repeated tags, inheritance. */
import { googleDomain, txt, type RealisticMailDomain } from './model.ts';

export const DMARC_DOMAINS: RealisticMailDomain[] = [
  // --- DMARC ----------------------------------------------------------------------------------
  {
    domain: 'no-dmarc.test',
    title: 'Google Workspace without any DMARC record',
    zones: googleDomain('no-dmarc.test', { spf: 'v=spf1 include:_spf.google.com -all', dmarc: null }),
    expected: {
      grades: ['D', 'D-', 'F'],
      reason: 'Without DMARC receivers apply no policy to spoofed From: addresses: at most D.',
      findings: [{ id: 'dmarc-missing', severity: 'high' }],
    },
  },
  {
    domain: 'rua-typo.test',
    title: 'DMARC p=reject whose rua list uses ";" instead of "," between addresses',
    zones: googleDomain('rua-typo.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; rua=mailto:dmarc@rua-typo.test;mailto:reports@dmarc-vendor.test',
    }),
    expected: {
      grades: ['A+', 'A', 'A-', 'B+'],
      reason:
        'RFC 9989: receivers discard the malformed "mailto:…" segment and apply the rest, so p=reject ' +
        'is in force; worth a finding, not a lost DMARC record.',
      facts: [
        { path: 'sections.dmarc.facts.valid', equals: true },
        { path: 'sections.dmarc.facts.policy', equals: 'reject' },
      ],
    },
  },
  {
    domain: 'rejcet.test',
    title: 'DMARC p=rejcet (typo) with a valid rua',
    zones: googleDomain('rejcet.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=rejcet; rua=mailto:dmarc@rejcet.test',
    }),
    expected: {
      grades: ['D', 'D-'],
      reason:
        'An invalid p= with a valid rua= is applied as p=none (RFC 9989 §4.7): monitoring only, so anyone can ' +
        'send as the domain: at most D, below any misconfiguration under enforcement.',
      findings: [{ id: 'dmarc-policy-invalid' }],
      facts: [{ path: 'sections.dmarc.facts.policy', equals: 'none' }],
    },
  },
  {
    domain: 'sp-bogus.test',
    title: 'DMARC p=reject with sp=bogus',
    zones: googleDomain('sp-bogus.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; sp=bogus; rua=mailto:dmarc@sp-bogus.test',
    }),
    expected: {
      grades: ['D', 'D-'],
      reason:
        'RFC 9989 §4.10.1: an invalid sp= makes receivers act as if the record were "p=none" (it has a valid ' +
        'rua), so the reject policy is lost: graded as p=none (at most D), flagged high.',
      findings: [{ id: 'dmarc-policy-invalid', severity: 'high' }],
      facts: [
        { path: 'sections.dmarc.facts.policy', equals: 'none' },
        { path: 'sections.dmarc.facts.subdomainPolicy', equals: 'none' },
      ],
    },
  },
  {
    domain: 'double-p.test',
    title: 'DMARC with the policy tag twice: p=reject; p=none',
    zones: googleDomain('double-p.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; p=none; rua=mailto:dmarc@double-p.test',
    }),
    expected: {
      grades: ['D', 'D-'],
      reason:
        'A repeated tag invalidates the tag list DMARC adopts from DKIM (RFC 9989 §4.7, RFC 6376 §3.2) and ' +
        'receivers that read it anyway disagree on the winner: no DMARC policy can be relied on (at most D).',
      findings: [{ id: 'dmarc-tag-duplicate', severity: 'high' }],
    },
  },
  {
    domain: 'monitoring.test',
    title: 'DMARC p=none with reports',
    zones: googleDomain('monitoring.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=none; rua=mailto:dmarc@monitoring.test',
    }),
    expected: {
      grades: ['D', 'D-'],
      reason:
        'p=none only monitors: anyone can send as the exact domain, as without DMARC, so it ranks below ' +
        'a domain that only risks some of its own deliverability: at most D.',
      findings: [{ id: 'dmarc-policy-none', severity: 'medium' }],
    },
  },
  {
    domain: 'pct-ten.test',
    title: 'DMARC p=quarantine; pct=10 (rollout stuck at 10 %)',
    zones: googleDomain('pct-ten.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=quarantine; pct=10; rua=mailto:dmarc@pct-ten.test',
    }),
    expected: {
      grades: ['B+', 'B', 'B-', 'C+'],
      reason:
        'RFC 7489 receivers quarantine only 10 % of failing mail and apply none to the rest: closer to ' +
        'p=none than to quarantine, like t=y, which the model counts one step weaker.',
      findings: [{ id: 'dmarc-pct-partial', severity: 'medium' }],
    },
  },
  {
    domain: 'strict-align.test',
    title: 'DMARC p=reject with strict alignment adkim=s; aspf=s',
    zones: googleDomain('strict-align.test', {
      spf: 'v=spf1 include:_spf.google.com -all',
      dmarc: 'v=DMARC1; p=reject; adkim=s; aspf=s; rua=mailto:dmarc@strict-align.test',
    }),
    expected: {
      grades: ['A+', 'A', 'A-'],
      reason: 'Strict alignment is a deliberate hardening choice and must not cost points.',
      findings: [{ section: 'dmarc', severity: 'high', present: false }],
      facts: [{ path: 'sections.dmarc.facts.policy', equals: 'reject' }],
    },
  },
  {
    domain: 'parish-council.gov.uk',
    title: 'No own DMARC record; the policy comes from the public suffix gov.uk (psd=y)',
    zones: {
      ...googleDomain('parish-council.gov.uk', { spf: 'v=spf1 include:_spf.google.com -all', dmarc: null }),
      '_dmarc.gov.uk': [txt('v=DMARC1; p=reject; sp=reject; psd=y; rua=mailto:dmarc-rua@dmarc.service.gov.test')],
      // The report destination agrees to receive gov.uk's reports (RFC 9990 §3.2.3).
      'gov.uk._report._dmarc.dmarc.service.gov.test': [txt('v=DMARC1')],
    },
    expected: {
      grades: ['A', 'A-', 'B+', 'B'],
      reason:
        'RFC 9989 receivers apply the inherited reject policy, but RFC 7489 receivers find none; ' +
        'protected, though it should publish its own record.',
      findings: [{ id: 'dmarc-inherited', severity: 'medium' }],
      facts: [
        { path: 'sections.dmarc.facts.source', equals: 'public-suffix' },
        { path: 'sections.dmarc.facts.policy', equals: 'reject' },
      ],
    },
  },
];
