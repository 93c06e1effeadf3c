/**
 * Every email-security mechanism except SPF (spf/): a retrieve function that only asks DNS
 * through the scan's RecordingResolver (or fetches through the guarded fetch), and a pure
 * analyze function over the capture.
 *
 * Retrieval order:
 *   1. `retrieveMx` and `retrieveApexTxt` (the apex TXT is also SPF's first query; the resolver
 *      asks it once), in parallel;
 *   2. `retrieveDkim` with their results (MX hosts and SPF includes name the providers whose
 *      selectors to try); store its return value in `capture.selectors`;
 *   everything else in parallel with 1–2: `retrieveDmarc` (tree walk, then external report
 *   destinations), `retrieveMtaSts` (store its return value in `capture.mtaStsPolicy`),
 *   `retrieveTlsRpt`, `retrieveBimi`, `retrieveDnssec`.
 *
 * Analysis reads only the capture; `analyzeBimi` takes the DMARC section when it is at hand, and
 * the analyzers of what a domain without mail does not need take `sendsNoMail(capture)`.
 */
export { retrieveMx } from './mx/retrieve.ts';
export { analyzeMx } from './mx/analyze.ts';
export { receivesNoMail, sendsNoMail } from './mx/facts.ts';
export { retrieveApexTxt } from './sender-hints.ts';
export { retrieveDmarc } from './dmarc/retrieve.ts';
export { analyzeDmarc } from './dmarc/analyze.ts';
export { retrieveDkim } from './dkim/retrieve.ts';
export { analyzeDkim } from './dkim/analyze.ts';
export { retrieveMtaSts } from './mta-sts/retrieve.ts';
export { analyzeMtaSts } from './mta-sts/analyze.ts';
export { retrieveTlsRpt } from './tls-rpt/retrieve.ts';
export { analyzeTlsRpt } from './tls-rpt/analyze.ts';
export { retrieveBimi } from './bimi/retrieve.ts';
export { analyzeBimi } from './bimi/analyze.ts';
export { retrieveDnssec } from './dnssec/retrieve.ts';
export { analyzeDnssec } from './dnssec/analyze.ts';
