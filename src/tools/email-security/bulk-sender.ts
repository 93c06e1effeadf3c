/**
 * Readiness for the Google and Yahoo (Feb 2024) and Microsoft (May 2025) bulk-sender rules, as
 * far as DNS can show it: SPF and DKIM and a DMARC record of any policy. Alignment, PTR, TLS, spam
 * rate and one-click unsubscribe need real messages, so they are listed as not checkable here.
 */
import type { EmailFacts } from './grade.ts';
import type { BulkSenderReadiness } from './result-schema.ts';

export function bulkSenderReadiness(f: EmailFacts, parked = false): BulkSenderReadiness {
  const dkim =
    f.dkim.state === 'found'
      ? f.dkim.keys.some((k) => k.valid && !k.revoked)
      : f.dkim.state === 'likely-present'
        ? 'unknown'
        : false;
  const spf = f.spf.valid;
  const dmarc = f.dmarc.found && f.dmarc.valid;
  const keysFound = f.dkim.state === 'found' && f.dkim.keys.length > 0;
  const missing = parked
    ? []
    : [
        ...(spf ? [] : ['a valid SPF record']),
        ...(dkim === false
          ? [
              keysFound
                ? 'a usable DKIM key (the keys found are revoked, weak below 1024 bits or malformed)'
                : 'a DKIM key (none found at the checked selectors; pass yours in "selectors")',
            ]
          : []),
        ...(dmarc ? [] : ['a DMARC record (p=none is enough for the bulk-sender rules)']),
      ];
  return {
    ready: parked ? 'not-applicable' : missing.length > 0 ? false : dkim === 'unknown' ? 'unknown' : true,
    spf,
    dkim,
    dmarc,
    missing,
    notCheckableFromDns: [
      'SPF or DKIM alignment with the From: domain',
      'forward-confirmed reverse DNS (PTR) of the sending IPs',
      'TLS for transmission',
      'spam rate below 0.3 %',
      'one-click unsubscribe (RFC 8058) for marketing mail',
    ],
  };
}
