/**
 * Mail providers recognisable from DNS, and the DKIM selectors they publish keys under. A
 * provider is detected when an MX host or an SPF include/redirect domain is one of its domains
 * or below one. Selectors some providers generate per customer (Amazon SES, Postmark,
 * Mimecast…) cannot be guessed; `note` says so.
 */
import { normalizeName } from '../../../net/dns-records.ts';

export interface MailProvider {
  name: string;
  /** Domains whose MX hosts (the domain or below it) mean the provider receives the mail. */
  mx: readonly string[];
  /** SPF include/redirect domains (the domain or below it) that mean the provider sends mail. */
  spf: readonly string[];
  selectors: readonly string[];
  note?: string;
}

const MAIL_PROVIDERS: readonly MailProvider[] = [
  {
    name: 'Google Workspace',
    mx: ['google.com', 'googlemail.com'],
    spf: ['_spf.google.com'],
    selectors: ['google'],
    note: 'the selector prefix is configurable in the admin console',
  },
  {
    name: 'Microsoft 365',
    mx: ['mail.protection.outlook.com', 'mx.microsoft'],
    spf: ['spf.protection.outlook.com'],
    selectors: ['selector1', 'selector2'],
  },
  {
    name: 'Amazon SES',
    mx: [],
    spf: ['amazonses.com'],
    selectors: ['amazonses'],
    note: 'Easy DKIM selectors are random tokens and cannot be guessed',
  },
  { name: 'Mailgun', mx: ['mailgun.org'], spf: ['mailgun.org'], selectors: ['mx', 'k1', 'smtp', 'krs', 'mailo'] },
  { name: 'SendGrid', mx: [], spf: ['sendgrid.net'], selectors: ['s1', 's2', 'smtpapi'] },
  {
    name: 'Zoho Mail',
    mx: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au', 'zoho.jp', 'zohomail.com'],
    spf: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au', 'zoho.jp', 'zcsend.net'],
    selectors: ['zoho', 'zmail'],
  },
  {
    name: 'Proton Mail',
    mx: ['protonmail.ch'],
    spf: ['protonmail.ch'],
    selectors: ['protonmail', 'protonmail2', 'protonmail3'],
  },
  {
    name: 'Fastmail',
    mx: ['messagingengine.com', 'fastmail.com'],
    spf: ['messagingengine.com'],
    selectors: ['fm1', 'fm2', 'fm3'],
  },
  { name: 'Mailchimp', mx: [], spf: ['mcsv.net'], selectors: ['k1', 'k2', 'k3'] },
  { name: 'Mandrill', mx: [], spf: ['mandrillapp.com'], selectors: ['mandrill'] },
  {
    name: 'Postmark',
    mx: [],
    spf: ['mtasv.net'],
    selectors: ['pm'],
    note: 'newer Postmark selectors carry a date (e.g. 20240101000000pm) and cannot be guessed',
  },
  { name: 'Mailjet', mx: [], spf: ['mailjet.com'], selectors: ['mailjet'] },
  { name: 'Brevo (Sendinblue)', mx: [], spf: ['sendinblue.com', 'brevo.com'], selectors: ['mail', 'brevo1', 'brevo2'] },
  { name: 'HubSpot', mx: [], spf: ['hubspotemail.net'], selectors: ['hs1', 'hs2'] },
  { name: 'Zendesk', mx: [], spf: ['mail.zendesk.com'], selectors: ['zendesk1', 'zendesk2'] },
  { name: 'Campaign Monitor', mx: [], spf: ['createsend.com'], selectors: ['cm'] },
  { name: 'iCloud Mail', mx: ['icloud.com'], spf: ['icloud.com'], selectors: ['sig1'] },
  { name: 'Yandex 360', mx: ['yandex.net', 'yandex.ru'], spf: ['yandex.net'], selectors: ['mail'] },
  {
    name: 'Mimecast',
    mx: ['mimecast.com'],
    spf: ['mimecast.com'],
    selectors: [],
    note: 'Mimecast selectors are chosen per customer and cannot be guessed',
  },
];

const under = (name: string, domains: readonly string[]) => domains.some((d) => name === d || name.endsWith(`.${d}`));

/** Providers seen in the MX host names or SPF include/redirect domains, in table order. */
export function detectProviders(mxHosts: string[], spfDomains: string[]): MailProvider[] {
  const mx = mxHosts.map(normalizeName);
  const spf = spfDomains.map(normalizeName);
  return MAIL_PROVIDERS.filter((p) => mx.some((h) => under(h, p.mx)) || spf.some((d) => under(d, p.spf)));
}
