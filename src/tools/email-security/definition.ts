import { GRADE_SCALE } from '../grading.ts';
import { asciiHostname } from '../../net/host-text.ts';
import type { PublicSuffixList } from '../../net/site-domain.ts';
import type { TargetParse, ToolDefinition } from '../tool.ts';

function parseApexDomain(raw: string, suffixes: PublicSuffixList): TargetParse {
  const looksLikeUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) || /[/@]/.test(raw);
  const candidate = looksLikeUrl ? hostFromUrlish(raw) : raw;
  const host = candidate === null ? null : asciiHostname(candidate);
  if (host === null)
    return {
      ok: false,
      detail: `"target" must be a domain name such as example.com; got ${JSON.stringify(raw.slice(0, 100))}.`,
    };
  const info = suffixes.parse(host, { allowPrivateDomains: false });
  if (info.isIp)
    return { ok: false, detail: '"target" is an IP address; email authentication records belong to a domain.' };
  const apex = info.domain;
  if (!apex || !info.publicSuffix) {
    return {
      ok: false,
      detail: `"${host}" is a public suffix or has no registrable domain; give the domain you own below it.`,
    };
  }
  if (looksLikeUrl || host !== apex) {
    const given = looksLikeUrl ? 'a URL or address' : 'a subdomain';
    return {
      ok: false,
      detail: `"target" must be an apex (registrable) domain, not ${given}.`,
      hint: `use ${apex}`,
    };
  }
  return { ok: true, target: apex, quotaKey: apex, badge: { domain: apex, feeds: true } };
}

function hostFromUrlish(raw: string): string | null {
  try {
    const url = new URL(/:\/\//.test(raw) ? raw : `mailto:${raw}`);
    if (url.protocol === 'mailto:') return url.pathname.split('@').pop() ?? null;
    return url.hostname;
  } catch {
    return null;
  }
}

export const emailSecurityDefinition: ToolDefinition<'email-security'> = {
  name: 'email-security',
  title: 'Email authentication (SPF, DMARC, DKIM, MTA-STS, TLS-RPT, BIMI, DNSSEC)',
  description:
    "Grades a domain's email authentication DNS records: SPF (syntax and lookup limits), " +
    'DMARC (policy strength and reporting), DKIM (common and provider selectors), ' +
    'MX, MTA-STS, TLS-RPT, BIMI and DNSSEC. ' +
    'Non-intrusive: DNS queries and the MTA-STS policy file only.',
  targetDescription:
    'An apex (registrable) domain such as example.com, at most 2,048 characters; ' +
    'IDNs are accepted and converted to punycode. ' +
    'Subdomains, URLs and IP addresses are refused with a hint naming the apex to use.',
  targetExamples: ['example.com'],
  gradeScale: GRADE_SCALE,
  scoreRange: {
    min: 0,
    max: 100,
    note:
      'DMARC 35, SPF 30, DKIM 25, transport and extras 10; what does not apply is dropped and the rest rescaled; ' +
      'some facts cap the grade (p=none or no DMARC at D, an SPF error at C: the guide lists them). ' +
      'Same letter chart as security-headers.',
  },
  parseTarget: parseApexDomain,
  badgeTargets: (domain) => [domain],
};
