/** Realistic mail domains, SPF: permerror variants (at most C), +all and its equivalents (F), weak policies. */
import { AT_MOST_C, CRITICAL_SPF, F, a, googleDomain, txt, type RealisticMailDomain } from './model.ts';

export const SPF_DOMAINS: RealisticMailDomain[] = [
  // --- SPF permerror: at most C ------------------------------------------------------------------
  {
    domain: 'overstuffed-spf.test',
    title: 'SPF permerror: six marketing includes add up to 11 lookups',
    zones: googleDomain('overstuffed-spf.test', {
      spf:
        'v=spf1 include:_spf.google.com include:spf.protection.outlook.com include:sendgrid.net ' +
        'include:mailgun.org include:servers.mcsv.net include:_spf.salesforce.com ~all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'Lookup 11 is the Salesforce include: receivers return permerror, so SPF is broken (at most C).',
      findings: [{ id: 'spf-too-many-lookups', severity: 'high' }],
      facts: [
        { path: 'sections.spf.facts.permerror.reason', equals: 'too-many-lookups' },
        { path: 'sections.spf.facts.lookups', equals: 11 },
      ],
    },
  },
  {
    domain: 'void-lookups.test',
    title: 'SPF permerror: three a: mechanisms name relays that no longer exist',
    zones: googleDomain('void-lookups.test', {
      spf:
        'v=spf1 a:relay1.void-lookups.test a:relay2.void-lookups.test a:relay3.void-lookups.test ' +
        'include:_spf.google.com -all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'The third lookup that finds nothing is a permerror (RFC 7208 §4.6.4): at most C.',
      findings: [{ id: 'spf-too-many-void-lookups', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'too-many-void-lookups' }],
    },
  },
  {
    domain: 'dead-include.test',
    title: 'SPF permerror: include of a provider domain that does not exist',
    zones: googleDomain('dead-include.test', {
      spf: 'v=spf1 include:_spf.google.com include:spf.defunct-esp.test ~all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'An include whose target has no SPF record is a permerror for every sender after it: at most C.',
      findings: [{ id: 'spf-include-missing', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'include-missing' }],
    },
  },
  {
    domain: 'two-spf.test',
    title: 'SPF permerror: a second v=spf1 record added for a new provider',
    zones: googleDomain('two-spf.test', {
      spf: ['v=spf1 include:_spf.google.com ~all', 'v=spf1 include:sendgrid.net -all'],
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'Two SPF records are a permerror (RFC 7208 §4.5): neither applies, at most C.',
      findings: [{ id: 'spf-multiple-records', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'multiple-records' }],
    },
  },
  {
    domain: 'typo-spf.test',
    title: 'SPF permerror: ip4 address with an octet over 255',
    zones: googleDomain('typo-spf.test', {
      spf: 'v=spf1 ip4:198.51.100.300 include:_spf.google.com -all',
    }),
    expected: {
      grades: AT_MOST_C,
      reason: 'A syntax error makes the whole record a permerror: at most C.',
      findings: [{ id: 'spf-syntax-error', severity: 'high' }],
      facts: [{ path: 'sections.spf.facts.permerror.reason', equals: 'syntax' }],
    },
  },

  // --- +all and its equivalents: F -------------------------------------------------------------
  {
    domain: 'plus-all.test',
    title: 'SPF ends in +all',
    zones: googleDomain('plus-all.test', { spf: 'v=spf1 include:_spf.google.com +all' }),
    expected: {
      grades: F,
      reason: '+all lets every host on the internet pass SPF as this domain: F.',
      findings: [{ id: 'spf-plus-all', severity: 'critical' }],
    },
  },
  {
    domain: 'all-ipv4.test',
    title: 'SPF ip4:0.0.0.0/0 (every IPv4 address)',
    zones: googleDomain('all-ipv4.test', { spf: 'v=spf1 include:_spf.google.com ip4:0.0.0.0/0 -all' }),
    expected: {
      grades: F,
      reason: 'ip4:0.0.0.0/0 authorises every IPv4 sender; the -all after it changes nothing: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },
  {
    domain: 'a-slash-zero.test',
    title: 'SPF a/0 (the web server address widened to every IPv4 address)',
    zones: googleDomain('a-slash-zero.test', {
      spf: 'v=spf1 a/0 include:_spf.google.com -all',
      apex: [a('203.0.113.80')],
    }),
    expected: {
      grades: F,
      reason: 'a/0 matches the /0 network around the A record, i.e. every IPv4 host: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },
  {
    domain: 'all-ipv6.test',
    title: 'SPF ip6:::/0 (every IPv6 address)',
    zones: googleDomain('all-ipv6.test', { spf: 'v=spf1 ip6:::/0 include:_spf.google.com -all' }),
    expected: {
      grades: F,
      reason: 'ip6:::/0 authorises every IPv6 sender, and any spammer can send over IPv6: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },
  {
    domain: 'include-plus-all.test',
    title: 'SPF includes a cheap mailer whose record is v=spf1 +all',
    zones: {
      ...googleDomain('include-plus-all.test', {
        spf: 'v=spf1 include:_spf.google.com include:spf.bulkmailer.test -all',
      }),
      'spf.bulkmailer.test': [txt('v=spf1 +all')],
    },
    expected: {
      grades: F,
      reason: 'The include passes for every host, so the domain authorises the whole internet: as bad as +all, F.',
      findings: [{ id: 'spf-include-passes-all', severity: 'critical' }],
    },
  },
  {
    domain: 'exists-always.test',
    title: 'SPF +exists: of a fixed name that always has an A record',
    zones: {
      ...googleDomain('exists-always.test', {
        spf: 'v=spf1 include:_spf.google.com +exists:spf-ok.exists-always.test -all',
      }),
      'spf-ok.exists-always.test': [a('127.0.0.2')],
    },
    expected: {
      grades: F,
      reason: 'exists: of a constant name that resolves matches every sender: as bad as +all, F.',
      findings: [CRITICAL_SPF],
    },
  },

  // --- Weak SPF terminal policies -------------------------------------------------------------
  {
    domain: 'neutral-all.test',
    title: 'SPF ?all with DMARC reject',
    zones: googleDomain('neutral-all.test', { spf: 'v=spf1 include:_spf.google.com ?all' }),
    expected: {
      grades: ['A-', 'B+', 'B', 'B-'],
      reason: '?all gives unlisted senders no verdict; DMARC reject still protects, so good but not excellent.',
      findings: [{ id: 'spf-neutral-all', severity: 'medium' }],
      facts: [{ path: 'sections.spf.facts.all', equals: '?' }],
    },
  },
  {
    domain: 'no-all.test',
    title: 'SPF without any all mechanism',
    zones: googleDomain('no-all.test', { spf: 'v=spf1 include:_spf.google.com' }),
    expected: {
      grades: ['A-', 'B+', 'B', 'B-'],
      reason: 'No all means neutral for unlisted senders, the same as ?all.',
      findings: [{ id: 'spf-no-all', severity: 'medium' }],
      facts: [{ path: 'sections.spf.facts.all', equals: null }],
    },
  },
];
