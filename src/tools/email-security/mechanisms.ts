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
export { retrieveMx, analyzeMx, receivesNoMail, sendsNoMail } from './mx.ts';
export { retrieveApexTxt } from './sender-hints.ts';
export { retrieveDmarc } from './dmarc/retrieve.ts';
export { analyzeDmarc } from './dmarc/analyze.ts';
export { retrieveDkim } from './dkim/retrieve.ts';
export { analyzeDkim } from './dkim/analyze.ts';
export { retrieveMtaSts } from './mta-sts/retrieve.ts';
export { analyzeMtaSts } from './mta-sts/analyze.ts';
export { retrieveTlsRpt, analyzeTlsRpt } from './tls-rpt.ts';
export { retrieveBimi, analyzeBimi } from './bimi.ts';
export { retrieveDnssec, analyzeDnssec } from './dnssec.ts';
