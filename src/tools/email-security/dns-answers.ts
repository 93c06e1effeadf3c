/**
 * Reading recorded DNS exchanges for analysis: what a name answered, whether the lookup
 * failed (SERVFAIL, time-out, error: "could not test") or the name is absent (NXDOMAIN, NODATA),
 * and a one-line description of an exchange to use as evidence.
 */
import { excerpt } from '../excerpt.ts';
import type { DnsExchange } from './capture.ts';

/** The lookup gave no usable verdict: SERVFAIL, no answer in time, or another error. */
export function isDnsFailure(exchange: DnsExchange | undefined): boolean {
  return (
    exchange !== undefined &&
    (exchange.outcome === 'servfail' || exchange.outcome === 'timeout' || exchange.outcome === 'error')
  );
}

/** The name answered that it has nothing of the type: NXDOMAIN or NODATA. */
export function isAbsent(exchange: DnsExchange | undefined): boolean {
  return exchange !== undefined && (exchange.outcome === 'nxdomain' || exchange.outcome === 'nodata');
}

/** The texts of the TXT records in an exchange (character-strings joined without separators). */
export function txtTexts(exchange: DnsExchange | undefined): string[] {
  if (!exchange) return [];
  return exchange.answers.flatMap((record) => (record.type === 'TXT' ? [record.text] : []));
}

/** A and AAAA addresses in an exchange. */
export function addressesIn(exchange: DnsExchange | undefined): string[] {
  if (!exchange) return [];
  return exchange.answers.flatMap((record) => (record.type === 'A' || record.type === 'AAAA' ? [record.address] : []));
}

/** e.g. `_dmarc.example.com TXT: NXDOMAIN`, `example.com MX: 2 records`, `x TXT: SERVFAIL (…)`. */
export function describeExchange(exchange: DnsExchange): string {
  const via = exchange.cnameChain.length > 0 ? ` (via CNAME ${exchange.cnameChain.join(' → ')})` : '';
  const head = `${exchange.name} ${exchange.type}${via}`;
  switch (exchange.outcome) {
    case 'answer':
      return `${head}: ${exchange.answers.length} record${exchange.answers.length === 1 ? '' : 's'}`;
    case 'nodata':
      return `${head}: no records (NOERROR, NODATA)`;
    case 'nxdomain':
      return `${head}: the name does not exist (NXDOMAIN)`;
    case 'servfail':
      return `${head}: SERVFAIL${exchange.error ? ` (${exchange.error})` : ''}`;
    case 'timeout':
      return `${head}: no answer in time`;
    case 'error':
    default:
      return `${head}: lookup failed${exchange.error ? ` (${exchange.error})` : ''}`;
  }
}

/** Quotes a published record for evidence, shortened when very long. */
export function quoteRecord(text: string, max = 300): string {
  return JSON.stringify(excerpt(text, max));
}
